"""tf.fftnd / ifftnd / rfftnd / irfftnd (the raw-op spellings): tf.signal's values, Tcomplex / Treal dtypes.

TensorFlow 2.21's CPU build has no FFTND kernels (NotFoundError); the values are checked against
numpy's n-dimensional FFTs and the gradients against central differences in float64."""
import numpy as np
import pytest

import framework as tf

X = np.random.RandomState(0).randn(3, 4)
COVERED_HERE = {'fftnd', 'ifftnd', 'rfftnd', 'irfftnd'}     # gradients checked below (test_op_gradients' sweep)
_C = (X + 0.5j).astype(np.complex64)
SWEEP_CALLS = {'fftnd': ((_C, [3, 4], [0, 1]), {}), 'ifftnd': ((_C, [3, 4], [0, 1]), {}),      # test_bad_input_sweep
               'rfftnd': ((X.astype(np.float32), [3, 4], [0, 1]), {}),
               'irfftnd': ((_C[:, :3], [3, 4], [0, 1]), {})}


def test_values_are_numpys_and_dtypes_follow_tcomplex_treal():
    spectrum = tf.rfftnd(X, [3, 4], [0, 1])
    assert spectrum.dtype == tf.complex64
    np.testing.assert_allclose(spectrum.numpy(), np.fft.rfftn(X), rtol=1e-5, atol=1e-5)
    wide = tf.rfftnd(X, [3, 4], [0, 1], Tcomplex=tf.complex128)
    assert wide.dtype == tf.complex128
    back = tf.irfftnd(wide, [3, 4], [0, 1], Treal=tf.float64)
    assert back.dtype == tf.float64 and tf.irfftnd(wide, [3, 4], [0, 1]).dtype == tf.float32
    np.testing.assert_allclose(back.numpy(), X, atol=1e-12)
    z = X.astype(np.complex128)
    np.testing.assert_allclose(tf.fftnd(z, [3, 4], [0, 1]).numpy(), np.fft.fftn(z), atol=1e-12)
    np.testing.assert_allclose(tf.ifftnd(z, [2, 4], [0, 1]).numpy(), np.fft.ifftn(z, s=[2, 4]), atol=1e-12)
    np.testing.assert_allclose(tf.fftnd(z, [4], [1]).numpy(), np.fft.fft(z, axis=1), atol=1e-12)


def test_fft_length_and_axes_are_required():
    with pytest.raises(TypeError):
        tf.fftnd(X.astype(np.complex64))


def test_gradient_matches_central_differences():
    def power(x):
        spectrum = tf.rfftnd(x, [3, 4], [0, 1], Tcomplex=tf.complex128)
        return tf.reduce_sum(tf.math.real(spectrum * tf.math.conj(spectrum)) * tf.range(9, dtype=tf.float64)[:, None][:3])

    theoretical, numerical = tf.test.compute_gradient(power, [tf.constant(X)])
    np.testing.assert_allclose(theoretical[0], numerical[0], rtol=1e-6, atol=1e-6)


@pytest.mark.parametrize('transform', ['fftnd', 'ifftnd'])
def test_complex_transform_gradients_match_central_differences(transform):
    def f(re, im):
        out = getattr(tf, transform)(tf.complex(re, im), [3, 4], [0, 1])
        return tf.concat([tf.math.real(out), tf.math.imag(out)], 0)

    theoretical, numerical = tf.test.compute_gradient(f, [tf.constant(X), tf.constant(X[::-1].copy())])
    for t, n in zip(theoretical, numerical):
        np.testing.assert_allclose(t, n, rtol=1e-6, atol=1e-6)


def test_irfftnd_gradient_matches_central_differences():
    spectrum = np.fft.rfftn(X)

    def f(re, im):
        return tf.irfftnd(tf.complex(re, im), [3, 4], [0, 1], Treal=tf.float64)

    theoretical, numerical = tf.test.compute_gradient(f, [tf.constant(spectrum.real), tf.constant(spectrum.imag)])
    for t, n in zip(theoretical, numerical):
        np.testing.assert_allclose(t, n, rtol=1e-6, atol=1e-6)
