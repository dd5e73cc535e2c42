"""tf.unstack with a bool or numpy non-integer axis, as TF 2.21's array_ops.unstack reads it: it indexes the
shape's list of dims with the axis, so True is axis 1, while np.bool_(True) and np.array(1.0) fail there with
Python's TypeError. tapeflow refused all three ('unstack: an axis must be an integer (or a list of them)').

Printed by TF 2.21 (notes/progs/errors42/redax.py), x = np.arange(6, dtype='float32').reshape(2, 3):
    tf.unstack(x, axis=True)[0]            -> [0., 3.]
    tf.unstack(x, axis=np.bool_(True))     -> TypeError 'list indices must be integers or slices, not numpy.bool'
    tf.unstack(x, axis=np.array(1.0))      -> TypeError 'only integer scalar arrays can be converted to a scalar index'
"""
import numpy as np
import pytest

import framework as tf

X = np.arange(6, dtype='float32').reshape(2, 3)


def test_true_is_axis_one():
    parts = tf.unstack(X, axis=True)
    assert len(parts) == 3 and parts[0].numpy().tolist() == [0., 3.]
    assert tf.unstack(X, axis=False)[1].numpy().tolist() == [3., 4., 5.]


@pytest.mark.parametrize('axis, text', [
    (np.bool_(True), 'list indices must be integers or slices, not numpy.bool'),
    (np.array(1.0), 'only integer scalar arrays can be converted to a scalar index'),
])
def test_numpy_axes_that_cannot_index(axis, text):
    with pytest.raises(TypeError) as caught:
        tf.unstack(X, axis=axis)
    assert str(caught.value) == text
    assert tf.unstack(X, axis=np.array(1))[0].numpy().tolist() == [0., 3.]
