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


def test_nesting_a_sequential_built_on_other_shapes_raises_as_keras():
    # The augmentation tutorial: resize_and_rescale built on one image, data_augmentation on a batch of
    # the original size, then Sequential([resize_and_rescale, data_augmentation, ...]). TF 2.21 raised
    # "... Input 0 with name 'input_layer_1' of layer 'functional_1' is incompatible with the layer:
    # expected shape=(None, 10, 10, 3), found shape=(8, 8, 3) ..." when building it (probe_seq3.py).
    resize = keras.Sequential([keras.layers.Resizing(8, 8), keras.layers.Rescaling(1. / 255)])
    resize(np.ones((10, 10, 3), 'float32'))
    augment = keras.Sequential([keras.layers.RandomFlip('horizontal', seed=1)])
    augment(np.ones((1, 10, 10, 3), 'float32'))
    with pytest.raises(ValueError, match=r"of layer 'functional_\d+' is incompatible with the layer: expected "
                                         r"shape=\(None, 10, 10, 3\), found shape=\(8, 8, 3\)"):
        keras.Sequential([resize, augment, keras.layers.Flatten(), keras.layers.Dense(2)])
    with pytest.raises(ValueError, match=r'found shape=\(1, 8, 8, 3\)'):
        augment.compute_output_shape((1, 8, 8, 3))
    assert augment.compute_output_shape((5, 10, 10, 3)) == (5, 10, 10, 3)


def test_nesting_a_sequential_built_on_the_same_shape_builds():
    resize = keras.Sequential([keras.layers.Resizing(10, 10)])
    resize(np.ones((1, 10, 10, 3), 'float32'))
    augment = keras.Sequential([keras.layers.RandomFlip('horizontal', seed=1)])
    augment(np.ones((1, 10, 10, 3), 'float32'))
    model = keras.Sequential([resize, augment, keras.layers.Flatten(), keras.layers.Dense(2)])
    assert model.output_shape == (1, 2)      # TF 2.21: built at once, batch 1 kept from resize's build
