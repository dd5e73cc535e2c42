"""RMSNormalization on float16 / bfloat16 computes in float32 and casts back, as Keras 3 (ops.rms_normalization:
'Computes in at least float32 precision for stability in half precision training').

tapeflow computed in float16: outputs an ulp off TF 2.21 in a quarter of the values. Golden values printed by TF 2.21
with /work/notes/progs/layers8/gold_rms16.py (first 8 outputs, the scale's gradient, first 4 input gradients).
"""
import numpy as np
import pytest

import framework as tf
from framework import keras

HALF = ([1.38671875, -0.63818359375, -0.6513671875, -0.712890625, 0.5009765625, -1.626953125, 1.458984375,
         -0.3427734375], [0.0, -5.55859375, 5.1015625, -2.017578125], [1.4912109375, 0.4814453125, 1.9814453125, 1.0078125])
BFLOAT = ([1.3828125, -0.640625, -0.6484375, -0.7109375, 0.5, -1.6328125, 1.453125, -0.34375],
          [0.0, -5.5625, 5.09375, -2.015625], [1.4921875, 0.482421875, 1.9765625, 1.0078125])


@pytest.mark.parametrize('policy, golden', [('float16', HALF), ('mixed_float16', HALF), ('bfloat16', BFLOAT),
                                            ('mixed_bfloat16', BFLOAT)])
def test_rms_normalization_in_half_precision(policy, golden):
    x = np.random.RandomState(1).randn(2, 6, 4).astype('float32')
    layer = keras.layers.RMSNormalization(dtype=policy)
    layer.build(x.shape)
    layer.set_weights([np.array([0.9, 1.1, 1.3, 0.7], 'float32')])
    with tf.GradientTape() as tape:
        xt = tf.constant(x)
        tape.watch(xt)
        y = layer(xt)
        loss = tf.reduce_sum(tf.cast(y, 'float32') * np.arange(4, dtype='float32'))
    grad_x, grad_scale = tape.gradient(loss, [xt, layer.scale])
    assert y.dtype == policy.replace('mixed_', '')
    assert np.asarray(tf.cast(y, 'float32')).ravel()[:8].tolist() == golden[0]
    assert np.asarray(tf.cast(grad_scale, 'float32')).tolist() == golden[1]
    assert np.asarray(grad_x).ravel()[:4].tolist() == golden[2]
