"""keras.ops.image.affine_transform as Keras 3.15 on TF 2.21 runs it (ImageProjectiveTransformV3):
'reflect' and 'wrap' fill modes (tapeflow refused them), TF's registered gradient (the output gradient
sampled back through the inverse transforms, inverted as TF's MatrixInverse does; tapeflow gave the exact
adjoint), float64 / half images interpolated in float32, integer images kept integer (tapeflow returned
float32) with the fill value read as a pixel. Golden values printed by TF 2.21
(/work/notes/progs/layers9/gold_aff.py):

    x = np.arange(12, dtype='float32').reshape(1, 3, 4, 1) / 7
    T = np.array([0.9, -0.3, 0.5, 0.3, 0.9, -0.2, 0.01, 0.0], 'float32')
    W = np.linspace(-1, 1, 12, dtype='float32').reshape(1, 3, 4, 1)
    with tf.GradientTape() as tape:
        tape.watch(xt); y = keras.ops.image.affine_transform(xt, T, interpolation=..., fill_mode=..., fill_value=0.5)
        loss = tf.reduce_sum(y * W)
"""
import numpy as np
import pytest

import framework as tf
from framework import keras
from framework.ops.image.projective import _lu_inverse

X = np.arange(12, dtype='float32').reshape(1, 3, 4, 1) / 7
T = np.array([0.9, -0.3, 0.5, 0.3, 0.9, -0.2, 0.01, 0.0], 'float32')
W = np.linspace(-1, 1, 12, dtype='float32').reshape(1, 3, 4, 1)

CASES = {
    ('bilinear', 'constant'): (
        [0.15714286267757416, 0.25459688901901245, 0.5462185144424438, 0.7830750942230225, 0.4285714328289032,
         0.7213578820228577, 1.0084033012390137, 1.2898750305175781, 0.8728572130203247, 1.1881186962127686,
         1.2427637577056885, 1.0748016834259033],
        [-0.41555556654930115, -0.8730741739273071, -0.48897695541381836, -0.17653313279151917, -0.006108954548835754,
         -0.0782146081328392, -0.1324853152036667, -0.18787881731987, 0.3125917315483093, 0.6455669403076172,
         0.6757990121841431, 0.3628636598587036]),
    ('bilinear', 'reflect'): (
        [0.0714285746216774, 0.25459688901901245, 0.5462185144424438, 0.8169209957122803, 0.4285714328289032,
         0.7213578820228577, 1.0084033012390137, 1.2898750305175781, 0.9142856597900391, 1.1881186962127686,
         1.3809523582458496, 1.5034674406051636],
        [-0.7333333492279053, -0.8730741739273071, -0.7093383073806763, -0.5189003944396973, -0.006790235638618469,
         -0.0782146081328392, -0.1324853152036667, -0.18787881731987, 0.4972544312477112, 0.6825885772705078,
         0.6757990121841431, 0.5638040900230408]),
    ('nearest', 'wrap'): (
        [1.2857142686843872, 0.1428571492433548, 0.2857142984867096, 0.5714285969734192, 0.5714285969734192,
         0.7142857313156128, 0.8571428656578064, 1.5714285373687744, 1.5714285373687744, 1.2857142686843872,
         0.2857142984867096, 0.4285714328289032],
        [-0.4545454680919647, -0.8181818127632141, 0.8181818127632141, 1.0, 0.27272728085517883, -0.09090909361839294,
         0.09090909361839294, -0.4545454680919647, -1.0, -0.8181818127632141, 0.8181818127632141,
         -0.27272728085517883]),
}


@pytest.mark.parametrize('interpolation, fill_mode', sorted(CASES))
def test_values_and_tf_gradient(interpolation, fill_mode):
    values, gradient = CASES[(interpolation, fill_mode)]
    x = tf.constant(X)
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = keras.ops.image.affine_transform(x, T, interpolation=interpolation, fill_mode=fill_mode, fill_value=0.5)
        loss = tf.reduce_sum(y * W)
    np.testing.assert_array_equal(y.numpy().ravel(), np.float32(values))
    np.testing.assert_array_equal(tape.gradient(loss, x).numpy().ravel(), np.float32(gradient))


def test_float64_images_are_interpolated_in_float32():
    y = keras.ops.image.affine_transform(X.astype('float64') * 3, T)
    assert y.dtype == tf.float64
    np.testing.assert_array_equal(y.numpy().ravel(), [
        0.1714285910129547, 0.7637906074523926, 1.6386555433273315, 2.1890311241149902, 1.2857143878936768,
        2.1640734672546387, 3.025209903717041, 3.8696255683898926, 2.468571186065674, 3.5643563270568848,
        3.492997169494629, 2.583627700805664])


def test_integer_images_stay_integer_and_read_the_fill_value_as_a_pixel():
    y = keras.ops.image.affine_transform((X * 70).astype('int32'), T, fill_value=0.5)
    assert y.dtype == tf.int32
    np.testing.assert_array_equal(y.numpy().ravel(), [4, 17, 38, 51, 30, 50, 70, 90, 57, 83, 81, 60])


def test_unknown_fill_mode_in_keras_words():
    with pytest.raises(ValueError) as info:
        keras.ops.image.affine_transform(X, T, fill_mode='mirror')
    assert str(info.value) == ("Invalid value for argument `fill_mode`. Expected of one ('constant', 'nearest', "
                               "'wrap', 'reflect'). Received: fill_mode=mirror")
    with pytest.raises(ValueError) as info:        # interpolation is checked first, as in Keras
        keras.ops.image.affine_transform(X, T, interpolation='bicubic', fill_mode='mirror')
    assert str(info.value) == ("Invalid value for argument `interpolation`. Expected of one ('nearest', 'bilinear'). "
                               "Received: interpolation=bicubic")


def test_inverse_has_tf_matrix_inverse_bits():
    # tf.linalg.inv of these float32 matrices, printed by TF 2.21 as hex bits (numpy's LAPACK inverse
    # differs in the last bit of some entries of both)
    m = np.array([[[1.7640524, 0.4001572, 0.978738], [2.2408931, 1.867558, -0.9772779], [0.0095009, -0.0015136, 1.]],
                  [[0.4105985, 0.1440436, 1.4542735], [0.7610377, 0.1216750, 0.4438632], [0.0033367, 0.0149408, 1.]]],
                 np.float32)
    got = _lu_inverse(m)
    np.testing.assert_allclose(got @ m, np.broadcast_to(np.eye(3), (2, 3, 3)), atol=1e-5)
    np.testing.assert_array_equal(got.view(np.uint32), np.array(TF_INVERSE_BITS, np.uint32).reshape(2, 3, 3))


TF_INVERSE_BITS = [0x3f498117, 0xbe2d7ae9, 0xbf6f9abc, 0xbf72faf8, 0x3f3d7ba9, 0x3fd37eef, 0xbc121055, 0x3b32e83a,
                   0x3f817556, 0xc01f4600, 0x40295775, 0x401c7672, 0x4183728b, 0xc10c6f6f, 0xc19ffe58, 0xbe72e140,
                   0x3dfa7d81, 0x3fa533e9]
