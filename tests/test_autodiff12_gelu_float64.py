"""tf.nn.gelu in float64 multiplies by float32 constants, as TensorFlow 2.21's nn_ops.gelu.

TF writes ``cast(0.7071067811865476, x.dtype)`` and ``cast(0.044715, x.dtype)``: the Python float
becomes a float32 constant before the cast, so a float64 gelu (and its gradients, to any order) carry
float32's 1/sqrt(2) and 0.044715. tapeflow used full float64 constants and differed from TF in the
8th digit (first and second derivatives too). Golden values: /opt/tfref (TF 2.21) printing
``float.hex`` of y, dy/dx and d2y/dx2 for x = [-2.5, -1.0, 0.3, 2.261] (autodiff12/x_gelu3.py).
The remaining differences are a few ulps of Eigen's float64 erfc / tanh against numpy's, so values
compare with rtol 1e-14 (the old constants missed by 1e-8).
"""
import numpy as np
import pytest

import framework as tf

X = [-2.5, -1.0, 0.3, 2.261]

TF_VALUES = {
    False: (['-0x1.fcb222e499106p-7', '-0x1.44ed0c4615176p-3', '0x1.7ba510141e6eep-3', '0x1.1df84dfee3894p+1'],
            ['-0x1.341c2bb439725p-5', '-0x1.5542993a38b80p-4', '0x1.76f3aa20d2c62p-1', '0x1.0ee14a2eaead6p+0'],
            ['-0x1.3121f677bcb76p-4', '0x1.ef8e59ffc5607p-3', '0x1.74f77e0f9d521p-1', '-0x1.8aadb56c537d7p-4']),
    True: (['-0x1.ee480002f9a30p-7', '-0x1.453d2240c479ap-3', '0x1.7ba3c031cd36ap-3', '0x1.1e0284309a514p+1'],
           ['-0x1.36e639bc6af71p-5', '-0x1.53d2256f22fe1p-4', '0x1.76ef6def12491p-1', '0x1.0f0fed215ec01p+0'],
           ['-0x1.384d169241b9ap-4', '0x1.efeb64dcf14a7p-3', '0x1.74cfdf945dc76p-1', '-0x1.8fabdefa755fep-4']),
}


def _gelu_and_derivatives(approximate):
    x = tf.constant(X, tf.float64)
    with tf.GradientTape() as outer:
        outer.watch(x)
        with tf.GradientTape() as inner:
            inner.watch(x)
            y = tf.nn.gelu(x, approximate=approximate)
        g = inner.gradient(y, x)
    return y, g, outer.gradient(g, x)


@pytest.mark.parametrize('approximate', [False, True])
def test_float64_gelu_and_two_derivatives_match_tf(approximate):
    for got, want in zip(_gelu_and_derivatives(approximate), TF_VALUES[approximate]):
        assert got.dtype == tf.float64
        np.testing.assert_allclose(got.numpy(), [float.fromhex(v) for v in want], rtol=1e-14, atol=0)


def test_float64_gelu_is_the_formula_with_float32_constants():
    x = np.array(X)
    exact = 0.5 * x * (1.0 + np.tanh(0.7978845608028654 * (x + float(np.float32(0.044715)) * x ** 3)))
    got = tf.nn.gelu(tf.constant(x), approximate=True).numpy()
    np.testing.assert_allclose(got, exact, rtol=4e-16, atol=0)


def test_float16_gelu_bits_match_tf():
    # TF 2.21: tf.nn.gelu(float16 x, approximate=True / False).numpy().view(np.uint16)
    x = tf.constant(X, tf.float16)
    assert tf.nn.gelu(x, approximate=True).numpy().view(np.uint16).tolist() == [41936, 45334, 12783, 16504]
    assert tf.nn.gelu(x).numpy().view(np.uint16).tolist() == [41972, 45332, 12783, 16504]


def test_float32_gelu_gradient_unchanged_by_the_float32_constants():
    # float32 already multiplied by these roundings: the gradient keeps TF's bits (autodiff12/x_gelu4.py)
    x = tf.constant([2.261, -1.0], tf.float32)
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = tf.reduce_sum(tf.nn.gelu(x))
    assert tape.gradient(y, x).numpy().view(np.uint32).tolist() == [1065840805, 3182076240]
