"""tf.signal against TensorFlow 2.21 (golden values printed by /opt/tfref's tf.signal on the same
inputs, rounded) and numpy's FFT; gradients of the real-valued ops by central differences
(the FFTs' gradients: tests/test_audio_fft.py)."""
import numpy as np
import pytest

import framework as tf
from framework.gradient_check import check_gradients

Z = (np.arange(12).reshape(3, 4) + 1j * np.cos(np.arange(12)).reshape(3, 4)).astype(np.complex64)
V = np.array([[1.0, -2.0, 0.5, 3.0]], np.float32)


@pytest.mark.parametrize('name, ref', [('fft', np.fft.fft), ('ifft', np.fft.ifft), ('fft2d', np.fft.fft2),
                                       ('ifft2d', np.fft.ifft2)])
def test_complex_transforms(name, ref):
    out = getattr(tf.signal, name)(Z)
    assert out.dtype == tf.complex64
    np.testing.assert_allclose(out.numpy(), ref(Z), rtol=1e-5, atol=1e-5)
    with pytest.raises(TypeError, match='signal.%s' % name):      # a real tensor (numpy reals convert, as in TF)
        getattr(tf.signal, name)(tf.constant(Z.real))


def test_real_transforms_and_shifts():
    s = np.sin(np.arange(10, dtype=np.float32))
    assert tf.signal.rfft(s).dtype == tf.complex64 and tf.signal.rfft(tf.constant(s, tf.float64)).dtype == tf.complex128
    assert tf.signal.rfft(s.astype(np.float64)).dtype == tf.complex64    # TF 2.21 converts numpy preferring float32
    np.testing.assert_allclose(tf.signal.rfft(s, [16]).numpy(), np.fft.rfft(s, 16), atol=1e-5)
    np.testing.assert_allclose(tf.signal.irfft(tf.signal.rfft(s)).numpy(), s, atol=1e-6)
    assert tf.signal.irfft(Z, [9]).shape == (3, 9)
    np.testing.assert_allclose(tf.signal.irfft2d(Z, [3, 6]).numpy(), np.fft.irfft2(Z, (3, 6)), atol=1e-5)
    np.testing.assert_array_equal(tf.signal.fftshift(np.arange(5)).numpy(), [3, 4, 0, 1, 2])
    np.testing.assert_array_equal(tf.signal.ifftshift(np.arange(5)).numpy(), [2, 3, 4, 0, 1])
    with pytest.raises(ValueError, match='fft_length'):
        tf.signal.rfft(s, [0])


def test_frame_and_overlap_and_add():
    s = np.arange(10.0)
    framed = tf.signal.frame(s, 4, 3, pad_end=True, pad_value=-1).numpy()
    np.testing.assert_array_equal(framed, [[0, 1, 2, 3], [3, 4, 5, 6], [6, 7, 8, 9], [9, -1, -1, -1]])
    assert tf.signal.frame(np.zeros((2, 9, 3)), 4, 2, axis=1).shape == (2, 3, 4, 3)
    np.testing.assert_array_equal(tf.signal.overlap_and_add(np.ones((3, 4)), 2).numpy(), [1, 1, 2, 2, 2, 2, 1, 1])
    check_gradients(lambda x: tf.signal.frame(x, 3, 2, pad_end=True), [np.random.default_rng(0).random(8)])
    check_gradients(lambda x: tf.signal.overlap_and_add(x, 3), [np.random.default_rng(1).random((2, 4, 5))])


def test_windows_match_tensorflow():
    np.testing.assert_allclose(tf.signal.hann_window(4).numpy(), [0, 0.5, 1, 0.5], atol=1e-7)
    # odd periodic lengths use N - 1 in TensorFlow, like symmetric windows
    np.testing.assert_allclose(tf.signal.hann_window(5).numpy(), [0, 0.5, 1, 0.5, 0], atol=1e-7)
    np.testing.assert_allclose(tf.signal.hamming_window(4, periodic=False).numpy(), [0.08, 0.77, 0.77, 0.08], atol=1e-6)
    assert tf.signal.hann_window(1).numpy().tolist() == [1.0]
    np.testing.assert_allclose(tf.signal.inverse_stft_window_fn(2)(4, tf.float32).numpy(), [0, 1, 1, 1])


def test_stft_matches_tensorflow_and_inverts():
    s = np.sin(np.arange(12, dtype=np.float32))
    # tf.signal.stft(s, 4, 2, fft_length=4), first two frames
    out = tf.signal.stft(s, 4, 2, fft_length=4).numpy()
    assert out.shape == (5, 3)
    np.testing.assert_allclose(out[:2].ravel(), [1.40059, -0.9093 - 0.35018j, 0.418, -1.1657, 0.7568 - 0.55002j,
                                                 -0.3479], atol=1e-5)
    signal = np.random.default_rng(0).standard_normal(64).astype(np.float32)
    spec = tf.signal.stft(signal, 16, 4)
    back = tf.signal.inverse_stft(spec, 16, 4, window_fn=tf.signal.inverse_stft_window_fn(4)).numpy()
    np.testing.assert_allclose(back[12:-12], signal[12:52], atol=1e-5)      # full overlap in the middle


def test_mel_dct_and_mfcc_match_tensorflow():
    # tf.signal.linear_to_mel_weight_matrix(3, 6, 1000, 50.0, 400.0)
    np.testing.assert_allclose(tf.signal.linear_to_mel_weight_matrix(3, 6, 1000, 50.0, 400.0).numpy(),
                               [[0, 0, 0], [0.674046, 0, 0], [0.09582, 0.90418, 0], [0, 0, 0.995426], [0, 0, 0],
                                [0, 0, 0]], atol=1e-5)
    assert tf.signal.linear_to_mel_weight_matrix().shape == (129, 20)
    expected = {1: [1.0, -4.5, 5.5, 3.0], 2: [5.0, -5.60894, 7.77817, 3.08866],
                3: [0.30769, -6.78112, 7.3669, 3.10652], 4: [0.3618, -1.87091, 10.21819, -2.44078]}
    for kind, values in expected.items():
        np.testing.assert_allclose(tf.signal.dct(V, kind).numpy().ravel(), values, atol=1e-4)
    np.testing.assert_allclose(tf.signal.dct(V, 2, norm='ortho').numpy().ravel(), [1.25, -1.983058, 2.75, 1.092008],
                               atol=1e-5)
    np.testing.assert_allclose(tf.signal.idct(tf.signal.dct(V, 2, norm='ortho'), 2, norm='ortho').numpy(), V, atol=1e-6)
    np.testing.assert_allclose(tf.signal.idct(tf.signal.dct(V, 4), 4).numpy(), V * 8, atol=1e-5)   # 2N
    np.testing.assert_allclose(tf.signal.mfccs_from_log_mel_spectrograms(V).numpy().ravel(),
                               [1.767767, -1.983058, 2.75, 1.092008], atol=1e-5)
    assert tf.signal.dct(V, 2, n=6).shape == (1, 6)
    with pytest.raises(ValueError, match='signal.dct'):
        tf.signal.dct(V, 1, norm='ortho')


@pytest.mark.parametrize('kind', [1, 2, 3, 4])
def test_dct_gradient(kind):
    check_gradients(lambda x: tf.signal.dct(x, kind), [np.random.default_rng(kind).random((2, 5))])


def test_kaiser_vorbis_windows_match_tensorflow():
    np.testing.assert_allclose(tf.signal.kaiser_window(6, 3.0).numpy(),
                               [0.204885, 0.624746, 0.952222, 0.952222, 0.624746, 0.204885], atol=1e-6)
    np.testing.assert_allclose(tf.signal.kaiser_bessel_derived_window(8, 4.0).numpy()[:4],
                               [0.190278, 0.54351, 0.839403, 0.98173], atol=1e-6)
    np.testing.assert_allclose(tf.signal.vorbis_window(6).numpy(),
                               [0.105029, 0.707107, 0.994469, 0.994469, 0.707107, 0.105029], atol=1e-6)


def test_mdct_matches_tensorflow_and_reconstructs():
    s = np.sin(np.arange(16, dtype=np.float32) * 0.7)
    # tf.signal.mdct(s, 8), first frame; with window_fn=None and norm='ortho', first frame
    np.testing.assert_allclose(tf.signal.mdct(s, 8).numpy()[0], [-0.23333, 3.62456, 0.0502, 0.27431], atol=1e-5)
    np.testing.assert_allclose(tf.signal.mdct(s, 8, window_fn=None, norm='ortho').numpy()[0],
                               [0.59554, 0.96312, -0.20402, -0.25215], atol=1e-5)
    back = tf.signal.inverse_mdct(tf.signal.mdct(s, 8)).numpy()
    np.testing.assert_allclose(back[4:12], s[4:12], atol=1e-5)       # Princen-Bradley: exact where frames overlap
    check_gradients(lambda x: tf.signal.mdct(x, 8), [np.random.default_rng(0).random(16)])
    with pytest.raises(ValueError, match='multiple of 4'):
        tf.signal.mdct(s, 6)
