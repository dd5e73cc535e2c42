"""A mixed_float16 Conv2D in a traced step rounds conv + bias once, as TF 2.21's fused oneDNN kernel does.

Golden hashes (sum of the float16 outputs' bit patterns) were printed by TF 2.21 running this same
sequence (progs/tutorials45/t45_cf_cmp.py): (traced, eager) per layer. Eager outputs round the
convolution, then add the bias in half precision; the traced ones sum in float32 first.
"""
import pytest
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


# TF 2.21's bits on the AVX-512 Xeon, which numpy's and OpenBLAS's rounding there decides too
@pytest.mark.avx512_bits
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


# progs/tutorials45/t45_cf_layers.py's sequence: name -> (traced, eager) hashes printed by TF 2.21
LAYERS_GOLDEN = {
    'Conv1D': (0x1ee4f4d, 0x1ee4f2e), 'Conv1D_s2': (0x240706, 0x240726), 'Conv3D': (0x22bfd9e, 0x22bfdba),
    'Depthwise': (0x13c958f, 0x13c9714), 'Separable': (0x1d7b4f7, 0x1d7b491), 'Conv2D_dil': (0x13b3463, 0x13b3463),
    'Depthwise1D': (0x58ab5f, 0x58ab5f), 'Separable1D': (0x5c9c78, 0x5c9c65),
    'Depthwise_s2_relu': (0x2f6520, 0x2f6558), 'Conv3D_relu': (0x4fc2eb, 0x4fc2b9),
    'Conv1D_causal': (0x1dce1b9, 0x1dce0fc), 'Conv1D_dil': (0x1b749fb, 0x1b749fb),
    'Conv2D_groups': (0x38f5cdd, 0x38f5cdd), 'Conv2DT': (0x68942e5, 0x68942e5), 'Conv1DT': (0x91fa21, 0x91fa21),
}
# (TF fuses neither transposed convolution: traced is eager; both sum in float32, rounding once)


# measured under TF 2.21 on the AVX-512 Xeon (oneDNN's kernels): run as there on any CPU (conftest's xeon_cpu)
@pytest.mark.usefixtures('xeon_cpu')
def test_other_conv_layers_fuse_as_tf(monkeypatch):
    monkeypatch.setenv('TAPEFLOW_TF_EXACT_MATH', '1')
    rng = np.random.RandomState(2)
    L, half = keras.layers, 'mixed_float16'
    cases = [
        ('Conv1D', lambda: L.Conv1D(6, 3, dtype=half), (16, 12, 4)),
        ('Conv1D_s2', lambda: L.Conv1D(6, 3, strides=2, padding='same', activation='relu', dtype=half), (16, 12, 4)),
        ('Conv3D', lambda: L.Conv3D(4, 2, dtype=half), (4, 5, 5, 5, 2)),
        ('Depthwise', lambda: L.DepthwiseConv2D(3, dtype=half), (8, 7, 7, 3)),
        ('Separable', lambda: L.SeparableConv2D(5, 3, dtype=half), (8, 7, 7, 3)),
        ('Conv2DT', lambda: L.Conv2DTranspose(4, 3, strides=2, dtype=half), (8, 5, 5, 3)),
        ('Conv1DT', lambda: L.Conv1DTranspose(4, 3, dtype=half), (8, 9, 3)),
        ('Conv2D_dil', lambda: L.Conv2D(4, 3, dilation_rate=2, dtype=half), (8, 9, 9, 2)),
        ('Depthwise1D', lambda: L.DepthwiseConv1D(3, dtype=half), (8, 9, 3)),
        ('Separable1D', lambda: L.SeparableConv1D(5, 3, dtype=half), (8, 9, 3)),
        ('Depthwise_s2_relu', lambda: L.DepthwiseConv2D(3, strides=2, padding='same', activation='relu', dtype=half),
         (8, 7, 7, 3)),
        ('Conv3D_relu', lambda: L.Conv3D(4, 2, padding='same', activation='relu', dtype=half), (4, 5, 5, 5, 2)),
        ('Conv1D_causal', lambda: L.Conv1D(6, 3, padding='causal', dtype=half), (16, 12, 4)),
        ('Conv1D_dil', lambda: L.Conv1D(6, 3, dilation_rate=2, dtype=half), (16, 12, 4)),
        ('Conv2D_groups', lambda: L.Conv2D(4, 3, groups=2, dtype=half), (8, 9, 9, 2)),
    ]
    for name, make, shape in cases:
        layer = make()
        layer.build(shape)
        for w in layer.weights:
            w.assign((rng.randn(*w.shape) * 0.3).astype('float32'))
        x = rng.rand(*shape).astype('float32')
        traced = tf.function(lambda x: layer(x), reduce_retracing=True)(x)
        eager = layer(x)
        if name in LAYERS_GOLDEN:
            assert (_bits(traced), _bits(eager)) == LAYERS_GOLDEN[name], name
