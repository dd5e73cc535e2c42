"""Sums over reduced axes that alternate with kept ones (four runs or more) add in TensorFlow's
order: its reduction kernel transposes the kept axes first and sums each row of reduced values
as a trailing axis (framework/ops/eigen_shuffled_sum.py). GroupNormalization's moments reduce
so ((batch, rows, cols, groups, channels / groups) over all but batch and groups).

Golden bits printed by TF 2.21 + Keras 3.15 for the same inputs
(/work/notes/progs/layers13/gold_red.py).
"""
import numpy as np

import framework as tf
from framework import keras


def _input(shape, dtype='float32'):
    n = int(np.prod(shape))
    return ((np.arange(n) * 7919 % 113) / 17 - 3).astype(dtype).reshape(shape) * np.array(1.1, dtype)


def _bits(a):
    a = np.asarray(a)
    return a.view(np.uint64 if a.dtype == np.float64 else np.uint32).ravel().tolist()


KERAS_BITS = {
    'sum_0_2': [
        0x40048485, 0xbf151510, 0x40827272, 0xc0bc6c6d, 0xbf9d5d60, 0x40f03032, 0x409b4b4b, 0x41183030,
        0xbee7e7e0, 0x40869696, 0x40b42424, 0xc08ababb, 0x3ea5a5a8, 0xc0151516, 0x40151516],
    'mean_1_3': [
        0xbe72f2f4, 0x3f398653, 0x3e65b27e, 0x3e58720f, 0x3dc25bf7, 0x3da7db15, 0x3f0e74dc, 0x3d65b27c],
    'sum64_1_3': [
        0xc00c78787878787a, 0x4025bdbdbdbdbdbf, 0x400aeaeaeaeaeae8, 0x40095d5d5d5d5d5c,
        0x3ff6c6c6c6c6c6c4, 0x3ff3abababababae, 0x4020b1b1b1b1b1b2, 0x3feaeaeaeaeaeaea],
    'gn_y': [
        0xbfce4a34, 0xbfac1e7f, 0xbf975e99, 0xbf61fd02, 0xbf0b36c9, 0xbe8dbec3, 0x3c887220, 0x3ea20784,
        0x3f0626d4, 0x3f4a7e3c, 0x3f9ba22b, 0x3fc20243, 0x3fcbc239, 0xbfbf1a55, 0xbfacb06e, 0xbf865055,
        0xbf312e74, 0xbed9ae1a, 0xbe198062, 0x3e198062, 0x3ec05e53, 0x3f248690, 0x3f865056, 0x3facb06e,
        0x3fb8c663, 0x3fdaf216, 0xbfc20242, 0xbf9ba22a, 0xbf57261e, 0xbf12ceb8, 0xbea20783, 0xbc88721c,
        0x3e68ddf8, 0x3efd1dcb, 0x3f61fd01, 0x3f975e9a, 0x3f9f1f73, 0x3fc31346, 0xbfbaf475, 0xbf97f100,
        0xbf947864, 0xbf610920, 0xbebb9a72, 0xbdbe3268, 0xbd1522d0, 0x3e7a55e7, 0x3f3a4e77, 0x3f802ab1,
        0x3f8b2636, 0x3faf1a0a, 0x3fe93514, 0xbfab64b3, 0xbfa871a0, 0xbf847dcd, 0xbf04b4a0, 0xbe7ab6d0,
        0xbe451297, 0x3db51806, 0x3f136711, 0x3f596dfd, 0x3f6e59f3, 0x3f9b20cd, 0x3fd5c160, 0xbfbed866,
        0xbfbc6add, 0xbf987709, 0xbf2b9c07, 0xbecb2a35, 0xbeb26e3e, 0xbd8a7bc2, 0x3ed8ff54, 0x3f328696],
    'gn_gx': [
        0x3fba91c2, 0x3fd6e333, 0xbf904343, 0xbf7285f0, 0xbf8130c0, 0xbf49be9f, 0xbed1085e, 0xbe6a0e69,
        0xbdfeaffe, 0x3dc66700, 0x3e9efc4a, 0x3efafd74, 0x3f42b57e, 0x3fc727bc, 0x40226438, 0xbf860a3f,
        0xbf90ec36, 0xbf69358e, 0xbf0212bb, 0xbea8244c, 0xbe7d33b8, 0xbcd541c0, 0x3e57be68, 0x3ec7e05e,
        0x3f233e91, 0x3f5be172, 0x401c0095, 0xbf92d183, 0xbfa0a7ae, 0xbf84563d, 0xbf1ba148, 0xbedb4164,
        0xbebd87b9, 0xbe1883f0, 0x3de30870, 0x3e94c345, 0xbff7375e, 0xbfda149a, 0xbf1783fc, 0xbed1afb1,
        0xbeb4583c, 0xbdff34c6, 0x3e0cb23e, 0x3ea3b164, 0x3f0ee9f6, 0x3f492f7b, 0x3f5ddd1c, 0x3f86449f,
        0x3fbc0005, 0xbfea445d, 0xbfeb5669, 0xbf02c5b3, 0xbef51742, 0xbe808c38, 0x3d13eb50, 0x3e5fab60,
        0x3edd14e6, 0x3f28cff7, 0x3f43ef41, 0x3f729b64, 0x3fabd043, 0x3fc8f305, 0xbff84d56, 0xbf1cb38f,
        0xbf1aeb22, 0xbec14b3c, 0xbd85792e, 0x3defe7eb, 0x3e9c55e1, 0x3f087075, 0x3f2a0166, 0x3f58ad89],
    'gn_gamma': [
        0x41799e5d, 0xbfe66540, 0xc0860330, 0x41f7cdeb],
}


def test_sums_over_alternating_axes_match_tensorflow():
    x = tf.constant(_input((2, 3, 4, 5)))
    assert _bits(tf.reduce_sum(x, [0, 2])) == KERAS_BITS['sum_0_2']
    assert _bits(tf.reduce_mean(x, [1, 3])) == KERAS_BITS['mean_1_3']
    x64 = tf.constant(_input((2, 3, 4, 5), 'float64'))
    assert _bits(tf.reduce_sum(x64, [1, 3])) == KERAS_BITS['sum64_1_3']


def test_group_normalization_outputs_and_gradients_match_tensorflow():
    keras.backend.clear_session()
    x = tf.constant(_input((2, 3, 3, 4)))
    layer = keras.layers.GroupNormalization(groups=2)
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = layer(x)
        loss = tf.reduce_sum(y * tf.constant(_input((2, 3, 3, 4))[::-1].copy()))
    gx, gamma, _ = tape.gradient(loss, [x] + layer.trainable_weights)
    assert _bits(y) == KERAS_BITS['gn_y']
    assert _bits(gx) == KERAS_BITS['gn_gx']
    assert _bits(gamma) == KERAS_BITS['gn_gamma']


def test_alternating_sums_keep_values_and_shapes():
    # the transposed rows hold the same values: equal to float64 sums within rounding, any keepdims
    a = _input((2, 3, 4, 5, 2))
    for axes in ([1, 3], [0, 2, 4], [1, 2, 4]):
        got = np.asarray(tf.reduce_sum(tf.constant(a), axes, keepdims=True))
        want = a.astype(np.float64).sum(axis=tuple(axes), keepdims=True)
        assert got.shape == want.shape
        np.testing.assert_allclose(got, want, rtol=1e-5, atol=1e-5)
