"""tf.ragged.stack_dynamic_partitions: TensorFlow's rows, gradient and errors (printed by the same program under
/opt/tfref/bin/python); the gradient is also checked against central differences in float64."""
import numpy as np
import pytest

import framework as tf
from framework.errors import InvalidArgumentError

DATA = ['a', 'b', 'c', 'd', 'e']


def test_rows_are_tensorflows():
    rows = tf.ragged.stack_dynamic_partitions(DATA, [3, 0, 2, 2, 3], num_partitions=5)
    assert rows.to_list() == [[b'b'], [], [b'c', b'd'], [b'a', b'e'], []]
    matrix = tf.ragged.stack_dynamic_partitions(tf.constant([[1., 2.], [3., 4.], [5., 6.]]), [1, 0, 1], 2)
    assert matrix.to_list() == [[[3., 4.]], [[1., 2.], [5., 6.]]] and matrix.ragged_rank == 1
    assert tuple(matrix.shape) == (2, None, 2)
    nested = tf.ragged.stack_dynamic_partitions(tf.ragged.constant([[1, 2], [3], [4, 5, 6]]), [1, 1, 0], 2)
    assert nested.to_list() == [[[4, 5, 6]], [[1, 2], [3]]] and nested.ragged_rank == 2


def test_gradient_is_the_gathers():
    v = tf.Variable([1., 2., 3.])
    with tf.GradientTape() as tape:
        rows = tf.ragged.stack_dynamic_partitions(v, [1, 0, 1], 2)
        loss = tf.reduce_sum(rows.flat_values * tf.constant([1., 2., 3.]))
    np.testing.assert_array_equal(tf.convert_to_tensor(tape.gradient(loss, v)).numpy(), [2., 1., 3.])
    theoretical, numerical = tf.test.compute_gradient(
        lambda x: tf.ragged.stack_dynamic_partitions(x, [2, 0, 2, 1], 3).flat_values,
        [tf.constant([0.5, -1.0, 2.0, 3.5], tf.float64)])
    np.testing.assert_allclose(theoretical[0], numerical[0], rtol=1e-9, atol=1e-9)


@pytest.mark.parametrize('partitions, error, text', [
    ([5, 0, 0, 0, 0], InvalidArgumentError, 'partitions must be less than num_partitions\nCondition x < y did not hold.'),
    ([-1, 0, 0, 0, 0], InvalidArgumentError, 'partitions must be non-negative.'),
    ([0, 0], ValueError, 'Shapes (2,) and (5,) are incompatible'),
    ([[0]], ValueError, 'Shapes (1, 1) and (5,) are incompatible'),
])
def test_bad_partitions_raise_tensorflows_errors(partitions, error, text):
    with pytest.raises(error) as info:
        tf.ragged.stack_dynamic_partitions(DATA, partitions, 5)
    assert str(info.value).startswith(text)
