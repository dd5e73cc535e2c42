"""Bad arguments as TF 2.21 answers them (lead46's sweep, continued by errors50): the signal windows'
negative lengths (Range's error) and Range's bounds printed in their dtype.
Probes: /work/notes/progs/errors50/p1.py ... p3.py."""
import numpy as np
import pytest
import framework as tf

_RANGE = '{{function_node __wrapped__Range_device_/job:localhost/replica:0/task:0/device:CPU:0}} '


def _range_error(bounds):
    return _RANGE + 'Requires start <= limit when delta > 0: %s [Op:Range] name: ' % bounds


def _raises(error_class, text, f, *args, **kwargs):
    """f(*args) raises ``error_class`` whose str() is exactly ``text`` (tapeflow's notes aside)."""
    with pytest.raises(error_class) as caught:
        f(*args, **kwargs)
    assert str(caught.value) == text


@pytest.mark.parametrize('window, length, bounds', [
    # TF 2.21: hann / hamming / vorbis run range(window_length); kaiser range(-half, half + 0.1) in float32
    # with half = (length - 1) / 2; kaiser_bessel_derived a Kaiser window of length // 2 + 1
    ('hann_window', -1, '0/-1'), ('hamming_window', -5, '0/-5'), ('vorbis_window', -2, '0/-2'),
    ('kaiser_window', -1, '1/-0.9'), ('kaiser_window', -2, '1.5/-1.4'), ('kaiser_window', -5, '3/-2.9'),
    ('kaiser_bessel_derived_window', -1, '0.5/-0.4'), ('kaiser_bessel_derived_window', -5, '1.5/-1.4'),
    ('kaiser_bessel_derived_window', -3, '1/-0.9')])
def test_window_of_negative_length_is_ranges_error(window, length, bounds):
    _raises(tf.errors.InvalidArgumentError, _range_error(bounds), getattr(tf.signal, window), length)
    _raises(tf.errors.InvalidArgumentError, _range_error(bounds), getattr(tf.signal, window), tf.constant(length),
            dtype=tf.float64)


def test_windows_of_lengths_0_to_2_still_compute():
    assert tf.signal.hann_window(0).shape == (0,) and tf.signal.vorbis_window(0).shape == (0,)
    assert tf.signal.hann_window(1).numpy().tolist() == [1.0]
    assert tf.signal.hamming_window(2, periodic=False).numpy().tolist() == pytest.approx([0.08, 0.08])


@pytest.mark.parametrize('start, limit, dtype, bounds', [
    # TF 2.21 prints the bounds as the kernel holds them, six significant digits
    (np.float32(1.0), np.float32(-0.9), None, '1/-0.9'), (1.0, 0.1234567891, None, '1/0.123457'),
    (1.0, -1 / 3, tf.float64, '1/-0.333333'), (0.5, 0.1, tf.bfloat16, '0.5/0.100098'),
    (2.5, -1e20, None, '2.5/-1e+20'), (5, 1, tf.int64, '5/1')])
def test_range_error_prints_bounds_in_their_dtype(start, limit, dtype, bounds):
    _raises(tf.errors.InvalidArgumentError, _range_error(bounds), tf.range, start, limit, dtype=dtype)
