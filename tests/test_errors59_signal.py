"""tf.signal.frame and keras.ops' Fourier / framing ops given bad arguments fail as on TF 2.21 / Keras 3.15.

Goldens: the texts TF 2.21 printed for /work/notes/progs/errors59/frame1.py, frame2.py, sig1.py and sig2.py
(the same program run with `import tensorflow as tf`); istw.py for inverse_stft_window_fn's values.
"""
import numpy as np
import pytest

import framework as tf
from framework import keras

ops = keras.ops
X = np.arange(8, dtype='float32')
PAIR = (np.ones((3, 5), 'float32'), np.ones((3, 5), 'float32'))
CPU = '{{function_node __wrapped__%s_device_/job:localhost/replica:0/task:0/device:CPU:0}} %s [Op:%s] name: '


def _raises(call, error, text):
    with pytest.raises(error) as caught:
        call()
    assert type(caught.value).__name__ == error.__name__
    assert str(caught.value) == text


# ---- tf.signal.frame (and keras.ops.extract_sequences, which is frame on the last axis) ---------------
@pytest.mark.parametrize('call, error, text', [
    (lambda: tf.signal.frame(X, 2, 0), tf.errors.InvalidArgumentError,
     CPU % ('FloorDiv', 'Integer division by zero', 'FloorDiv')),
    (lambda: tf.signal.frame(X, 2, 0, pad_end=True), tf.errors.InvalidArgumentError,
     CPU % ('FloorDiv', 'Integer division by zero', 'FloorDiv')),
    (lambda: tf.signal.frame(X, 0, 0), tf.errors.InvalidArgumentError,
     CPU % ('FloorDiv', 'Integer division by zero', 'FloorDiv')),
    (lambda: tf.signal.frame(X, -2, 1), tf.errors.InvalidArgumentError,
     CPU % ('Range', 'Requires start <= limit when delta > 0: 0/-2', 'Range')),
    # the subframe count is frame_length // gcd(frame_length, frame_step)
    (lambda: tf.signal.frame(X, -2, 2), tf.errors.InvalidArgumentError,
     CPU % ('Range', 'Requires start <= limit when delta > 0: 0/-1', 'Range')),
    (lambda: tf.signal.frame(X, -4, 6), tf.errors.InvalidArgumentError,
     CPU % ('Range', 'Requires start <= limit when delta > 0: 0/-2', 'Range')),
    (lambda: tf.signal.frame(np.float32(1), 2, 1), ValueError, 'Shape () must have rank at least 1'),
    (lambda: tf.signal.frame(np.float32(1), 0, 1), ValueError, 'Shape () must have rank at least 1'),
    (lambda: tf.signal.frame('abc', 2, 1), ValueError, 'Shape () must have rank at least 1'),
    (lambda: tf.signal.frame(X, [2], 1), ValueError, 'Shape (1,) must have rank 0'),
    (lambda: tf.signal.frame(X, 2, 1, axis=3), IndexError, 'list index out of range'),
    (lambda: tf.signal.frame(X, 2, 1, axis=-2), IndexError, 'list index out of range'),
    (lambda: tf.signal.frame(X, 2.0, 1), tf.errors.InvalidArgumentError,
     'cannot compute FloorDiv as input #1(zero-based) was expected to be a float tensor but is a int32 tensor '
     '[Op:FloorDiv] name: '),
    (lambda: tf.signal.frame(X, 2, 1.0), tf.errors.InvalidArgumentError,
     'cannot compute FloorDiv as input #1(zero-based) was expected to be a int32 tensor but is a float tensor '
     '[Op:FloorDiv] name: '),
    (lambda: tf.signal.frame(X, np.int64(2), 1), tf.errors.InvalidArgumentError,
     'cannot compute FloorDiv as input #1(zero-based) was expected to be a int64 tensor but is a int32 tensor '
     '[Op:FloorDiv] name: '),
    (lambda: tf.signal.frame(X, 2.0, 1, pad_end=True), tf.errors.InvalidArgumentError,
     'cannot compute AddV2 as input #1(zero-based) was expected to be a float tensor but is a int32 tensor '
     '[Op:AddV2] name: '),
    (lambda: tf.signal.frame(X, None, 2), ValueError,
     "Attempt to convert a value (None) with an unsupported type (<class 'NoneType'>) to a Tensor."),
    (lambda: ops.extract_sequences(X, -2, 1), tf.errors.InvalidArgumentError,
     CPU % ('Range', 'Requires start <= limit when delta > 0: 0/-2', 'Range')),
    (lambda: ops.extract_sequences(X, 2, 0), tf.errors.InvalidArgumentError,
     CPU % ('FloorDiv', 'Integer division by zero', 'FloorDiv')),
    (lambda: ops.extract_sequences(np.float32(1), 2, 1), ValueError, 'Shape () must have rank at least 1'),
    (lambda: ops.extract_sequences(X, 2.0, 1), tf.errors.InvalidArgumentError,
     'cannot compute FloorDiv as input #1(zero-based) was expected to be a float tensor but is a int32 tensor '
     '[Op:FloorDiv] name: '),
])
def test_frame_refuses_as_tensorflow(call, error, text):
    _raises(call, error, text)


@pytest.mark.parametrize('call, dtype, shape', [
    (lambda: tf.signal.frame(X, 0, 1), 'float32', (9, 0)),          # a zero length: empty frames
    (lambda: tf.signal.frame(X, 0, 3), 'float32', (3, 0)),
    (lambda: tf.signal.frame(X, 0, 2, pad_end=True), 'float32', (4, 0)),
    (lambda: tf.signal.frame(X, 2, -1), 'float32', (0, 2)),         # a negative step: no frame
    (lambda: tf.signal.frame(X, 3, -2), 'float32', (0, 3)),
    (lambda: tf.signal.frame(X, 9, 1), 'float32', (0, 9)),
    (lambda: ops.extract_sequences(X, 0, 1), 'float32', (9, 0)),
    (lambda: ops.extract_sequences(X, 2, -1), 'float32', (0, 2)),
    (lambda: ops.extract_sequences(np.ones(4, bool), 2, 1), 'bool', (3, 2)),     # bool stays bool
    (lambda: ops.extract_sequences([1, 2, 3, 4], 2, 1), 'int32', (3, 2)),
])
def test_frame_edge_arguments_compute_as_tensorflow(call, dtype, shape):
    out = np.asarray(call())
    assert (str(out.dtype), out.shape) == (dtype, shape)


def test_frame_of_bools_keeps_the_values():
    out = ops.extract_sequences(np.array([True, False, True]), 2, 1)
    assert np.asarray(out).tolist() == [[True, False], [False, True]]


# ---- keras.ops fft / fft2 / ifft2 / irfft / istft: the (real, imaginary) pair -----------------------
@pytest.mark.parametrize('call, error, text', [
    # Keras's any_symbolic_tensors(x) tests x's truth and iterates it before its backend looks
    (lambda: ops.fft(np.ones(4, 'float32')), ValueError,
     'The truth value of an array with more than one element is ambiguous. Use a.any() or a.all()'),
    (lambda: ops.fft(tf.ones(4)), ValueError,
     'The truth value of an array with more than one element is ambiguous. Use a.any() or a.all()'),
    (lambda: ops.irfft(np.ones((3, 5), 'float32')), ValueError,
     'The truth value of an array with more than one element is ambiguous. Use a.any() or a.all()'),
    (lambda: ops.istft(np.ones((3, 5), 'float32'), 8, 4, 8), ValueError,
     'The truth value of an array with more than one element is ambiguous. Use a.any() or a.all()'),
    (lambda: ops.fft(np.float32(1)), TypeError, "'numpy.float32' object is not iterable"),
    (lambda: ops.fft(tf.constant(1.0)), TypeError, 'Cannot iterate over a scalar tensor.'),
    (lambda: ops.fft(np.ones(1, 'float32')), ValueError,
     'Input `x` should be a tuple of two tensors - real and imaginary.Received: x=[1.]'),
    (lambda: ops.fft((np.ones(2, 'float32'),) * 3), ValueError,
     'Input `x` should be a tuple of two tensors - real and imaginary.Received: x=(array([1., 1.], dtype=float32), '
     'array([1., 1.], dtype=float32), array([1., 1.], dtype=float32))'),
    (lambda: ops.fft2([np.ones(2, 'float32')]), ValueError,
     'Input `x` should be a tuple of two tensors - real and imaginary.Received: x=[array([1., 1.], dtype=float32)]'),
    (lambda: ops.irfft((np.ones(3, 'float32'), np.ones(4, 'float32'))), ValueError,
     'Input `x` should be a tuple of two tensors - real and imaginary.Both the real and imaginary parts should have '
     'the same shape. Received: x[0].shape = (3,), x[1].shape = (4,)'),
    (lambda: ops.ifft2((np.ones((2, 2), 'float32'), np.ones((2, 3), 'float32'))), ValueError,
     'Input `x` should be a tuple of two tensors - real and imaginary.Both the real and imaginary parts should have '
     'the same shape. Received: x[0].shape = (2, 2), x[1].shape = (2, 3)'),
    (lambda: ops.ifft2((np.ones((2, 2), 'float32'),) * 3), ValueError, 'too many values to unpack (expected 2)'),
    (lambda: ops.rfft(np.float32(1)), ValueError, 'Shape () must have rank at least 1'),
    (lambda: ops.rfft(tf.constant(1.0), 4), ValueError, 'Shape () must have rank at least 1'),
])
def test_fourier_pairs_refuse_as_keras(call, error, text):
    _raises(call, error, text)


# ---- keras.ops.stft / istft: Keras's checks in its order -----------------------------------------------
@pytest.mark.parametrize('call, error, text', [
    (lambda: ops.stft(np.ones(16, 'float32'), 8, 0, 8), ValueError,
     '`sequence_stride` must be a positive integer. Received: sequence_stride=0'),
    (lambda: ops.stft(np.ones(16, 'float32'), 8, np.int64(4), 8), ValueError,
     '`sequence_stride` must be a positive integer. Received: sequence_stride=4'),
    (lambda: ops.istft(PAIR, 8, 0, 8), ValueError,
     '`sequence_stride` must be a positive integer. Received: sequence_stride=0'),
    (lambda: ops.stft([1.0] * 16, 8, 4, 8), AttributeError, "'list' object has no attribute 'dtype'"),
    (lambda: ops.stft(tf.ones(16, 'int32'), 8, 4, 8), TypeError,
     "Invalid input type. Expected `float32` or `float64`. Received: input type=<dtype: 'int32'>"),
    (lambda: ops.stft(np.ones(16, 'float32'), 8, 4, 4), ValueError,
     '`fft_length` must equal or larger than `sequence_length`. Received: sequence_length=8, fft_length=4'),
    (lambda: ops.stft(np.ones(16, 'float32'), 8, 4, 8, window='hann '), ValueError,
     'If a string is passed to `window`, it must be one of `"hann"`, `"hamming"`. Received: window=hann '),
    (lambda: ops.stft(np.ones(16, 'float32'), 8, 4, 8, window=np.ones((8, 1), 'float32')), ValueError,
     'The shape of `window` must be equal to [sequence_length].Received: window shape=(8, 1)'),
    (lambda: ops.istft(PAIR, 8, 4, 8, window=np.ones(3, 'float32')), ValueError,
     'The shape of `window` must be equal to [sequence_length].Received: window shape=(3,)'),
    # istft does not compare the lengths: the window's zero padding is negative
    (lambda: ops.istft(PAIR, 8, 4, 4), tf.errors.InvalidArgumentError,
     '{{function_node __wrapped__Pad_device_/job:localhost/replica:0/task:0/device:CPU:0}} Paddings must be '
     'non-negative: -2 -2 [Op:Pad]'),
    (lambda: ops.stft(np.ones(16, 'float32'), 6.0, 2, 8), TypeError, 'Cannot convert 6.0 to EagerTensor of dtype int32'),
    (lambda: ops.istft(PAIR, 6.0, 2, 8), TypeError, 'Cannot convert 6.0 to EagerTensor of dtype int32'),
])
def test_short_time_transforms_refuse_as_keras(call, error, text):
    _raises(call, error, text)


def test_a_zero_sequence_length_is_an_all_zero_window():
    real, imag = ops.stft(np.arange(16, dtype='float32'), 0, 4, 8)
    assert np.asarray(real).shape == (5, 5) and not np.asarray(real).any() and not np.asarray(imag).any()
    # TF 2.21: [0.0] * 8, the inverse window's 0 / 0 taken as 0
    assert np.asarray(ops.istft(PAIR, 0, 4, 8)).tolist() == [0.0] * 8


def test_istft_takes_any_other_window_name_as_hamming():
    pair = (np.ones((3, 5), 'float32'), np.zeros((3, 5), 'float32'))
    named = ops.istft(pair, 6, 4, 8, window='bad')
    assert np.array_equal(np.asarray(named), np.asarray(ops.istft(pair, 6, 4, 8, window='hamming')))


def test_inverse_stft_window_is_zero_where_no_square_covers():
    # TF 2.21 (istw.py): a periodic Hann window's zero first sample at frame_step == frame_length gives 0, not NaN
    window = tf.signal.inverse_stft_window_fn(8)(8, dtype=tf.float32)
    assert [float(v).hex() for v in np.asarray(window)] == [
        '0x0.0p+0', '0x1.b504ee0000000p+2', '0x1.0000000000000p+1', '0x1.2bec340000000p+0', '0x1.0000000000000p+0',
        '0x1.2bec340000000p+0', '0x1.0000000000000p+1', '0x1.b505100000000p+2']
    x = np.sin(np.arange(32, dtype='float32'))
    out = tf.signal.inverse_stft(tf.signal.stft(x, 8, 8), 8, 8, window_fn=tf.signal.inverse_stft_window_fn(8))
    assert not np.isnan(np.asarray(out)).any() and float(np.asarray(out)[0]) == 0.0
