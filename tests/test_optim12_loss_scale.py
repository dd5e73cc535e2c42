"""LossScaleOptimizer as Keras 3.15 on TF 2.21 (/work/notes/progs/optim12/lso3.py, lso2.py):
scale_loss multiplies by the float32 dynamic_scale variable once built, so a float16 loss is promoted
to float32 (3.0 * 32768 stays finite); before the build the scale is a Python float and the loss keeps
float16 (inf). apply_gradients returns the wrapper's own iteration counter, which stays 0 (Keras
returns `self._iterations`, not the inner optimizer's `iterations`)."""
import numpy as np

import framework as tf
from framework import keras


def test_float16_loss_scales_in_float32_once_built():
    w = keras.Variable(np.array([1.0, -2.0], 'float16'), name='w')
    optimizer = keras.optimizers.LossScaleOptimizer(keras.optimizers.SGD(0.1))
    unbuilt = optimizer.scale_loss(tf.constant(3.0, tf.float16))
    assert unbuilt.dtype == tf.float16 and np.isinf(unbuilt.numpy())
    seen = []
    for _ in range(3):
        with tf.GradientTape() as tape:
            scaled = optimizer.scale_loss(tf.reduce_sum(w * w) + 1.0)
        grads = tape.gradient(scaled, [w])
        returned = optimizer.apply_gradients(zip(grads, [w]))
        seen.append((scaled.dtype.name, float(scaled.numpy()), grads[0].dtype.name, w.numpy().tobytes().hex(),
                     int(returned.numpy()), float(optimizer.dynamic_scale.numpy()), int(optimizer.iterations.numpy())))
    assert seen == [('float16', float('inf'), 'float16', '003c00c0', 0, 16384.0, 0),
                    ('float32', 98304.0, 'float16', '003c00c0', 0, 8192.0, 0),
                    ('float32', 49152.0, 'float16', '663a66be', 0, 8192.0, 1)]


def test_float32_and_float64_losses_keep_their_dtype():
    w = keras.Variable(np.array([1.0], 'float32'), name='w')
    optimizer = keras.optimizers.LossScaleOptimizer(keras.optimizers.SGD(0.1), initial_scale=4.0)
    optimizer.build([w])
    assert optimizer.scale_loss(tf.constant(1.5)).dtype == tf.float32
    scaled = optimizer.scale_loss(tf.constant(1.5, tf.float64))
    assert scaled.dtype == tf.float64 and scaled.numpy() == 6.0
