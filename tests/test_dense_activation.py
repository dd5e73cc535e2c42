"""Dense's fused affine + activation op (framework/ops/dense_activation.py) gives the two ops' bits."""
import numpy as np
import pytest

import framework as tf
from framework.gradient_check import check_gradients
from framework.ops.dense_activation import FUSED_ACTIVATIONS, affine_activation

UNFUSED = {'relu': tf.nn.relu, 'elu': tf.nn.elu, 'tanh': tf.tanh}


def _arrays(dtype, x_shape=(5, 4), seed=0):
    rng = np.random.default_rng(seed)
    x = rng.standard_normal(x_shape).astype(dtype)
    x.flat[0] = 0.0                          # a zero among the inputs
    k = rng.standard_normal((x_shape[-1], 3)).astype(dtype)
    b = rng.standard_normal(3).astype(dtype)
    return x, k, b


@pytest.mark.parametrize('activation', FUSED_ACTIVATIONS)
@pytest.mark.parametrize('dtype', ['float32', 'float64'])
@pytest.mark.parametrize('x_shape', [(5, 4), (2, 3, 4)], ids=str)
def test_fused_equals_affine_then_activation(activation, dtype, x_shape):
    x, k, b = (tf.Variable(a) for a in _arrays(dtype, x_shape))
    weights = np.random.default_rng(1).standard_normal(x_shape[:-1] + (3,)).astype(dtype)
    results = []
    for fused in (True, False):
        for outer in (False, True):           # array rules, then tensor rules (an outer tape records)
            with tf.GradientTape() as tape:
                y = affine_activation(x, k, b, activation) if fused else UNFUSED[activation](tf.ops.affine(x, k, b))
                loss = tf.reduce_sum(y * weights)
            if outer:
                with tf.GradientTape():
                    grads = tape.gradient(loss, [x, k, b])
            else:
                grads = tape.gradient(loss, [x, k, b])
            results.append([y.numpy()] + [g.numpy() for g in grads])
    for other in results[1:]:
        for a, c in zip(results[0], other):
            np.testing.assert_array_equal(a, c)


@pytest.mark.parametrize('activation', FUSED_ACTIVATIONS)
def test_fused_gradient_matches_central_differences(activation):
    x, k, b = _arrays('float64', seed=3)
    x = np.where(np.abs(x) < 0.2, 0.5, x)   # away from relu's and elu's kink
    check_gradients(lambda x, k, b: affine_activation(x, k, b, activation), [x, k, b])


@pytest.mark.parametrize('activation', ['elu', 'tanh'])
def test_fused_second_derivative_matches_unfused(activation):
    x, k, b = (tf.Variable(a) for a in _arrays('float64', seed=4))
    out = []
    for fused in (True, False):
        with tf.GradientTape() as outer:
            with tf.GradientTape() as inner:
                y = affine_activation(x, k, b, activation) if fused else UNFUSED[activation](tf.ops.affine(x, k, b))
                loss = tf.reduce_sum(y)
            g = inner.gradient(loss, k)
            total = tf.reduce_sum(g * g)
        out.append(outer.gradient(total, [x, k, b]))
    for a, c in zip(*out):
        np.testing.assert_allclose(a.numpy(), c.numpy(), rtol=1e-12)


def test_dense_layers_use_the_fused_op_and_keep_others_apart():
    for activation, op in [('relu', 'affine_relu'), ('elu', 'affine_elu'), ('tanh', 'affine_tanh'),
                           ('sigmoid', 'affine'), (None, 'affine')]:
        layer = tf.keras.layers.Dense(2, activation=activation)
        with tf.GradientTape() as tape:
            layer(np.ones((1, 3), np.float32))
        assert tape._nodes[0][3] == op


def test_unknown_activation_is_refused():
    x, k, b = _arrays('float32')
    with pytest.raises(ValueError, match='affine_activation'):
        affine_activation(x, k, b, 'softmax')


@pytest.mark.parametrize('activation', FUSED_ACTIVATIONS)
def test_fused_without_bias_equals_matmul_then_activation(activation):
    x, k, _ = _arrays('float32', seed=5)
    kernel = tf.Variable(k)
    with tf.GradientTape(persistent=True) as tape:
        fused = affine_activation(x, kernel, None, activation)
        unfused = UNFUSED[activation](tf.matmul(x, kernel))
        losses = [tf.reduce_sum(fused * fused), tf.reduce_sum(unfused * unfused)]
    np.testing.assert_array_equal(fused.numpy(), unfused.numpy())
    np.testing.assert_array_equal(tape.gradient(losses[0], kernel).numpy(), tape.gradient(losses[1], kernel).numpy())
