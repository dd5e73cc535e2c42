"""tf.fill's eager kernel takes a value of one element along one axis as its scalar (TF 2.21's Fill:
tf.fill([2], [1]) is [1 1]); other shapes keep Fill's error, and the value's gradient is the scalar sum."""
import numpy as np
import pytest

import framework as tf
from framework.errors import InvalidArgumentError


@pytest.mark.parametrize('dims, value, expected, dtype', [
    ([2], [1], [1, 1], 'int32'),
    ([2, 2], [1.5], [[1.5, 1.5], [1.5, 1.5]], 'float32'),
    ([2], np.array([3]), [3, 3], 'int64'),
    ([2], tf.constant([4]), [4, 4], 'int32'),
    ([], [1], 1, 'int32'),
    ([0], [1], [], 'int32'),
])
def test_one_element_vector_value(dims, value, expected, dtype):
    out = tf.fill(dims, value)
    assert out.dtype.name == dtype and out.numpy().tolist() == expected


@pytest.mark.parametrize('value, shown', [([[1]], '1,1'), ([1, 2], '2')])
def test_other_shapes_keep_fills_error(value, shown):
    with pytest.raises(InvalidArgumentError) as err:
        tf.fill([2], value)
    assert 'value must represent a scalar, got shape [%s] [Op:Fill]' % shown in str(err.value)


def test_gradient_of_a_one_element_value_is_the_scalar_sum():
    v = tf.Variable([2.0])
    with tf.GradientTape() as tape:
        y = tf.fill([3], v) * tf.constant([1.0, 2.0, 3.0])
    grad = tape.gradient(y, v)
    # TF 2.21: shape=() 6.0 (Fill's gradient sums, whatever the value's shape)
    assert y.numpy().tolist() == [2.0, 4.0, 6.0]
    assert grad.shape == () and float(grad) == 6.0
