"""SGD with global_clipnorm in a returning traced step (fit, a tf.function that returns a value): grappler
multiplies a one-value gradient's clip scale s and rate lr in its own order, as TF 2.21 (probes
/work/notes/progs/optimtraj4/sgd1el3.py, lso1el.py, nest16.py; goldens from sgd1el_golden2.py / sgd1el_golden.py).

Larger gradients take g * (lr * s). A (1,) gradient (a Dense(1) bias) takes (g * lr) * s, a scalar one
(g * s) * lr; inside a LossScaleOptimizer (a tf.cond branch in TF) the one-value gradients merge as the
others. tapeflow merged every gradient, so a mixed_bfloat16 or float16 regression with
SGD(global_clipnorm=...) left TF after a few batches.
"""
import numpy as np
import pytest

import framework as tf
from framework import keras


def _run(optimizer, dtype, shape, seed):
    rng = np.random.RandomState(seed)
    kernel = tf.Variable(tf.cast(rng.randn(4, 3), dtype))
    bias = tf.Variable(tf.cast(rng.randn(*shape), dtype))

    @tf.function
    def step(kernel_grad, bias_grad):
        optimizer.apply_gradients([(kernel_grad, kernel), (bias_grad, bias)])
        return kernel_grad

    for _ in range(6):
        step(tf.cast(rng.randn(4, 3), dtype), tf.cast(rng.randn(*shape) * 3, dtype))
    return [float(v).hex() for v in np.asarray(tf.cast(bias, 'float64')).ravel()]


# (dtype, bias shape, SGD arguments, seed, the bias after 6 steps), printed by TF 2.21
CASES = [
    ('float64', (1,), dict(global_clipnorm=0.5), 2, ['0x1.2dc0c3c88cf7bp-4']),
    ('float32', (1,), dict(momentum=0.9, global_clipnorm=0.5), 2, ['0x1.47b0840000000p-3']),
    ('float32', (1,), dict(momentum=0.9, global_clipnorm=0.5), 6, ['-0x1.15bd7c0000000p-2']),
    ('float16', (), dict(momentum=0.9, nesterov=True, global_clipnorm=0.5), 3, ['0x1.b540000000000p-1']),
    ('float16', (), dict(momentum=0.9, nesterov=True, global_clipnorm=0.5), 5, ['-0x1.f980000000000p-2']),
]


@pytest.mark.parametrize('dtype, shape, kwargs, seed, expected', CASES)
def test_one_value_gradient_takes_tf_order_of_rate_and_clip_scale(dtype, shape, kwargs, seed, expected):
    assert _run(keras.optimizers.SGD(0.05, **kwargs), dtype, shape, seed) == expected


# (dtype, the (1,) bias after 8 steps through LossScaleOptimizer(SGD(0.05, global_clipnorm=0.5))), TF 2.21
LOSS_SCALE_CASES = [
    ('float32', ['0x1.888f580000000p-1']),
    ('float64', ['0x1.888f5c9221617p-1']),
]


@pytest.mark.parametrize('dtype, expected', LOSS_SCALE_CASES)
def test_inside_loss_scale_optimizer_one_value_gradients_merge(dtype, expected):
    rng = np.random.RandomState(0)
    optimizer = keras.mixed_precision.LossScaleOptimizer(keras.optimizers.SGD(0.05, global_clipnorm=0.5),
                                                         initial_scale=8.0, dynamic_growth_steps=1000)
    kernel = tf.Variable(tf.cast(rng.randn(4, 3), dtype))
    bias = tf.Variable(tf.cast(rng.randn(1), dtype))

    @tf.function
    def step(kernel_grad, bias_grad):
        optimizer.apply_gradients([(kernel_grad, kernel), (bias_grad, bias)])
        return kernel_grad

    for _ in range(8):
        step(tf.cast(rng.randn(4, 3) * 3, dtype), tf.cast(rng.randn(1) * 9, dtype))
    assert [float(v).hex() for v in np.asarray(tf.cast(bias, 'float64')).ravel()] == expected
