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
from framework.errors import noted
from framework.ops.signal_argument_checks import rank_at_least
from framework.tensor import TensorShape
from .ops_arguments import integer
from .ops_dtypes import _floating_kind, cast_all, floating, floatx_dtype, standardize_dtype, tensor

__all__ = ['bartlett', 'blackman', 'extract_sequences', 'fft', 'fft2', 'hamming', 'hanning', 'ifft2', 'irfft',
           'istft', 'kaiser', 'rfft', 'stft']


def _scanned_as_keras(x):
    """Keras 3's ``any_symbolic_tensors(x)`` runs ``x or ()`` and iterates ``x`` before the backend sees it,
    so a single tensor of several values meets its truth-value ValueError there (TF 2.21's words), a scalar
    numpy value or tensor its iteration TypeError."""
    for _ in (x or ()):
        pass


def _pair(x, op, shown=None):
    """(real, imag) as tensors of one float dtype, checked with the words of Keras 3's TensorFlow backend
    (_get_complex_tensor_from_tuple). ``shown`` is the pair Keras's error prints when it differs from ``x``
    (ifft2 hands fft2 the conjugate)."""
    if not isinstance(x, (tuple, list)) or len(x) != 2:
        raise noted(ValueError('Input `x` should be a tuple of two tensors - real and imaginary.Received: x=%s' % (x,)),
                    'keras.ops.%s: x must be a (real, imaginary) pair of tensors, got %s' % (op, type(x).__name__))
    real, imag = tensor(x[0], op), tensor(x[1], op)
    if tuple(real.shape) != tuple(imag.shape):
        raise ValueError('Input `x` should be a tuple of two tensors - real and imaginary.Both the real and '
                         'imaginary parts should have the same shape. Received: x[0].shape = %s, x[1].shape = %s'
                         % (TensorShape(real.shape), TensorShape(imag.shape)))
    if not (_floating_kind(real._data.dtype) and _floating_kind(imag._data.dtype)):
        # Keras 3's TensorFlow backend refuses int / bool parts rather than casting them
        raise ValueError('At least one tensor in input `x` is not of type float.Received: x=%s.'
                         % (tuple(x) if shown is None else shown,))
    return tuple(cast_all([real, imag], op))


def _as_complex(x, op):
    _scanned_as_keras(x)
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
    _scanned_as_keras(x)
    real, imag = x      # Keras's backend unpacks first: 'too many values to unpack (expected 2)'
    conjugate = (real, -imag) if isinstance(imag, np.ndarray) else None
    real, imag = _pair((real, imag), 'ifft2', shown=conjugate)
    size = _ops.cast(real.shape[-2], real.dtype) * _ops.cast(real.shape[-1], real.dtype)
    fft_real, fft_imag = fft2((real, -imag))
    return fft_real / size, -fft_imag / size


def rfft(x, fft_length=None):
    """The Fourier transform of a real signal over its last axis, the n // 2 + 1 non-negative
    frequencies; the signal is cropped or zero-padded to ``fft_length``. Returns (real, imag)."""
    t = floating(x, 'rfft', compute='float32')     # Keras casts non-float signals to float32, not floatx
    rank_at_least(t, 1, 'keras.ops.rfft', 'the signal (samples on the last axis)')     # tf.signal.rfft's check
    if fft_length is None:
        return _parts(signal.rfft(t))
    n = integer(fft_length, 'fft_length', 'rfft')
    if n < 1:       # (TF 2.21 aborts the process here, in DUCC's assertion 'axis length mismatch')
        raise ValueError('keras.ops.rfft: fft_length must be >= 1, got %d' % n)
    return _parts(signal.rfft(t, [n]))


def irfft(x, fft_length=None):
    """The real signal of length ``fft_length`` (default 2 (m - 1)) whose half spectrum is (real, imag)."""
    _scanned_as_keras(x)
    real, imag = _pair(x, 'irfft')
    n = 2 * (real.shape[-1] - 1) if fft_length is None else integer(fft_length, 'fft_length', 'irfft')
    if n < 1:       # (TF 2.21 aborts the process here, in DUCC's assertion 'no zero-sized FFTs')
        raise ValueError('keras.ops.irfft: fft_length must be >= 1, got %d' % n)
    return signal.irfft(_ops.complex(real, imag), [n])


# ---- framing, windows, short-time transforms ------------------------------------------------------
def extract_sequences(x, sequence_length, sequence_stride):
    """Frames of ``sequence_length`` every ``sequence_stride`` samples along the last axis: (..., frames, length).
    As Keras's TensorFlow backend, tf.signal.frame on the last axis: its dtype (bool stays bool), its
    errors for a scalar, a zero stride or a negative length, and empty frames for a zero length."""
    return signal.frame(x, sequence_length, sequence_stride, axis=-1)


def _stride(sequence_stride):
    # keras.ops.stft / istft's own check, the first: a Python int only (a numpy integer fails it too)
    if not isinstance(sequence_stride, int) or sequence_stride <= 0:
        raise ValueError('`sequence_stride` must be a positive integer. Received: sequence_stride=%s'
                         % (sequence_stride,))
    return sequence_stride


def _window(window, length, dtype, op):
    """The window Keras 3's TensorFlow backend frames with: tf.signal's periodic Hann for 'hann', its
    Hamming for any other string (stft refused other names before; istft does not look), or the values
    given, in the signal's dtype and of shape (sequence_length,). ``length`` is sequence_length as given:
    a float one meets the window's 'Cannot convert 6.0 to EagerTensor of dtype int32'."""
    if window is None:
        return None
    if isinstance(window, str):
        make = signal.hann_window if window == 'hann' else signal.hamming_window
        return make(length, periodic=True, dtype=dtype)
    w = _ops.cast(floating(window, op), dtype)
    if w.ndim != 1 or w.shape[-1] != length:
        raise noted(ValueError('The shape of `window` must be equal to [sequence_length].Received: window shape=%s'
                               % TensorShape(w.shape)),
                    'keras.ops.%s: window must have shape (sequence_length,) = (%d,), got %s'
                    % (op, length, tuple(w.shape)))
    return w


def _padded_window(w, length, n):
    # zero-padded to fft_length, centred; a fft_length below sequence_length gives negative paddings
    # there, Pad's 'Paddings must be non-negative: -2 -2' (istft does not check the two lengths)
    left = (n - length) // 2
    return None if w is None else _ops.pad(w, [[left, n - length - left]])


def stft(x, sequence_length, sequence_stride, fft_length, window='hann', center=True):
    """The short-time Fourier transform of a real signal (last axis): (real, imag), each
    (..., frames, fft_length // 2 + 1). ``center`` reflect-pads fft_length // 2 on each side.
    Bad arguments fail as in Keras 3's TensorFlow backend, in its order and words."""
    stride = _stride(sequence_stride)
    if standardize_dtype(x.dtype) not in ('float32', 'float64'):    # x.dtype as given: a list has none
        # Keras 3's TensorFlow backend: no cast
        raise TypeError('Invalid input type. Expected `float32` or `float64`. Received: input type=%s' % (x.dtype,))
    if fft_length < sequence_length:
        raise ValueError('`fft_length` must equal or larger than `sequence_length`. Received: sequence_length=%s, '
                         'fft_length=%s' % (sequence_length, fft_length))
    if isinstance(window, str) and window not in ('hann', 'hamming'):
        raise ValueError('If a string is passed to `window`, it must be one of `"hann"`, `"hamming"`. '
                         'Received: window=%s' % window)
    t = tensor(x, 'stft')
    n = integer(fft_length, 'fft_length', 'stft')
    if center:
        t = _ops.pad(t, [[0, 0]] * (t.ndim - 1) + [[n // 2, n // 2]], mode='REFLECT')
    w = _window(window, sequence_length, t.dtype, 'stft')
    padded = _padded_window(w, integer(sequence_length, 'sequence_length', 'stft'), n)
    window_fn = None if padded is None else (lambda *_, **__: padded)
    spectrum = signal.stft(t, n, stride, fft_length=n, window_fn=window_fn)
    return _ops.real(spectrum), _ops.imag(spectrum)


def istft(x, sequence_length, sequence_stride, fft_length, length=None, window='hann', center=True):
    """The signal whose ``stft`` is (real, imag): as Keras's TensorFlow backend, tf.signal.inverse_stft
    with inverse_stft_window_fn of the (zero-padded) window, then cut to ``length`` or the centred span."""
    stride = _stride(sequence_stride)
    _scanned_as_keras(x)
    real, imag = _pair(x, 'istft')
    w = _window(window, sequence_length, real.dtype, 'istft')
    seq, n = integer(sequence_length, 'sequence_length', 'istft'), integer(fft_length, 'fft_length', 'istft')
    padded = _padded_window(w, seq, n)
    window_fn = None
    if padded is not None:
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
