"""Pooling gradients with TF 2.21's values and bits. MaxPool3DGrad gives a window's gradient to every
element within 1e-5 of its maximum (tapeflow gave it to the first only); MaxPoolGrad writes +0 beside
the maxima (tapeflow's mask multiply left -0., printed so); overlapping windows add up in the order of
TF's kernels (pool_gradient_order): float32 average pools oneDNN's, float64 Eigen's AvgPoolGrad (which
multiplies by 1 / count). Keras's AveragePooling1D() / 3D() TypeError names the class. Goldens printed
by TF 2.21 (/work/notes/progs/layersparity/poolgold.py)."""
import numpy as np
import pytest

import framework as tf
from framework import keras

L = keras.layers

MP2_OV = [
    '0x0.0p+0', '0x0.0p+0', '-0x1.80df380000000p-4', '0x0.0p+0', '0x0.0p+0',
    '0x1.7540000000000p-1', '0x0.0p+0', '0x0.0p+0', '0x0.0p+0', '0x0.0p+0',
    '0x0.0p+0', '0x0.0p+0', '0x0.0p+0', '0x0.0p+0', '0x0.0p+0',
    '0x0.0p+0', '0x1.c8a6880000000p+0', '0x1.7d1be80000000p-3', '0x0.0p+0', '0x0.0p+0',
    '0x0.0p+0', '0x0.0p+0', '0x0.0p+0', '0x0.0p+0', '0x1.9515d40000000p-1',
    '-0x1.839b9e0000000p+0', '0x0.0p+0', '0x0.0p+0', '0x0.0p+0', '0x0.0p+0',
    '0x0.0p+0', '0x0.0p+0', '0x0.0p+0', '0x0.0p+0', '0x0.0p+0',
    '0x0.0p+0', '0x0.0p+0', '0x1.0880740000000p-3', '0x0.0p+0', '-0x1.3db3d40000000p-3',
    '0x0.0p+0', '0x0.0p+0', '0x0.0p+0', '0x0.0p+0', '0x0.0p+0',
    '0x1.3cdc640000000p+0', '0x1.7f7ff40000000p-3', '0x0.0p+0', '0x0.0p+0', '0x0.0p+0',
]
    
AP2_OV = [
    '0x1.48b2480000000p-2', '0x1.8333b80000000p-3', '0x1.2d407c0000000p-3', '-0x1.9601440000000p-1',
    '-0x1.52750e0000000p-1',
    '0x1.a71f040000000p-1', '0x1.50772c0000000p-1', '0x1.41b60c0000000p-2', '-0x1.5937660000000p-1',
    '-0x1.028f8e0000000p-1',
    '0x1.a7d9460000000p-1', '0x1.315e3c0000000p-1', '0x1.9852b40000000p-2', '0x1.5fbf340000000p-2',
    '0x1.265aa40000000p-1',
    '0x1.19ccf00000000p-1', '0x1.f2e8f20000000p-2', '0x1.09d7f40000000p-2', '0x1.9adee40000000p-2',
    '0x1.db8fce0000000p-2',
]
    
AP2_F64 = [
    '-0x1.1bcadc91f9be4p-5', '0x1.7bc35d5ab9034p-5', '0x1.2103a4bdac525p-4', '0x1.aee91306a9317p-4',
    '0x1.8c87d8413f42dp-6',
    '-0x1.138a9bd4bc4bdp-3', '-0x1.51c4432e24c9ep-2', '-0x1.a226c9854293ap-3', '-0x1.1d385b610c8f7p-4',
    '0x1.0161bcd707002p-3',
    '-0x1.312635192e5e0p-7', '-0x1.7dcd5051ec752p-2', '-0x1.0a62868f41286p-4', '-0x1.c87b7fd836b90p-5',
    '0x1.3b34aeae1c2b0p-2',
    '0x1.9f029e975c4d8p-6', '-0x1.ad45bbfd43957p-2', '-0x1.15b315a676bd6p-3', '-0x1.4993697962470p-3',
    '0x1.226c312a0836dp-2',
    '0x1.007838832965fp-3', '-0x1.6048691e3d59cp-5', '0x1.1cf5863da1ff7p-3', '0x1.c7d4dba789980p-7',
    '0x1.7507a0853155ep-3',
]
    
AP3_OV = [
    '-0x1.7a63d00000000p-7', '0x1.fa59d00000000p-7', '0x1.fa59d00000000p-7', '0x1.ba5ed00000000p-6',
    '-0x1.c825000000000p-9',
    '-0x1.4075b80000000p-7', '-0x1.4075b80000000p-7', '-0x1.9cd8f00000000p-8', '-0x1.c825000000000p-9',
    '-0x1.4075b80000000p-7',
    '-0x1.4075b80000000p-7', '-0x1.9cd8f00000000p-8', '0x1.085a900000000p-7', '-0x1.9d67c40000000p-6',
    '-0x1.9d67c40000000p-6',
    '-0x1.10ca860000000p-5', '-0x1.a88d760000000p-4', '-0x1.5ed52c0000000p-5', '-0x1.5ed52c0000000p-5',
    '0x1.f245c00000000p-5',
    '-0x1.b90ea60000000p-5', '-0x1.517b420000000p-4', '-0x1.517b420000000p-4', '-0x1.d3cfc00000000p-6',
    '-0x1.b90ea60000000p-5',
    '-0x1.517b420000000p-4', '-0x1.517b420000000p-4', '-0x1.d3cfc00000000p-6', '0x1.980c460000000p-5',
    '-0x1.44215a0000000p-5',
    '-0x1.44215a0000000p-5', '-0x1.6e16d00000000p-4', '-0x1.a88d760000000p-4', '-0x1.5ed52c0000000p-5',
    '-0x1.5ed52c0000000p-5',
    '0x1.f245c00000000p-5', '-0x1.b90ea60000000p-5', '-0x1.517b420000000p-4', '-0x1.517b420000000p-4',
    '-0x1.d3cfc00000000p-6',
    '-0x1.b90ea60000000p-5', '-0x1.517b420000000p-4', '-0x1.517b420000000p-4', '-0x1.d3cfc00000000p-6',
    '0x1.980c460000000p-5',
    '-0x1.44215a0000000p-5', '-0x1.44215a0000000p-5', '-0x1.6e16d00000000p-4', '-0x1.7940fc0000000p-4',
    '-0x1.dd6ba00000000p-5',
    '-0x1.dd6ba00000000p-5', '0x1.1516580000000p-5', '-0x1.9c8c560000000p-5', '-0x1.296c8c0000000p-4',
    '-0x1.296c8c0000000p-4',
    '-0x1.6c99840000000p-6', '-0x1.9c8c560000000p-5', '-0x1.296c8c0000000p-4', '-0x1.296c8c0000000p-4',
    '-0x1.6c99840000000p-6',
    '0x1.55f5a20000000p-5', '-0x1.d5b5e00000000p-7', '-0x1.d5b5e00000000p-7', '-0x1.cb631a0000000p-5',
]
    
MP3_OV = [
    '0x0.0p+0', '0x0.0p+0', '0x1.7540000000000p-1', '0x0.0p+0', '0x0.0p+0',
    '0x0.0p+0', '0x0.0p+0', '0x0.0p+0', '0x0.0p+0', '0x0.0p+0',
    '0x0.0p+0', '0x0.0p+0', '0x0.0p+0', '0x0.0p+0', '0x0.0p+0',
    '0x0.0p+0', '0x1.5610f00000000p+1', '-0x1.6bea000000000p+1', '0x0.0p+0', '-0x1.f183900000000p-1',
    '0x0.0p+0', '0x0.0p+0', '0x0.0p+0', '0x0.0p+0', '0x0.0p+0',
    '0x0.0p+0', '0x0.0p+0', '0x0.0p+0', '0x0.0p+0', '0x0.0p+0',
    '0x1.50cdce0000000p+1', '0x0.0p+0', '0x0.0p+0', '0x0.0p+0', '0x0.0p+0',
    '0x0.0p+0',
]
    
MP3_RELU = [
    '-0x1.3f44380000000p-2', '0x0.0p+0', '0x0.0p+0', '0x0.0p+0', '0x0.0p+0',
    '0x0.0p+0', '0x0.0p+0', '0x0.0p+0', '0x0.0p+0', '0x0.0p+0',
    '0x0.0p+0', '0x0.0p+0', '0x1.7540000000000p-1', '0x0.0p+0', '0x0.0p+0',
    '0x0.0p+0', '0x1.be18d40000000p-3', '0x0.0p+0', '0x0.0p+0', '0x0.0p+0',
    '0x0.0p+0', '0x0.0p+0', '0x0.0p+0', '-0x1.cc55c20000000p-1', '0x0.0p+0',
    '0x0.0p+0', '0x0.0p+0', '0x0.0p+0', '0x0.0p+0', '0x0.0p+0',
    '0x0.0p+0', '0x0.0p+0',
]
    
MP3_NEAR = [
    '0x0.0p+0', '0x0.0p+0', '0x0.0p+0', '0x0.0p+0', '0x0.0p+0',
    '0x0.0p+0', '-0x1.3f44380000000p-2', '-0x1.3f44380000000p-2',
]


def _gradient(layer, shape=None, dtype='float32', x=None):
    x = tf.constant(np.random.RandomState(5).randn(*shape).astype(dtype) if x is None else x)
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = layer(x)
        loss = tf.reduce_sum(y * tf.constant(np.random.RandomState(6).randn(*y.shape).astype(dtype)))
    return [float(v).hex() for v in tape.gradient(loss, x).numpy().ravel()]


@pytest.mark.parametrize('make, shape, dtype, golden', [
    (lambda: L.MaxPooling2D(3, strides=1), (1, 5, 5, 2), 'float32', MP2_OV),
    (lambda: L.AveragePooling2D(3, strides=1, padding='same'), (1, 4, 5, 1), 'float32', AP2_OV),
    (lambda: L.AveragePooling2D(3, strides=1, dtype='float64'), (1, 5, 5, 1), 'float64', AP2_F64),
    (lambda: L.AveragePooling3D(3, strides=1), (1, 4, 4, 4, 1), 'float32', AP3_OV),
    (lambda: L.MaxPooling3D(2, strides=1), (1, 3, 4, 3, 1), 'float32', MP3_OV),
])
def test_overlapping_windows_add_up_in_tf_order(make, shape, dtype, golden):
    assert _gradient(make(), shape, dtype) == golden


def test_max_pool_3d_gives_every_tied_zero_the_gradient():
    x = np.maximum(np.random.RandomState(7).randn(1, 4, 4, 2, 1), 0).astype('float32')
    assert _gradient(L.MaxPooling3D(2), x=x) == MP3_RELU


def test_max_pool_3d_gives_near_ties_the_gradient():
    x = np.array([[1.0, 1.000004, 0.5, 2.0], [2.0, -1.0, 3.0, 3.000004]], 'float32').reshape(1, 2, 2, 2, 1)
    assert _gradient(L.MaxPooling3D(2), x=x) == MP3_NEAR


def test_max_pool_2d_gradient_has_no_negative_zeros():
    x = tf.constant(np.array([[1.0, -2.0, 0.5, 2.0], [3.0, -1.0, 0.0, -4.0]], 'float32').reshape(1, 2, 4, 1))
    with tf.GradientTape() as tape:
        tape.watch(x)
        loss = tf.reduce_sum(L.MaxPooling2D(2)(x) * tf.constant([[[[-1.0], [-2.0]]]]))
    g = tape.gradient(loss, x).numpy().ravel()
    assert g.tolist() == [0.0, 0.0, 0.0, -2.0, -1.0, 0.0, 0.0, 0.0]
    assert np.signbit(g).tolist() == [False, False, False, True, True, False, False, False]


def test_max_pool_2d_infinite_gradient_leaves_zeros_beside_the_maximum():
    # MaxPoolGrad writes the window's gradient at its maximum only: no inf * 0 = nan elsewhere
    x = tf.constant(np.array([1.0, 3.0, 2.0, 0.0], 'float32').reshape(1, 2, 2, 1))
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = L.MaxPooling2D(2)(x)
    g = tape.gradient(y, x, output_gradients=tf.constant(np.full((1, 1, 1, 1), np.inf, 'float32')))
    assert g.numpy().ravel().tolist() == [0.0, np.inf, 0.0, 0.0]


@pytest.mark.parametrize('cls', ['AveragePooling1D', 'AveragePooling3D'])
def test_average_pooling_without_pool_size_names_its_class(cls):
    with pytest.raises(TypeError) as caught:
        getattr(L, cls)()
    assert str(caught.value) == "%s.__init__() missing 1 required positional argument: 'pool_size'" % cls


# TF 2.21's bfloat16 AvgPool gradient (oneDNN); tapeflow's oneDNN rule (division, its order) meets 47 of the 60
# values (oneDNN rounds bfloat16 otherwise still); Eigen's rule met 26, the row-major division of old 36
AP2_BF16 = [
    0.1806640625, -0.068359375, 0.1220703125, -0.1875, 0.2177734375, -0.443359375,
    0.23046875, -0.458984375, 0.2890625, -0.33984375, 0.193359375, -0.08447265625,
    0.2158203125, -0.09619140625, 0.3203125, -0.443359375, 0.37890625, -0.7421875,
    0.482421875, -0.85546875, 0.37890625, -0.50390625, 0.318359375, -0.20703125,
    0.1962890625, -0.193359375, 0.3046875, -0.4765625, 0.240234375, -0.64453125,
    0.462890625, -0.60546875, 0.35546875, -0.3203125, 0.41796875, -0.1513671875,
    0.0162353515625, -0.125, 0.1826171875, -0.291015625, 0.0242919921875, -0.2041015625,
    0.234375, -0.1455078125, 0.06787109375, 0.0186767578125, 0.2265625, -0.06640625,
    -0.0191650390625, -0.09765625, -0.0145263671875, -0.033203125, -0.13671875, 0.0947265625,
    -0.0177001953125, 0.248046875, -0.0223388671875, 0.18359375, 0.10009765625, 0.055908203125,
]


def test_bfloat16_average_pool_gradient_takes_the_onednn_rule():
    x = tf.cast(tf.constant(np.random.RandomState(0).randn(1, 5, 6, 2).astype('float32')), 'bfloat16')
    w = tf.cast(tf.constant(np.random.RandomState(1).randn(1, 3, 4, 2).astype('float32')), 'bfloat16')
    with tf.GradientTape() as tape:
        tape.watch(x)
        loss = tf.reduce_sum(tf.nn.avg_pool2d(x, 3, 1, 'VALID') * w)
    g = tf.cast(tape.gradient(loss, x), 'float32').numpy().ravel().tolist()
    assert sum(a == b for a, b in zip(g, AP2_BF16)) == 47
