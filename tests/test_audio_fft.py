"""tf.signal's FFTs: TensorFlow's gradients (golden values printed by TF 2.21's tape on the same inputs,
/work/notes/progs/audio/gold_fft.py), float32 values bit-exact with TF's kernels where scipy is installed,
and fftnd / ifftnd / rfftnd / irfftnd (which TF 2.21's CPU build has no kernels for) against numpy."""
import numpy as np
import pytest

import framework as tf
from framework.gradient_check import check_gradients

X = np.float32([[0.5, -1.0, 2.0, 0.25], [1.5, 0.0, -0.5, 1.0]])
W = np.float32([[1, 2, 3, 4], [0.5, -1, 2, -2]])


def test_gradients_match_tensorflow():
    x = tf.Variable(X)
    c = tf.Variable(tf.complex(X, X[::-1]))
    with tf.GradientTape(persistent=True) as tape:
        f = tf.signal.fft(c)
        l1 = tf.reduce_sum(tf.math.real(f) * W + tf.math.imag(f) * W * W)
        l2 = tf.reduce_sum(tf.abs(tf.signal.rfft(x)) * W[:, :3])
        l3 = tf.reduce_sum(tf.signal.irfft(c, [6]) * tf.concat([W, W[:, :2]], 1))
        l4 = tf.reduce_sum(tf.abs(tf.signal.rfft2d(x)))
    # TF 2.21, same program: fft's gradient is size * ifft(g), exactly
    np.testing.assert_array_equal(tape.gradient(l1, c).numpy(), np.complex64(
        [[10 + 30j, 10 - 10j, -2 - 10j, -14 - 6j], [-0.5 + 9.25j, 1.5 - 2.75j, 5.5 - 0.75j, -4.5 - 4.75j]]))
    np.testing.assert_allclose(tape.gradient(l2, x).numpy(), [[2.4635575, -3.2803688, 5.5364428, -0.7196312],
                                                              [-0.39442718, 0.9472136, 1.3944272, 0.05278641]],
                               rtol=2e-7)
    np.testing.assert_allclose(tape.gradient(l3, c).numpy(), np.complex64(
        [[2.1666667, -1 - 0.57735026j, 0.33333334 + 0.57735026j, -0.5],
         [-0.16666667, 0.08333334 - 0.4330127j, -0.5833334 + 0.4330127j, 1.1666667]]), rtol=2e-7)
    np.testing.assert_allclose(tape.gradient(l4, x).numpy(), [[1.2194717, -3.047434, 2.7805283, -0.9525659],
                                                              [3.2143893, 1.09506, 0.7856108, 2.9049401]], rtol=1e-6)


def test_abs_of_a_complex_tensor_has_tensorflows_gradient_bits():
    # TF 2.21: d|z|/dz at rfft([1, 2, 3])[1] = -1.5+0.8660254j is -0.86602545+0.5j (div_no_nan by complex(|z|, 0))
    x = tf.Variable([1.0, 2.0, 3.0])
    with tf.GradientTape() as tape:
        y = tf.abs(tf.signal.rfft(x))
    np.testing.assert_array_equal(tape.gradient(y, x).numpy(), np.float32([0.13397455, 1.0, 1.8660254]))


def test_float32_transforms_are_tensorflows_bits():
    pytest.importorskip('scipy')
    # TF 2.21: tf.signal.rfft(X) and fft2d(complex(X, X)) printed with repr
    np.testing.assert_array_equal(tf.signal.rfft(X).numpy(), np.complex64([[1.75, -1.5 + 1.25j, 3.25],
                                                                            [2.0, 2.0 + 1.0j, 0.0]]))
    z = np.complex64(np.sin(np.arange(28, dtype=np.float32)).reshape(4, 7) * (1 + 0.5j))
    # complex kernels transform the last axis first, then the others
    import scipy.fft
    np.testing.assert_array_equal(tf.signal.fft2d(z).numpy(), scipy.fft.fft(scipy.fft.fft(z, axis=1), axis=0))


def _complex(a, b):
    return tf.complex(a, b)


# (rfft3d / irfft3d: TF 2.21 registers no gradient, tests/test_gradfuzz25_unregistered_gradients.py)
GRADIENT_CASES = {
    'fft': lambda a, b: tf.math.real(tf.signal.fft(_complex(a, b)) * (1 + 2j)),
    'ifft2d': lambda a, b: tf.math.imag(tf.signal.ifft2d(_complex(a, b))),
    'fft3d': lambda a, b: tf.abs(tf.signal.fft3d(_complex(a, b)[None])),
    'rfft': lambda a, b: tf.math.imag(tf.signal.rfft(a * b)),
    'rfft_padded': lambda a, b: tf.math.real(tf.signal.rfft(a, [7])) + tf.math.imag(tf.signal.rfft(b, [7])),
    'rfft_cropped': lambda a, b: tf.abs(tf.signal.rfft(a + b, [3])),
    'rfft2d': lambda a, b: tf.math.real(tf.signal.rfft2d(a)) + tf.math.imag(tf.signal.rfft2d(b)),
    'irfft': lambda a, b: tf.signal.irfft(_complex(a, b)),
    'irfft_odd': lambda a, b: tf.signal.irfft(_complex(a, b), [5]),
    'irfft2d': lambda a, b: tf.signal.irfft2d(_complex(a, b), [3, 4]),
    'fftnd_axes': lambda a, b: tf.abs(tf.signal.fftnd(_complex(a, b), fft_length=[3, 5], axes=[0, 1])),
    'ifftnd_ortho': lambda a, b: tf.math.real(tf.signal.ifftnd(_complex(a, b), axes=[0], norm='ortho')),
    'rfftnd_forward': lambda a, b: tf.math.imag(tf.signal.rfftnd(a * b, axes=[1, 0], norm='forward')),
    'irfftnd': lambda a, b: tf.signal.irfftnd(_complex(a, b), fft_length=[2, 6]),
}


@pytest.mark.parametrize('name', sorted(GRADIENT_CASES))
def test_gradients_match_central_differences(name):
    rng = np.random.default_rng(len(name))
    check_gradients(GRADIENT_CASES[name], [rng.standard_normal((2, 4)), rng.standard_normal((2, 4))])


def test_nd_transforms_match_numpy():
    rng = np.random.default_rng(0)
    z = (rng.standard_normal((2, 3, 4)) + 1j * rng.standard_normal((2, 3, 4))).astype(np.complex128)
    r = z.real
    np.testing.assert_allclose(tf.signal.fftnd(z).numpy(), np.fft.fftn(z), atol=1e-12)
    np.testing.assert_allclose(tf.signal.fftnd(z, [5, 2], axes=[-1, 0]).numpy(),
                               np.fft.fftn(z, s=[5, 2], axes=[2, 0]), atol=1e-12)
    np.testing.assert_allclose(tf.signal.ifftnd(z, norm='ortho').numpy(), np.fft.ifftn(z, norm='ortho'), atol=1e-12)
    np.testing.assert_allclose(tf.signal.rfftnd(r, axes=[1, 2], norm='forward').numpy(),
                               np.fft.rfftn(r, axes=[1, 2], norm='forward'), atol=1e-12)
    np.testing.assert_allclose(tf.signal.irfftnd(z).numpy(), np.fft.irfftn(z), atol=1e-12)
    np.testing.assert_allclose(tf.signal.irfftnd(z, [3, 7], axes=[1, 2]).numpy(),
                               np.fft.irfftn(z, s=[3, 7], axes=[1, 2]), atol=1e-12)
    assert tf.signal.fftnd([[1.0, 2.0]]).dtype == tf.complex64      # a list converts as TF's preferred complex64
    assert tf.signal.rfftnd(r.astype(np.float32)).dtype == tf.complex64


@pytest.mark.parametrize('call, message', [
    (lambda: tf.signal.fftnd(np.ones((2, 2), np.complex64), axes=[2]), 'axis 2 is out of range'),
    (lambda: tf.signal.fftnd(np.ones((2, 2), np.complex64), fft_length=[4]), 'one per axis'),
    (lambda: tf.signal.ifftnd(np.ones((2, 2), np.complex64), norm='half'), "norm must be one of"),
    (lambda: tf.signal.rfftnd(np.ones((2, 2), np.complex64)), 'float32 or float64'),
    (lambda: tf.signal.irfftnd(tf.constant(np.ones((2, 2), np.float32))), 'complex64 or complex128'),
    (lambda: tf.signal.fftnd(np.ones((2, 2), np.complex64), axes=[0, 0]), 'distinct'),
])
def test_bad_arguments_name_the_op(call, message):
    with pytest.raises((TypeError, ValueError)) as err:
        call()
    text = ' '.join([str(err.value)] + getattr(err.value, '__notes__', []))    # TF's text, tapeflow's in a note
    assert message in text and 'signal.' in text


def test_keras_ops_transforms_are_tensorflow_backends():
    pytest.importorskip('scipy')
    from framework import keras
    rng = np.random.default_rng(2)
    a = rng.standard_normal((3, 10)).astype(np.float32)
    b = rng.standard_normal((3, 10)).astype(np.float32)
    # Keras 3.15 (TF backend): ifft2 is fft2 of the conjugate, conjugated, over h * w
    real, imag = keras.ops.ifft2((a, b))
    np.testing.assert_array_equal(real.numpy()[0, :4], np.float32(
        [-0.0755702555179596, -0.1949414610862732, 0.09556332975625992, 0.10477960854768753]))
    np.testing.assert_array_equal(imag.numpy()[1, :4], np.float32(
        [0.01340752374380827, -0.0251777246594429, -0.2830875515937805, 0.06600883603096008]))
    import scipy.fft
    np.testing.assert_array_equal(keras.ops.fft((a, b))[0].numpy(), scipy.fft.fft(a + 1j * b).real)


def test_overlap_and_add_sums_in_tensorflows_order():
    # TF 2.21: tf.signal.overlap_and_add(frames, 16)[1, [32, 33, 35, 39, 43, 45]]; it adds each sample's pieces
    # latest frame first, so adding frames in their own order rounds differently at these samples
    rng = np.random.default_rng(4)
    rng.standard_normal((2, 400))
    frames = rng.standard_normal((2, 22, 64)).astype(np.float32)
    out = tf.signal.overlap_and_add(frames, 16).numpy()
    np.testing.assert_array_equal(out[1, [32, 33, 35, 39, 43, 45]], np.float32(
        [2.355501651763916, 0.1623000204563141, 0.6916379332542419, -3.0604960918426514, 1.4540512561798096,
         -0.891531229019165]))
    assert tf.signal.overlap_and_add(np.ones((2, 0, 4)), 2).shape == (2, 2)      # TF's length - step zeros


def test_complex64_abs_is_hypotf_and_its_gradient_tensorflows():
    # TF 2.21: tf.abs of these complex64 values (C's hypotf: rounded once from double); numpy's complex64
    # abs gives the neighbouring floats. Printed by TF for default_rng(7) draws.
    z = np.complex64([0.2987455427646637 - 0.19619597494602203j, -0.27413785457611084 + 0.89876389503479j,
                      -0.8905918598175049 + 1.1452219486236572j])
    np.testing.assert_array_equal(tf.abs(z).numpy(), np.float32([0.357409805059433, 0.9396425485610962,
                                                                 1.4507540464401245]))
    assert (np.abs(z) != tf.abs(z).numpy()).any()
    t = tf.constant(z)
    with tf.GradientTape() as tape:
        tape.watch(t)
        y = tf.reduce_sum(tf.abs(t))
    g = tape.gradient(y, t).numpy()               # TF: g * z / |z|, divided as re / |z| and im / |z|
    np.testing.assert_array_equal(g.real, z.real / tf.abs(z).numpy())


def test_keras_ops_istft_is_tensorflow_backends():
    pytest.importorskip('scipy')
    from framework import keras
    # Keras 3.15 (TF backend): istft = tf.signal.inverse_stft with inverse_stft_window_fn of the padded window
    rng = np.random.default_rng(5)
    x = rng.standard_normal((2, 200)).astype(np.float32)
    real, imag = keras.ops.stft(x, 32, 8, 32)
    y = keras.ops.istft((real, imag), 24, 8, 32, window='hamming')
    assert y.shape == (2, 200)
    np.testing.assert_array_equal(y.numpy()[0, 50:54], np.float32(
        [1.0648788213729858, -1.3142595291137695, 0.8209882974624634, -1.222514271736145]))
