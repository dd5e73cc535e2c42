"""The time-series tutorial's WindowGenerator.split_window calls ``inputs.set_shape([None, w, None])``
on eager tensors (its example window) and inside ``Dataset.map``. TensorFlow's eager tensors check
the shape and change nothing; messages below were printed by TensorFlow 2.21.
"""
import numpy as np
import pytest

import framework as tf


def _split_window(features, input_width=6, label_width=1):
    inputs = features[:, :input_width, :]
    labels = tf.stack([features[:, input_width:, 1]], axis=-1)
    inputs.set_shape([None, input_width, None])
    labels.set_shape([None, label_width, None])
    return inputs, labels


def test_split_window_on_an_eager_window_and_in_a_dataset_map():
    window = tf.stack([np.arange(35, dtype='float32').reshape(7, 5)] * 3)
    inputs, labels = _split_window(window)
    assert inputs.shape == (3, 6, 5) and labels.shape == (3, 1, 1)
    assert window.set_shape(tf.TensorShape([3, None, 5])) is None and window.set_shape(None) is None
    ds = tf.data.Dataset.from_tensor_slices(np.zeros((4, 7, 5), 'float32')).batch(2).map(_split_window)
    assert [tuple(t.shape) for t in next(iter(ds))] == [(2, 6, 5), (2, 1, 1)]


@pytest.mark.parametrize('shape, message', [
    ([None, 7, None], "Tensor's shape (3, 6, 5) is not compatible with supplied shape (None, 7, None)."),
    ([3, 6], "Tensor's shape (3, 6, 5) is not compatible with supplied shape (3, 6)."),
    ([None] * 4, "Tensor's shape (3, 6, 5) is not compatible with supplied shape (None, None, None, None)."),
])
def test_set_shape_refuses_an_incompatible_shape_with_tensorflows_message(shape, message):
    with pytest.raises(ValueError) as err:
        tf.zeros((3, 6, 5)).set_shape(shape)
    assert str(err.value) == message
