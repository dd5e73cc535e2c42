"""tf.signal's FFTs convert a numpy array or pandas Series as TF 2.21 does: to the op's default dtype
(float32 for rfft, complex64 for fft / irfft), even from float64 / complex128. The time_series tutorial's
``tf.signal.rfft(df['T (degC)'])`` of a float64 column is complex64 in TF; tapeflow gave complex128.
Values printed by TF 2.21 (progs/tutorials28/fft_golden.py)."""
import numpy as np
import pandas as pd

import framework as tf


def test_rfft_of_a_float64_series_is_complex64():
    r = tf.signal.rfft(pd.Series([0.1, 2.5, -1.25, 3.0, 0.7]))
    assert r.dtype == tf.complex64
    np.testing.assert_array_equal(r.numpy(), np.array(
        [5.050000190734863 + 0j, -0.32692527770996094 + 0.786185622215271j,
         -1.9480748176574707 - 5.100003719329834j], np.complex64))


def test_fft_of_a_complex128_array_is_complex64():
    f = tf.signal.fft(np.array([1 + 2j, 0.5 - 1j, 3.0 + 0j]))
    assert f.dtype == tf.complex64
    np.testing.assert_array_equal(f.numpy(), np.array(
        [4.5 + 1j, -1.616025447845459 + 4.665063381195068j, 0.11602538824081421 + 0.33493661880493164j],
        np.complex64))


def test_irfft_of_a_complex128_array_is_float32():
    i = tf.signal.irfft(np.array([4 + 0j, 1 - 1j, 0.5 + 0j]))
    assert i.dtype == tf.float32
    np.testing.assert_array_equal(i.numpy(), np.array([1.625, 1.375, 0.625, 0.375], np.float32))


def test_tensors_keep_their_dtype():
    assert tf.signal.rfft2d(np.ones((2, 4))).dtype == tf.complex64
    assert tf.signal.rfft(tf.constant([1.0, 2.0, 3.0], tf.float64)).dtype == tf.complex128
    assert tf.signal.fft(tf.constant([1 + 0j, 2j], tf.complex128)).dtype == tf.complex128
