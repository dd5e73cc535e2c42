"""Shifts clamp the shift count into [0, bits - 1] as TensorFlow's LeftShift / RightShift kernels do
(tf.bitwise and keras.ops), and keras.ops.gcd / lcm refuse floats with Keras 3's TypeErrors.
Golden values: the same calls under TF 2.21 + Keras 3.15."""
import numpy as np
import pytest

import framework as tf
from framework.keras import ops

X = np.array([3, -2, 0, 7, 5, -9, 1, 1, -1], 'int32')
Y = np.array([1, -9, 5, 7, 0, -2, 3, 31, 40], 'int32')
SHIFTS = {
    'int32': ([6, -2, 0, 896, 5, -9, 8, -2147483648, -2147483648], [1, -2, 0, 0, 5, -9, 0, 0, -1]),
    'int8': ([6, -2, 0, -128, 5, -9, 8, -128, -128], [1, -2, 0, 0, 5, -9, 0, 0, -1]),
    'uint8': ([6, 0, 0, 128, 5, 128, 8, 128, 128], [1, 1, 0, 0, 5, 1, 0, 0, 1]),
    'int64': ([6, -2, 0, 896, 5, -9, 8, 2147483648, -1099511627776], [1, -2, 0, 0, 5, -9, 0, 0, -1]),
    'uint32': ([6, 0, 0, 896, 5, 2147483648, 8, 2147483648, 2147483648], [1, 1, 0, 0, 5, 1, 0, 0, 1]),
}


@pytest.mark.parametrize('dtype', sorted(SHIFTS))
def test_tf_bitwise_shifts_clamp_the_count(dtype):
    x, y = X.astype(dtype), Y.astype(dtype)
    left, right = SHIFTS[dtype]
    assert tf.bitwise.left_shift(x, y).numpy().tolist() == left
    assert tf.bitwise.right_shift(x, y).numpy().tolist() == right


def test_keras_shifts_clamp_the_count():
    assert ops.left_shift(X, Y).numpy().tolist() == SHIFTS['int32'][0]
    assert ops.right_shift(X, Y).numpy().tolist() == SHIFTS['int32'][1]
    assert ops.left_shift(X, 2).numpy().tolist() == [12, -8, 0, 28, 20, -36, 4, 4, -4]
    assert ops.right_shift(X, 40).numpy().tolist() == [0, -1, 0, 0, 0, -1, 0, 0, -1]


@pytest.mark.parametrize('fn, a, b, text', [
    (ops.gcd, np.array([4., 6.], 'float32'), np.array([6., 9.], 'float32'), 'Arguments to gcd must be integers.'),
    (ops.gcd, np.array([4, 6]), np.array([6., 9.], 'float32'), 'Arguments to gcd must be integers.'),
    (ops.lcm, np.array([4., 6.], 'float32'), np.array([6., 9.], 'float32'),
     'Arguments to lcm must be integers. Received: x1.dtype=float32, x2.dtype=float32'),
    (ops.lcm, np.array([4, 6]), np.array([6., 9.], 'float32'),
     'Arguments to lcm must be integers. Received: x1.dtype=int64, x2.dtype=float32'),
    (ops.lcm, np.array([True]), np.array([2]), 'Arguments to lcm must be integers. Received: x1.dtype=bool, '
                                               'x2.dtype=int64'),
])
def test_gcd_lcm_refuse_floats(fn, a, b, text):
    with pytest.raises(TypeError) as info:
        fn(a, b)
    assert str(info.value) == text


def test_gcd_of_a_bool_and_an_int():
    out = ops.gcd(np.array([True]), np.array([2]))
    assert out.dtype.name == 'int64' and out.numpy().tolist() == [1]
