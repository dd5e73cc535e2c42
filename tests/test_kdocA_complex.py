"""keras.ops complex results carry Keras 3.15-on-TF 2.21's dtypes.

Golden values: the same calls under TF 2.21 + Keras 3.15 (the ops.view_as_complex docstring
example among them).
"""
import numpy as np
import pytest

import framework as tf
from framework.keras import ops


def test_view_as_complex_is_complex64_whatever_the_real_dtype():
    # Keras casts both parts to complex64, float64 included (the docstring example prints complex64)
    for x in (np.array([[1.0, 2.0], [3.0, 4.0]]), np.array([[1, 2], [3, 4]]), np.array([[1, 2], [3, 4]], 'float16')):
        out = ops.view_as_complex(x)
        assert out.dtype.name == 'complex64'
        np.testing.assert_array_equal(out.numpy(), np.array([1 + 2j, 3 + 4j], np.complex64))


def test_view_as_complex_multiplies_the_imaginary_part_by_1j():
    # real + 1j * imag in complex64: an infinite imaginary part gives a NaN real part, as TF prints it
    x = np.array([[np.inf, 2.0], [3.0, np.inf], [-0.0, -0.0]], 'float32')
    got = ops.view_as_complex(x).numpy()
    assert np.isinf(got[0].real) and got[0].imag == 2.0
    assert np.isnan(got[1].real) and got[1].imag == np.inf
    assert got[2] == 0


# Keras's result_type(complex128, float) is complex64: these ops compute a complex128 input in complex64
# (exp, expm1 keep it). TF 2.21 + Keras 3.15: str(getattr(ops, name)(z).dtype) for z complex128.
WEAK_FLOAT_DTYPES = {
    'sqrt': 'complex64', 'log': 'complex64', 'log1p': 'complex64', 'sin': 'complex64', 'cos': 'complex64',
    'tan': 'complex64', 'sinh': 'complex64', 'cosh': 'complex64', 'tanh': 'complex64', 'arcsin': 'complex64',
    'arccos': 'complex64', 'arctan': 'complex64', 'arcsinh': 'complex64', 'arccosh': 'complex64',
    'arctanh': 'complex64', 'log2': 'complex64', 'log10': 'complex64', 'exp': 'complex128',
    'expm1': 'complex128', 'angle': 'float32', 'sinc': 'complex64'}


@pytest.mark.parametrize('name', sorted(WEAK_FLOAT_DTYPES))
def test_complex128_meets_kerass_weak_float(name):
    z = np.array([0.5 + 0.25j, -0.3 + 0.1j])
    out = getattr(ops, name)(z)
    assert out.dtype.name == WEAK_FLOAT_DTYPES[name]
    want = getattr(np, name)(z.astype(np.complex64)) if hasattr(np, name) else None
    if want is not None and name not in ('angle', 'sinc'):
        np.testing.assert_allclose(out.numpy(), want, rtol=2e-6)


def test_angle_carries_the_c_librarys_atan2_bits():
    # TF 2.21: ops.angle(w) and tf.math.angle(w) of 12 complex64 values (RandomState(0) normals); std::arg = atan2f
    rng = np.random.RandomState(0)
    w = (rng.randn(12) + 1j * rng.randn(12)).astype(np.complex64)
    want = np.array([0.4072911739349365, 0.2951847314834595, 0.42576539516448975, 0.14781631529331207,
                     0.6747516393661499, -2.934669256210327, 0.3183094561100006, -1.746188759803772,
                     -1.6112048625946045, 1.0099042654037476, 1.4056804180145264, -0.4718804955482483], np.float32)
    np.testing.assert_array_equal(ops.angle(w).numpy(), want)
    np.testing.assert_array_equal(tf.math.angle(w).numpy(), want)
    # the ops.angle docstring example: Python complex numbers are complex128, computed as complex64
    got = ops.angle(ops.convert_to_tensor([[1 + 3j, 2 - 5j], [4 - 3j, 3 + 2j]]))
    assert got.dtype.name == 'float32'
    np.testing.assert_array_equal(got.numpy(), np.array([[1.249045729637146, -1.1902899742126465],
                                                         [-0.6435011029243469, 0.588002622127533]], np.float32))


def test_angle_gradient_through_keras_ops():
    z = tf.Variable(np.array([0.5 + 0.25j], np.complex64))
    with tf.GradientTape() as tape:
        y = ops.sum(ops.angle(z))
    assert tape.gradient(y, z) is not None
