"""tf.eye / keras.ops.eye with Python bools as both sizes: TF 2.21's diagonal size np.minimum(True, True) is a
NumPy bool, which its ones() refuses (values printed by TF 2.21, progs/tutorials29/eye_bool.py)."""
import numpy as np
import pytest

import framework as tf
from framework import keras


@pytest.mark.parametrize('make, shown', [
    (lambda: tf.eye(True), 'np.True_'),
    (lambda: tf.eye(False), 'np.False_'),
    (lambda: tf.eye(True, True), 'np.True_'),
    (lambda: tf.eye(True, False), 'np.False_'),
    (lambda: keras.ops.eye(True), 'np.True_'),
    (lambda: keras.ops.identity(True), 'np.True_'),
])
def test_two_bool_sizes_are_refused_as_the_diagonal_shape(make, shown):
    with pytest.raises(TypeError) as caught:
        make()
    assert str(caught.value) == 'Cannot convert [%s] to EagerTensor of dtype int32' % shown


def test_two_bool_sizes_with_a_batch_shape_are_a_mixed_sequence():
    with pytest.raises(ValueError) as caught:
        tf.eye(True, batch_shape=[2])
    assert str(caught.value) == "Can't convert Python sequence with mixed types to Tensor."


def test_one_bool_size_beside_an_int_is_a_size_of_one():
    # np.minimum(2, True) is an integer, so TF builds the matrix
    assert tf.eye(2, True).numpy().tolist() == [[1.0], [0.0]]
    assert tf.eye(True, 2).numpy().tolist() == [[1.0, 0.0]]
    assert keras.ops.eye(True, 2).numpy().tolist() == [[1.0, 0.0]]
    assert keras.ops.eye(True, k=1).numpy().tolist() == [[0.0]]


def test_a_numpy_bool_size_is_not_an_integer():
    with pytest.raises(TypeError) as caught:
        keras.ops.eye(np.True_)
    assert str(caught.value) == ('Arguments `num_rows` and `num_columns` must be positive integer values. '
                                 'Received: num_rows=True, num_columns=True')
