"""keras.ops.stack given one tensor (not a list): Keras's TF backend ends in tf.stack(x), which converts the
tensor along axis 0 and returns it as it is. TF 2.21 (/tmp/e40_stack.py): keras.ops.stack(tf.ones([0, 2])).shape
(0, 2), of np.ones((0, 2)) (0, 2), of tf.ones([3, 2]) (3, 2), of tf.ones([2, 0]) (2, 0); tapeflow stacked the
rows and gave (0,) for no rows (errors38's left item)."""
import numpy as np
import pytest

import framework as tf
from framework import keras


@pytest.mark.parametrize('value, shape', [
    (tf.ones([0, 2]), (0, 2)), (np.ones((0, 2)), (0, 2)), (tf.ones([3, 2]), (3, 2)), (tf.ones([2, 0]), (2, 0)),
])
def test_one_tensor_comes_back_as_it_is(value, shape):
    assert tuple(keras.ops.stack(value).shape) == shape


def test_a_list_is_still_stacked():
    assert tuple(keras.ops.stack([tf.ones([2]), tf.zeros([2])]).shape) == (2, 2)
    assert tuple(keras.ops.stack([tf.ones([2]), tf.zeros([2])], axis=1).shape) == (2, 2)
