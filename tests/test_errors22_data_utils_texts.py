"""errors22: tf.data and keras.utils refusals in TF 2.21 / Keras 3.15's words (printed by TF 2.21,
/work/notes/progs/errors22/e5.py); tapeflow's own explanations stay as notes."""
import os

import numpy as np
import pytest

import framework as tf
from framework import keras


@pytest.mark.parametrize('args, count', [((1, 2, 3, 4), 4), ((), 0)])
def test_dataset_range_argument_count(args, count):
    with pytest.raises(ValueError) as caught:
        tf.data.Dataset.range(*args)
    assert str(caught.value) == 'Invalid `args`. The length of `args` should be between 1 and 3 but was %d.' % count


def test_to_categorical_of_a_tensor_without_num_classes():
    with pytest.raises(ValueError) as caught:
        keras.utils.to_categorical(tf.constant([0, 1]))
    assert str(caught.value) == ("Attempt to convert a value (None) with an unsupported type (<class 'NoneType'>) "
                                 "to a Tensor.")


@pytest.mark.parametrize('utility', ['image_dataset_from_directory', 'text_dataset_from_directory'])
def test_dataset_from_a_missing_directory(utility, tmp_path):
    missing = str(tmp_path / 'nope')
    with pytest.raises(FileNotFoundError) as caught:
        getattr(keras.utils, utility)(missing)
    assert str(caught.value) == "[Errno 2] No such file or directory: %r" % missing
    assert (caught.value.errno, caught.value.filename) == (2, missing)
    assert not os.path.exists(missing)


@pytest.mark.parametrize('utility', ['plot_model', 'model_to_dot'])
def test_drawing_an_unbuilt_model(utility):
    with pytest.raises(ValueError) as caught:
        getattr(keras.utils, utility)(keras.Sequential([keras.layers.Dense(2)]))
    assert str(caught.value) == ('This model has not yet been built. Build the model first by calling `build()` or '
                                 'by calling the model on a batch of data.')
