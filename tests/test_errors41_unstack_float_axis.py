"""tf.unstack / keras.ops.unstack with a float axis, as TF 2.21 reads it (tf.unstack's own Python).

Printed by TF 2.21:
    tf.unstack(tf.ones((2, 3)), axis=1.0)            -> TypeError: list indices must be integers or slices, not float
    tf.unstack(tf.ones((2, 3)), axis=np.float32(1))  -> ... not numpy.float32
    tf.unstack(tf.ones((2, 3)), axis=5.0)            -> ValueError: Argument `axis` = 5.0 not in range [-2, 2)
    len(tf.unstack(tf.ones((2, 3)), num=3, axis=1.0)) -> 3
    keras.ops.unstack(np.ones((2, 3)), axis=1.0)     -> the TypeError above
"""
import numpy as np
import pytest

import framework as tf
from framework import keras


def test_a_float_axis_without_num_indexes_the_dims_list():
    x = tf.ones((2, 3))
    with pytest.raises(TypeError, match='^list indices must be integers or slices, not float(\n|$)'):
        tf.unstack(x, axis=1.0)
    with pytest.raises(TypeError, match='^list indices must be integers or slices, not numpy.float32(\n|$)'):
        tf.unstack(x, axis=np.float32(1.0))
    with pytest.raises(ValueError, match=r'^Argument `axis` = 5.0 not in range \[-2, 2\)(\n|$)'):
        tf.unstack(x, axis=5.0)
    with pytest.raises(TypeError, match='^list indices must be integers or slices, not float(\n|$)'):
        keras.ops.unstack(np.ones((2, 3), 'float32'), axis=1.0)


def test_a_float_axis_with_num_is_taken_as_an_int():
    parts = tf.unstack(tf.reshape(tf.range(6.0), (2, 3)), num=3, axis=1.0)
    assert [p.numpy().tolist() for p in parts] == [[0.0, 3.0], [1.0, 4.0], [2.0, 5.0]]
