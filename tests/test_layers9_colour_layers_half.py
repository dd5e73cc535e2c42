"""RandomContrast and RandomBrightness under float16 / mixed_float16 as Keras 3.15 on TF 2.21: the images are
cast to the compute dtype (float16) first, the colour change is computed there, and keras.ops.mean averages in
float32 and casts back. tapeflow computed in float32 and cast at the end (or took a float16 reduce_mean):
outputs 1-2 float16 ulps off. Golden float16 bits printed by TF 2.21 (/work/notes/progs/layers9/gold_col16.py):

    x = (np.arange(24, dtype='float32').reshape(2, 3, 4, 1) * 7 % 24) * 10.37
    y = keras.layers.RandomContrast(0.5, seed=3, dtype=policy)(x, training=True)      # RandomBrightness(0.4, ...)
    print(y.numpy().astype('float16').view('uint16').ravel().tolist())
"""
import numpy as np
import pytest

import framework as tf
from framework import keras

GOLDEN_BITS = {
    ('mixed_float16', 'contrast'): [
        0, 21245, 22798, 23544, 18760, 22343, 23282, 0, 21616, 22919, 23544, 20076, 22466, 23112, 19248,
        21939, 22848, 23463, 21322, 22584, 23200, 20056, 22115, 22936],
    ('mixed_float16', 'brightness'): [
        0, 18756, 21810, 22750, 0, 21121, 22474, 0, 19770, 21976, 22833, 0, 23216, 23544, 22246, 22968, 23544,
        23544, 22719, 23299, 23544, 22412, 23050, 23544],
    ('float16', 'contrast'): [
        0, 21245, 22798, 23544, 18760, 22343, 23282, 0, 21616, 22919, 23544, 20076, 22466, 23112, 19248,
        21939, 22848, 23463, 21322, 22584, 23200, 20056, 22115, 22936],
    ('float16', 'brightness'): [
        0, 18756, 21810, 22750, 0, 21121, 22474, 0, 19770, 21976, 22833, 0, 23216, 23544, 22246, 22968, 23544,
        23544, 22719, 23299, 23544, 22412, 23050, 23544],
}


@pytest.mark.parametrize('policy, kind', sorted(GOLDEN_BITS))
@pytest.mark.parametrize('taped', [False, True])
def test_colour_layers_compute_in_half_precision(policy, kind, taped):
    x = tf.constant((np.arange(24, dtype='float32').reshape(2, 3, 4, 1) * 7 % 24) * 10.37)
    layer = (keras.layers.RandomContrast(0.5, seed=3, dtype=policy) if kind == 'contrast'
             else keras.layers.RandomBrightness(0.4, seed=3, dtype=policy))
    with tf.GradientTape() as tape:
        if taped:
            tape.watch(x)
        y = layer(x, training=True)
        loss = tf.reduce_sum(tf.cast(y, 'float32'))
    assert y.dtype == tf.float16
    np.testing.assert_array_equal(y.numpy().view('uint16').ravel(), GOLDEN_BITS[(policy, kind)])
    assert (tape.gradient(loss, x) is not None) == taped
