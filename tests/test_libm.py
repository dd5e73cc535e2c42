"""framework/libm.py: the C library's functions where TensorFlow calls them, on every CPU.

numpy's sinh, cosh, powf, log1p, ... match the C library's on some CPUs only (on AVX-512 ones its
wheels use SVML), so ops that TensorFlow computes with C's functions call them through libm.

Golden values: TF 2.21 (/opt/tfref) on the arrays below, ``.numpy().tobytes().hex()``; the
pow and schedule strings concatenate one float32 per step (/work/notes/progs/me9/libm_golden.py).
"""
import numpy as np
import pytest

import framework as tf
from framework import keras, libm
from framework.ops.arithmetic import pow_arrays

X = np.float32([0.3, -1.7, 2.9, 0.85, -0.05])
B = np.float32([1.2, 3.7, 1.01, 2.5, 7.0])
TF_VALUES = {   # name: (input, float32 hex, float64 hex or None where TF's float64 kernel is not C's)
    'sinh': (X, '16ea9b3e095229c0f7f3104104c4743fa6e24cbd',
             'a716b6bc427dd33fda956225412a05c0418332e77e1e2240af4420918098ee3fc78059c3549ca9bf'),
    'cosh': (X, 'a7cd853f1f03354057d511418a17b13ff828803f',
             'd562b0e1b4b9f03f74dfc1eb63a0064071c3eae7aa3a2240ee86fc4ff122f63f65ab3dfe1e05f03f'),
    'tan': (X, '53619e3e8b4af640ab517cbee3b4913f89f84cbd',
            '13f4e8522accd33f85827a5151c91e40e9671969358acfbf77f8a56b9c36f23f2add3b20119fa9bf'),
    'asinh': (X, '7662973e4981a6bfcca6e43fd26f453ffbb64cbd',
              'ad97a8b14eecd23f9964f11a29d0f4bfba4f747ed994fc3f4620f829faade83fd3810c5cdf96a9bf'),
    'acosh': (B, '28531f3f04c9fd3febb1103ee18cc83f14922840',
              '2cb28eeb64eae33fa6690c7220b9ff3f8d97ea5d3d16c23fb01ba3139c11f93f3504987142120540'),
    'asin': (X / 3, '9424cd3d783a1abf84eba73fce14933e278a88bc',
             'ed1f727c92a4b93f00f7dfed4e47e3bf92e4658b70fdf43fae38c0b99962d23fc633bbe9441191bf'),
    'acos': (X / 3, '913dbc3f8b160b405991843ea74aa43f0332cb3f',
             '190b7d2cb287f73f4c149a65d1620140182279232b92d03fed1ed4e55489f43fe719eb674066f93f'),
    'atan': (X, 'd439953e520085bfee8e9e3fb959343f2da14cbd', None),
    'atanh': (X / 3, '9e7ccd3d608124bf327b02409f25953ec58b88bc', None),
}
POW_096 = ('8fc2753ffaed6b3f0e7e623fc56e593f42bc503fcf62483fdb5e403ffbac383fe649313f76322a3fa463233f89da1c3f'
           '5b94163f6b8e103f29c60a3f1d39053fd1c9ff3e8b8ef53e0abceb3e1e4ee23ec040d93e1490d03e6538c83e2436c03e'
           'e485b83e6024b13e700eaa3e1041a33e56b99c3e7c74963ed36f903ecaa88a3eeb1c853eae937f3e925a753e258a6b3e'
           '381e623ec512593ef063503e050e483e')
EXPONENTIAL_DECAY = ('bed7b53d7b75a13d295c8f3d70947e3ddf0a623d39b4483db534323dcf3a1e3d287e0c3dfd7cf93c8785dd3c'
                     '9eb0c43c4aa4ae3cac109b3cd5ae893c9a7f743c5717593c90c1403c1f262b3cbdf6173c')
POLYNOMIAL_DECAY = ('7c00c83d6527c33dee40be3d724cb93d3c49b43d8836af3d7d13aa3d2cdfa43d8d989f3d7e3e9a3db8cf943d'
                    'cd4a8f3d1eae893dd7f7833dbd4b7c3d896b703d6d49643db7de573d6e234b3de20d3e3d')

needs_c = pytest.mark.skipif(libm.c_function('sinh', np.float32) is None, reason='no C math library here')


@needs_c
@pytest.mark.parametrize('name', sorted(TF_VALUES))
def test_unary_ops_carry_tensorflows_bits(name):
    x, hex32, hex64 = TF_VALUES[name]
    op = getattr(tf.math, name)
    assert op(x).numpy().tobytes().hex() == hex32
    if hex64 is not None:
        assert op(x.astype(np.float64)).numpy().tobytes().hex() == hex64


@needs_c
def test_scalar_pow_is_cs_powf_as_nadams_decay_and_the_schedules_use_it():
    steps = np.arange(1, 41, dtype=np.float32)
    assert ''.join(np.asarray(pow_arrays(np.float32(0.96), t, False)).tobytes().hex() for t in steps) == POW_096
    S = keras.optimizers.schedules
    assert ''.join(S.ExponentialDecay(0.1, 3, 0.7)(t).numpy().tobytes().hex() for t in range(1, 21)) \
        == EXPONENTIAL_DECAY
    assert ''.join(S.PolynomialDecay(0.1, 30, power=0.7)(t).numpy().tobytes().hex() for t in range(1, 21)) \
        == POLYNOMIAL_DECAY


def test_apply_keeps_dtype_shape_and_scalars():
    x = np.array([[0.5, 1.25], [2.0, 3.0]], np.float32)
    assert libm.apply('cos', x).dtype == np.float32 and libm.apply('cos', x).shape == (2, 2)
    np.testing.assert_allclose(libm.apply('cos', x), np.cos(x), rtol=1e-6)
    assert libm.apply('log', np.float64(2.0)) == np.log(2.0)
    assert isinstance(libm.apply('log', np.float32(2.0)), np.float32)
    assert libm.apply('log', np.array(2.0, np.float32)).shape == ()          # a 0-d array stays one
    np.testing.assert_allclose(libm.apply('pow', np.float32([2, 3]), np.float32(2)), [4, 9])


def test_other_dtypes_take_numpys_function():
    half = np.array([0.5, 2.0], np.float16)
    assert libm.apply('sinh', half).dtype == np.float16
    np.testing.assert_array_equal(libm.apply('asinh', half), np.arcsinh(half))
    assert libm.c_function('sinh', np.int32) is None
