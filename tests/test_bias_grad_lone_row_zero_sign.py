"""BiasAddGrad's reducer copies a lone row, so a -0.0 in the one row's upstream gradient stays -0.0 in the bias
gradient (TF 2.21 prints [-0. 1. -0.]); from two rows on it adds onto +0.0. Values printed by TF 2.21."""
import numpy as np
import pytest

import framework as tf


@pytest.mark.parametrize('dtype', ['float32', 'float64'])
@pytest.mark.parametrize('rows, expected', [(1, ['-0.0', '1.0', '-0.0']), (2, ['0.0', '2.0', '0.0']),
                                            (3, ['0.0', '3.0', '0.0'])])
def test_bias_gradient_zero_sign(dtype, rows, expected):
    x = tf.constant(np.ones((rows, 3)), dtype=dtype)
    b = tf.Variable(np.zeros(3), dtype=dtype)
    upstream = tf.constant(np.array([[-0.0, 1.0, -0.0]] * rows), dtype=dtype)
    with tf.GradientTape() as tape:
        y = tf.nn.bias_add(x, b)
    assert [repr(float(v)) for v in tape.gradient(y, b, output_gradients=upstream).numpy()] == expected
