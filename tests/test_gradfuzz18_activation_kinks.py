"""Gradients of keras.activations.relu's options at their kinks and of tf.nn.swish's beta, against TF 2.21.

Golden values were printed by TF 2.21 / Keras 3.15 (progs/gradfuzz18/t1.py):

    x = tf.constant([-1., 0., 0.5, 3., 6., 7.]); w = tf.constant([0.5, -0.25, 1., -1., 2., 0.75])
    with tf.GradientTape() as t:
        t.watch(x); y = tf.reduce_sum(keras.activations.relu(x, **kw) * w)
    print(t.gradient(y, x))

Keras composes relu's options (leaky_relu for a slope alone, relu6 for a cap of 6, clip_by_value for
other caps), and that composition decides the gradient at x == 0 and at x == max_value.
"""
import numpy as np
import pytest

import framework as tf
from framework import keras

X = [-1., 0., 0.5, 3., 6., 7.]
W = [0.5, -0.25, 1., -1., 2., 0.75]
RELU_GRADIENTS = [          # printed by TF 2.21
    (dict(max_value=6.), [0., -0., 1., -1., 0., 0.]),          # relu6: no gradient at 6
    (dict(max_value=3.), [0., -0., 1., -1., 0., 0.]),          # clip_by_value: through at the cap 3
    (dict(negative_slope=0.1), [0.05, -0.025, 1., -1., 2., 0.75]),    # leaky_relu: the slope at 0
    (dict(threshold=0.5), [0., 0., 0., -1., 2., 0.75]),
    (dict(negative_slope=0.2, max_value=6.), [0.1, -0., 1., -1., 0., 0.]),
]


def _relu_gradient(fn, dtype=tf.float32):
    x = tf.constant(X, dtype)
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = tf.reduce_sum(fn(x) * tf.constant(W, dtype))
    return tape.gradient(y, x).numpy()


def _same_bits(got, want):
    want = np.asarray(want, got.dtype)
    assert got.tobytes() == want.tobytes(), (got.tolist(), want.tolist())


@pytest.mark.parametrize('options, expected', RELU_GRADIENTS)
def test_keras_relu_options_gradient_at_kinks(options, expected):
    _same_bits(_relu_gradient(lambda x: keras.activations.relu(x, **options)), np.float32(expected))


@pytest.mark.parametrize('options, expected', RELU_GRADIENTS)
def test_relu_layer_options_gradient_at_kinks(options, expected):
    _same_bits(_relu_gradient(keras.layers.ReLU(**options)), np.float32(expected))


def test_float64_relu_slope_is_leaky_relus_float32_alpha():
    # TF 2.21: tf.Tensor([0.10000000149011612 0.10000000149011612 1.0], dtype=float64): LeakyRelu's alpha attr
    # is a 32-bit float, and the slope reaches x == 0
    x = tf.constant([-1., 0., 2.], tf.float64)
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = tf.reduce_sum(keras.activations.relu(x, negative_slope=0.1))
    _same_bits(tape.gradient(y, x).numpy(), [float(np.float32(0.1))] * 2 + [1.])


XS = [0.5, -1.5, 3.1, -2.5, 0.3]
WS = [0.3, -0.6, 0.9, 0.2, -1.1]
# printed by TF 2.21: tf.nn.swish(xs, 1.7)'s first and second derivatives of reduce_sum(swish * ws)
SWISH_FIRST = ['0x1.0dfd78p-2', '0x1.e609dap-5', '0x1.d6ce24p-1', '-0x1.2608fep-7', '-0x1.a33992p-1']
SWISH_SECOND = ['0x1.6b8028p-3', '0x1.9593d0p-7', '-0x1.9a705cp-6', '-0x1.491d90p-7', '-0x1.a451ecp-1']


def _hex32(values):
    return np.array([float.fromhex(v) for v in values], np.float32)


@pytest.mark.parametrize('beta_kind', ['python', 'tensor'])
def test_swish_beta_second_derivative_bits(beta_kind):
    # TF's grad_fn multiplies beta * features twice (in the sigmoid and in the factor); one shared product
    # rounded 7 of 10 second-derivative values an ulp off
    xs = tf.constant(XS)
    beta = 1.7 if beta_kind == 'python' else tf.constant(1.7)
    with tf.GradientTape() as outer:
        outer.watch(xs)
        with tf.GradientTape() as inner:
            inner.watch(xs)
            y = tf.reduce_sum(tf.nn.swish(xs, beta) * tf.constant(WS))
        first = inner.gradient(y, xs)
    _same_bits(first.numpy(), _hex32(SWISH_FIRST))
    _same_bits(outer.gradient(first, xs).numpy(), _hex32(SWISH_SECOND))


def test_swish_variable_beta_second_derivative_bits():
    # TF 2.21: d/dbeta -0x1.2d7f38p-5, its derivative -0x1.fe5bb8p-5 (one recomputed sigmoid feeds both rules)
    xs = tf.constant(XS)
    beta = tf.Variable(1.7)
    with tf.GradientTape() as outer:
        with tf.GradientTape() as inner:
            y = tf.reduce_sum(tf.nn.swish(xs, beta) * tf.constant(WS))
        first = inner.gradient(y, beta)
    _same_bits(first.numpy(), _hex32(['-0x1.2d7f38p-5']).reshape(()))
    _same_bits(outer.gradient(first, beta).numpy(), _hex32(['-0x1.fe5bb8p-5']).reshape(()))


def test_bfloat16_relu_keeps_negative_zero():
    # TF 2.21: tf.nn.relu(bfloat16 [-0, 0, -1, 2, nan, -inf, inf] + 9 * [-0]) is [-0, 0, 0, 2, nan, 0, inf] + 9 * [-0]
    # (Eigen's scalar max returns x on the tie); float16 -0 (unchanged here). float32 (Eigen's Relu, oneDNN on
    # or off): -0 in the scalar tail (size % 8 last elements), +0 in the packets, as tf.maximum's ties
    values = [-0., 0., -1., 2., float('nan'), -float('inf'), float('inf')] + [-0.] * 9
    got = tf.cast(tf.nn.relu(tf.constant(values, tf.bfloat16)), tf.float32).numpy()
    want = np.float32([-0., 0., 0., 2., np.nan, 0., np.inf] + [-0.] * 9)
    np.testing.assert_array_equal(got, want)
    assert np.signbit(got).tolist() == np.signbit(want).tolist()
    assert np.signbit(tf.nn.relu(tf.constant([-0.], tf.float32)).numpy()).tolist() == [True]
    # TF 2.21: tf.nn.relu([-0.] * 17), eager and in a tf.function: only the last element keeps its sign
    assert np.signbit(tf.nn.relu(tf.constant([-0.] * 17, tf.float32)).numpy()).tolist() == [False] * 16 + [True]
    assert np.signbit(keras.activations.relu(tf.constant([-0.] * 3, tf.float32)).numpy()).tolist() == [True] * 3
