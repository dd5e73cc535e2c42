"""TF's _MulGrad takes its fast path (Mul(grad, y), Mul(grad, x)) only for float32 / int32 operands of one
shape; for float64 or float16 it adds Sum and Reshape to Shape(input) after each Mul. A tape recording that
first sweep visits those ops in turn, so the second derivative of x * x * x adds its terms in another order:
((a + a) + c) + d + d, where the fast path gives ((a + a) + d + d) + c (framework/ops/arithmetic.py's
_reduced_product, backward_order.py's 'mul_reduced'). Values printed by TF 2.21 (notes
progs/gradfuzz13/pin_mul.py); before, float64 was an ulp off in all six of each case, float16 in two."""
import numpy as np
import pytest

import framework as tf

CASES = {'variable': ([-1.26, -1.13, 1.49, 0.92, -1.15, -0.42], [0.3, 2.7, -2.1, -1.9, -1.7, -2.9],
                      [-1.4, -1.4, 2.8, -2.2, 2.7, 0.8]),
         'watched': ([-1.26, 0.96, -0.04, -0.75, -0.49, 0.72], [0.3, 2.8, -1.2, 1.0, -1.3, 2.9],
                     [-1.4, -2.7, -1.2, -1.3, -1.9, 1.7])}
EXPECTED = {
    ('variable', 'float64'): [3.1751999999999994, 25.6284, -52.56719999999999, 23.0736, 31.670999999999996,
                              5.846399999999999],
    ('variable', 'float16'): [3.17578125, 25.625, -52.59375, 23.0625, 31.6875, 5.84375],
    ('watched', 'float64'): [3.1751999999999994, -43.54559999999999, -0.34559999999999996, 5.85, -7.2618,
                             21.297599999999996],
    ('watched', 'float16'): [3.17578125, -43.53125, -0.345703125, 5.8515625, -7.26171875, 21.3125],
}


def cube_hessian(kind, dtype):
    xv, dz, c = CASES[kind]
    x = tf.Variable(xv, dtype=dtype) if kind == 'variable' else tf.constant(xv, dtype)
    with tf.GradientTape() as outer:
        outer.watch(x)
        with tf.GradientTape() as inner:
            inner.watch(x)
            z = x * x * x
        g = inner.gradient(z, x, output_gradients=tf.constant(dz, dtype))
        s = tf.reduce_sum(g * tf.constant(c, dtype))
    return outer.gradient(s, x).numpy()


@pytest.mark.parametrize('kind, dtype', sorted(EXPECTED))
def test_cube_second_derivative_adds_in_tf_order(kind, dtype):
    got = cube_hessian(kind, getattr(tf, dtype))
    np.testing.assert_array_equal(got, np.array(EXPECTED[kind, dtype], dtype))


def test_float32_keeps_the_fast_path_order():
    # float32 operands of one shape: no Sum / Reshape, the terms add as before (TF 2.21's values)
    x = tf.Variable([-1.26, -1.13, 1.49, 0.92], dtype=tf.float32)
    with tf.GradientTape() as outer:
        with tf.GradientTape() as inner:
            z = x * x * x
        g = inner.gradient(z, x, output_gradients=tf.constant([0.3, 2.7, -2.1, -1.9]))
        s = tf.reduce_sum(g * tf.constant([-1.4, -1.4, 2.8, -2.2]))
    assert outer.gradient(s, x).numpy().tolist() == [3.1751999855041504, 25.628398895263672, -52.56719970703125,
                                                     23.07360076904297]

