"""LossScaleOptimizer divides float16 gradients by its float32 scale in float32, as Keras 3's
ops.divide(g, dynamic_scale) does: a scale grown past float16's 65504 must not become inf and zero
the gradients of float16 variables.

Golden values printed by TF 2.21 / Keras 3 (/work/notes/progs/optimtraj10/gold_lso16.py):
    v = tf.Variable(np.array([1.0, -2.0], 'float16'))
    o = keras.optimizers.LossScaleOptimizer(keras.optimizers.SGD(0.5), dynamic_growth_steps=1)
    for s in range(3):
        o.apply_gradients([(tf.constant(np.array([4096.0, -3000.0], 'float16')), v)])
        print(s, v.numpy().tolist(), float(o.dynamic_scale.numpy()))
"""
import numpy as np

import framework as tf
from framework import keras


def test_float16_variable_keeps_training_after_the_scale_passes_65504():
    v = tf.Variable(np.array([1.0, -2.0], 'float16'))
    opt = keras.optimizers.LossScaleOptimizer(keras.optimizers.SGD(0.5), dynamic_growth_steps=1)
    seen = []
    for _ in range(3):
        opt.apply_gradients([(tf.constant(np.array([4096.0, -3000.0], 'float16')), v)])
        seen.append((v.numpy().tolist(), float(opt.dynamic_scale.numpy())))
    assert seen == [([0.9375, -1.9541015625], 65536.0),        # TF 2.21
                    ([0.90625, -1.931640625], 131072.0),
                    ([0.890625, -1.919921875], 262144.0)]
    assert v.dtype == 'float16'


def test_float16_indexed_slices_under_a_scale_of_65536():
    v = tf.Variable(np.array([[0.0, 1.0], [2.0, 3.0], [4.0, 5.0]], 'float16'))
    opt = keras.optimizers.LossScaleOptimizer(keras.optimizers.Adam(0.1), initial_scale=65536.0)
    grad = tf.IndexedSlices(tf.constant(np.array([[1.0, 2.0], [3.0, 4.0]], 'float16')), tf.constant([0, 2]),
                            tf.constant([3, 2]))
    opt.apply_gradients([(grad, v)])
    assert v.numpy().tolist() == [[-0.5, 0.0], [2.0, 3.0], [3.0, 3.5]]        # TF 2.21
    opt.apply_gradients([(grad, v)])
    assert v.numpy().tolist() == [[-1.0, -1.0], [2.0, 3.0], [1.5, 1.0]]


def test_float32_and_float64_gradients_keep_their_dtype():
    for dtype in ('float32', 'float64'):
        v = tf.Variable(np.array([1.0, -2.0, 3.0], dtype))
        opt = keras.optimizers.LossScaleOptimizer(keras.optimizers.SGD(1.0), initial_scale=65536.0)
        opt.apply_gradients([(tf.constant(np.array([30000.0, -1000.5, 3.3], dtype)), v)])
        expected = np.array([1.0, -2.0, 3.0], dtype) - np.array([30000.0, -1000.5, 3.3], dtype) / np.array(65536.0, dtype)
        assert v.numpy().tobytes() == expected.tobytes()
