"""A Sequential built by a call refuses inputs of another rank, as Keras 3's Functional
(_adjust_input_rank) does on TF 2.21: the data augmentation tutorial's ``resize_and_rescale``
(built on a batch of one image) mapped over unbatched images raised
"Invalid input shape for input ... Expected shape (1, 10, 10, 3), but input has incompatible
shape (10, 10, 3)"; tapeflow ran it. Texts from TF 2.21 runs (progs/tutorials6/probe_seqshape.py);
a last axis of size 1 is still added or squeezed."""
import numpy as np
import pytest

from framework import keras


def _built():
    model = keras.Sequential([keras.layers.Rescaling(2.0)])
    model(np.ones((1, 2, 2), 'float32'))
    return model


def test_other_rank_raises_keras_value_error():
    model = _built()
    with pytest.raises(ValueError) as err:
        model(np.ones((1, 2), 'float32'))
    # TF 2.21: ... Invalid input shape for input [[1. 1.]] with name 'keras_tensor' and path ''. Expected shape
    # (1, 2, 2), but input has incompatible shape (1, 2) ...
    assert "Invalid input shape for input [[1. 1.]] with name '" in str(err.value)
    assert "' and path ''. Expected shape (1, 2, 2), but input has incompatible shape (1, 2)" in str(err.value)
    assert str(err.value).startswith('Exception encountered when calling Sequential.call().')


def test_same_rank_other_sizes_run_eagerly():
    model = _built()
    assert model(np.ones((3, 5, 2), 'float32')).shape == (3, 5, 2)     # TF 2.21 runs it too


def test_last_axis_of_one_is_still_matched():
    model = keras.Sequential([keras.layers.Dense(2)])
    model(np.ones((4, 1), 'float32'))
    assert model(np.ones((4,), 'float32')).shape == (4, 2)
    with pytest.raises(ValueError, match='incompatible shape'):
        model(np.ones((4, 1, 3), 'float32'))
