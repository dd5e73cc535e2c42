"""``keras.ops`` Fourier transforms and framing: fft, fft2, ifft2, rfft, irfft, stft,
istft, extract_sequences and the window functions.

Keras 3 passes complex values as a (real, imaginary) pair of real tensors, and
so does this module. As Keras's TensorFlow backend, the transforms and stft are
tf.signal's on ``complex(real, imag)`` (TensorFlow's bits and gradients; outer
tapes differentiate again); istft is irfft, windowing and overlap-add.
"""
import numpy as np

from framework import ops as _ops
from framework import signal
from .ops_arguments import integer
from .ops_dtypes import _floating_kind, cast_all, floating, floatx_dtype, numeric, tensor

__all__ = ['bartlett', 'blackman', 'extract_sequences', 'fft', 'fft2', 'hamming', 'hanning', 'ifft2', 'irfft',
           'istft', 'kaiser', 'rfft', 'stft']


def _pair(x, op, shown=None):
    """(real, imag) as tensors of one float dtype. ``shown`` is the pair Keras's error prints when it
    differs from ``x`` (ifft2 hands fft2 the conjugate)."""
    if not isinstance(x, (tuple, list)) or len(x) != 2:
        raise ValueError('keras.ops.%s: x must be a (real, imaginary) pair of tensors, got %s' % (op, type(x).__name__))
    real, imag = tensor(x[0], op), tensor(x[1], op)
    if tuple(real.shape) != tuple(imag.shape):
        raise ValueError('keras.ops.%s: the real and imaginary parts must have one shape, got %s and %s'
                         % (op, tuple(real.shape), tuple(imag.shape)))
    if not (_floating_kind(real._data.dtype) and _floating_kind(imag._data.dtype)):
        # Keras 3's TensorFlow backend refuses int / bool parts rather than casting them
        raise ValueError('At least one tensor in input `x` is not of type float.Received: x=%s.'
                         % (tuple(x) if shown is None else shown,))
    return tuple(cast_all([real, imag], op))


def _as_complex(x, op):
    real, imag = _pair(x, op)
    return _ops.complex(real, imag)


def _parts(z):
    return _ops.real(z), _ops.imag(z)


# As Keras's TensorFlow backend, each transform is tf.signal's on tf.complex(real, imag): the same
# bits (see framework/ops/spectral_transform) and TensorFlow's gradients.
def fft(x):
    """The discrete Fourier transform over the last axis of (real, imag); returns (real, imag)."""
    return _parts(signal.fft(_as_complex(x, 'fft')))


def fft2(x):
    """The 2-D discrete Fourier transform over the last two axes of (real, imag)."""
    return _parts(signal.fft2d(_as_complex(x, 'fft2')))


def ifft2(x):
    """The inverse 2-D discrete Fourier transform over the last two axes of (real, imag): as Keras's
    TensorFlow backend, fft2 of the conjugate, conjugated and divided by h * w."""
    conjugate = (x[0], -x[1]) if isinstance(x, (tuple, list)) and len(x) == 2 and isinstance(x[1], np.ndarray) else None
    real, imag = _pair(x, 'ifft2', shown=conjugate)
    size = _ops.cast(real.shape[-2], real.dtype) * _ops.cast(real.shape[-1], real.dtype)
    fft_real, fft_imag = fft2((real, -imag))
    return fft_real / size, -fft_imag / size


def rfft(x, fft_length=None):
    """The Fourier transform of a real signal over its last axis, the n // 2 + 1 non-negative
    frequencies; the signal is cropped or zero-padded to ``fft_length``. Returns (real, imag)."""
    t = floating(x, 'rfft', compute='float32')     # Keras casts non-float signals to float32, not floatx
    _check_signal_rank(t, 'rfft')
    n = t.shape[-1] if fft_length is None else integer(fft_length, 'fft_length', 'rfft')
    if n < 1:
        raise ValueError('keras.ops.rfft: fft_length must be >= 1, got %d' % n)
    return _parts(signal.rfft(t, [n]))


def irfft(x, fft_length=None):
    """The real signal of length ``fft_length`` (default 2 (m - 1)) whose half spectrum is (real, imag)."""
    real, imag = _pair(x, 'irfft')
    n = 2 * (real.shape[-1] - 1) if fft_length is None else integer(fft_length, 'fft_length', 'irfft')
    if n < 1:
        raise ValueError('keras.ops.irfft: fft_length must be >= 1, got %d' % n)
    return signal.irfft(_ops.complex(real, imag), [n])


def _check_signal_rank(t, op):
    if t.ndim < 1:
        raise ValueError('keras.ops.%s: the signal must have rank >= 1 (samples on the last axis), got shape %s'
                         % (op, tuple(t.shape)))


# ---- framing, windows, short-time transforms ------------------------------------------------------
def extract_sequences(x, sequence_length, sequence_stride):
    """Frames of ``sequence_length`` every ``sequence_stride`` samples along the last axis: (..., frames, length)."""
    t = numeric(x, 'extract_sequences')
    _check_signal_rank(t, 'extract_sequences')
    length = integer(sequence_length, 'sequence_length', 'extract_sequences')
    stride = integer(sequence_stride, 'sequence_stride', 'extract_sequences')
    if length < 1 or stride < 1:
        raise ValueError('keras.ops.extract_sequences: sequence_length and sequence_stride must be >= 1, got %d '
                         'and %d' % (length, stride))
    count = max(0, (t.shape[-1] - length) // stride + 1)
    starts = np.arange(count)[:, None] * stride + np.arange(length)[None, :]
    return _ops.gather(t, starts.astype('int32'), axis=t.ndim - 1)


def _window(window, length, dtype, op):
    if window is None:
        return None
    if isinstance(window, str):
        if window not in ('hann', 'hamming'):
            raise ValueError("keras.ops.%s: window must be 'hann', 'hamming', a tensor or None, got %r" % (op, window))
        a = 0.5 if window == 'hann' else 0.54           # periodic windows, as tf.signal's
        values = a - (1 - a) * np.cos(2 * np.pi * np.arange(length) / length)
        return _ops.constant(values.astype(dtype))
    w = _ops.cast(floating(window, op), dtype)
    if w.ndim != 1 or w.shape[0] != length:
        raise ValueError('keras.ops.%s: window must have shape (sequence_length,) = (%d,), got %s'
                         % (op, length, tuple(w.shape)))
    return w


def _check_lengths(sequence_length, sequence_stride, fft_length, op):
    length, stride = integer(sequence_length, 'sequence_length', op), integer(sequence_stride, 'sequence_stride', op)
    n = integer(fft_length, 'fft_length', op)
    if length < 1 or stride < 1 or n < length:
        raise ValueError('keras.ops.%s: need sequence_length >= 1, sequence_stride >= 1 and fft_length >= '
                         'sequence_length, got %d, %d, %d' % (op, length, stride, n))
    return length, stride, n, (n - length) // 2


def stft(x, sequence_length, sequence_stride, fft_length, window='hann', center=True):
    """The short-time Fourier transform of a real signal (last axis): (real, imag), each
    (..., frames, fft_length // 2 + 1). ``center`` reflect-pads fft_length // 2 on each side."""
    t = tensor(x, 'stft')
    if t._data.dtype.name not in ('float32', 'float64'):
        # Keras 3's TensorFlow backend: no cast, its TypeError printing x.dtype as given
        raise TypeError('Invalid input type. Expected `float32` or `float64`. Received: input type=%s'
                        % (getattr(x, 'dtype', t.dtype),))
    length, stride, n, left = _check_lengths(sequence_length, sequence_stride, fft_length, 'stft')
    if center:
        t = _ops.pad(t, [[0, 0]] * (t.ndim - 1) + [[n // 2, n // 2]], mode='REFLECT')
    # As Keras's TensorFlow backend: tf.signal's periodic window, zero-padded to fft_length, and tf.signal.stft
    if isinstance(window, str) and window in ('hann', 'hamming'):
        make = signal.hann_window if window == 'hann' else signal.hamming_window
        w = make(length, periodic=True, dtype=t.dtype)
    else:
        w = _window(window, length, t._data.dtype, 'stft')
    window_fn = None if w is None else (lambda *_, padded=_ops.pad(w, [[left, n - length - left]]), **__: padded)
    spectrum = signal.stft(t, n, stride, fft_length=n, window_fn=window_fn)
    return _ops.real(spectrum), _ops.imag(spectrum)


def istft(x, sequence_length, sequence_stride, fft_length, length=None, window='hann', center=True):
    """The signal whose ``stft`` is (real, imag): as Keras's TensorFlow backend, tf.signal.inverse_stft
    with inverse_stft_window_fn of the (zero-padded) window, then cut to ``length`` or the centred span."""
    real, imag = _pair(x, 'istft')
    seq, stride, n, left = _check_lengths(sequence_length, sequence_stride, fft_length, 'istft')
    if isinstance(window, str) and window in ('hann', 'hamming'):
        make = signal.hann_window if window == 'hann' else signal.hamming_window
        w = make(seq, periodic=True, dtype=real.dtype)
    else:
        w = _window(window, seq, real._data.dtype, 'istft')
    window_fn = None
    if w is not None:
        padded = _ops.pad(w, [[left, n - seq - left]])
        window_fn = signal.inverse_stft_window_fn(stride, lambda frame_length, dtype=None: padded)
    out = signal.inverse_stft(_ops.complex(real, imag), n, stride, fft_length=n, window_fn=window_fn)
    total = n + stride * (real.shape[-2] - 1)
    start = n // 2 if center else 0
    end = start + integer(length, 'length', 'istft') if length is not None else (total - n // 2 if center else total)
    return out[..., start:end]


# ---- window functions: Keras 3's TensorFlow backend, op for op (its float32 bits) ------------------
def _window_points(x, op):
    # (a negative length is no check of Keras's: TF's Range refuses it, 'Requires start <= limit when delta > 0: 0/-1')
    return int(x)


def hamming(x):
    """The symmetric Hamming window of ``x`` points: tf.signal.hamming_window(x, periodic=False)."""
    return signal.hamming_window(_window_points(x, 'hamming'), periodic=False)


def hanning(x):
    """The symmetric Hann window of ``x`` points: tf.signal.hann_window(x, periodic=False)."""
    return signal.hann_window(_window_points(x, 'hanning'), periodic=False)


def kaiser(x, beta):
    """The Kaiser window of ``x`` points with shape parameter ``beta``: tf.signal.kaiser_window."""
    return signal.kaiser_window(_window_points(x, 'kaiser'), beta=float(beta))


def bartlett(x):
    """The triangular window of ``x`` points, 2n / (x - 1) up to the middle, in floatx (float32 for 0 or 1)."""
    size = _window_points(x, 'bartlett')
    if size in (0, 1):
        return _ops.ones([size], 'float32')
    n = _ops.range(size, dtype=floatx_dtype())       # floatx read when called, as Keras 3
    last = _ops.constant(size - 1, n.dtype)
    return _ops.where(n <= last / 2, 2.0 * n / last, 2.0 - 2.0 * n / last)


def blackman(x):
    """The Blackman window of ``x`` points, 0.42 - 0.5 cos(2 pi n / (x - 1)) + 0.08 cos(4 pi n / (x - 1)),
    in floatx (a single point is 1)."""
    size = _window_points(x, 'blackman')
    n = _ops.range(size, dtype=floatx_dtype())       # floatx read when called, as Keras 3
    last = _ops.constant(max(size - 1, 1), n.dtype)
    window = 0.42 + -0.5 * _ops.cos(2 * np.pi * n / last) + 0.08 * _ops.cos(4 * np.pi * n / last)
    return window if size != 1 else _ops.ones_like(window)
