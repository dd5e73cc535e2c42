"""``tf.signal`` framing and short-time transforms: frame, overlap_and_add, the Hann and
Hamming windows, stft, inverse_stft and inverse_stft_window_fn.

Framing is a gather and overlap-add a segment sum, so gradients flow through
both; stft and inverse_stft end and start in the Fourier transforms of
``fourier.py``, which tapes record as blocked (complex values).
"""
import math

import numpy as np

from .. import dtypes
from . import eigen_trig, signal_argument_checks
from .frame_arguments import frame_arguments
from ..tensor import Tensor
from .creation import range as range_
from .fourier import irfft, on_device_of, rfft
from .indexing import gather
from .operands import as_float_tensor, as_tensor
from .shapes import pad, reshape
from .operands import named_errors
from .window_length import window_length_and_dtype


def _positive(value, op, what, low=1):
    v = value.numpy() if hasattr(value, 'numpy') else value
    if isinstance(v, bool) or not hasattr(v, '__index__') or int(v) < low:
        raise ValueError('%s: %s must be an integer >= %d, got %r' % (op, what, low, value))
    return int(v)


@named_errors('signal.frame')
def frame(signal, frame_length, frame_step, pad_end=False, pad_value=0, axis=-1, name=None):
    """Frames of ``frame_length`` samples every ``frame_step`` along ``axis``, which becomes two axes
    (frames, frame_length); ``pad_end`` pads with ``pad_value`` so that every sample starts a frame's worth."""
    op = 'signal.frame'
    t = as_tensor(signal, op)
    length, step, axis = frame_arguments(t, frame_length, frame_step, pad_end, axis, op)
    size = t.shape[axis]
    if pad_end:
        count = -(-size // step)
        extra = max(0, (count - 1) * step + length - size)
        paddings = [[0, 0]] * t.ndim
        paddings[axis] = [0, extra]
        t = pad(t, paddings, constant_values=pad_value)
    else:
        count = max(0, (size - length) // step + 1)
    starts = np.arange(count)[:, None] * step + np.arange(length)[None, :]
    # TensorFlow gathers from a reshaped slice of the signal, so a variable's gradient comes back dense
    # (a Tensor, not IndexedSlices): the reshape here does the same
    return gather(reshape(t, t.shape), starts.astype(np.int32).reshape(count, length), axis=axis)


@named_errors('signal.overlap_and_add')
def overlap_and_add(signal, frame_step, name=None):
    """Frames (..., frames, frame_length) added back into one signal, frame f starting at f * frame_step."""
    op = 'signal.overlap_and_add'
    t = as_tensor(signal, op)
    signal_argument_checks.rank_at_least(t, 2, op, 'signal (..., frames, frame_length)')     # TF's order
    step = signal_argument_checks.frame_step(frame_step, op)
    count, length = t.shape[-2], t.shape[-1]
    signal_argument_checks.refuse_backward_step(step, length, op)
    total = (count - 1) * step + length
    if count == 0:                  # TensorFlow's length formula still holds: length - step zeros
        return Tensor(np.zeros(list(t.shape[:-2]) + [max(total, 0)], t._data.dtype))
    # TensorFlow's layout: each frame cut into `segments` pieces of frame_step samples; output block b
    # sums piece s of frame b - s for s = 0, 1, ... in that order (the latest frame first), as its
    # reduce_sum over the pieces' axis adds them, so the sums round as TensorFlow's.
    lead = list(t.shape[:-2])
    segments = -(-length // step)
    flat = reshape(t, [-1, count, length])
    flat = pad(flat, [[0, 0], [0, segments], [0, segments * step - length]])
    pieces = reshape(flat, [-1, count + segments, segments, step])
    blocks = count + segments - 1
    out = pieces[:, 0:blocks, 0, :]
    for s in range(1, segments):            # piece s of frame b - s lands in block b
        out = out + pad(pieces[:, 0:blocks - s, s, :], [[0, 0], [s, 0], [0, 0]])
    return reshape(out, lead + [blocks * step])[..., :total]


def _periodic(periodic, op):
    """``periodic`` as TF converts it: a bool scalar (a Python bool, numpy bool or bool tensor); anything else
    is the conversion's error (TF converts it to a bool tensor of rank 0)."""
    value = periodic.numpy() if isinstance(periodic, Tensor) and periodic.dtype == np.bool_ else periodic
    if isinstance(value, (bool, np.bool_)) or (isinstance(value, np.ndarray) and value.dtype == np.bool_):
        if np.ndim(value):
            error = ValueError('Shape %s must have rank 0' % (np.shape(value),))
        else:
            return bool(value)
    elif value is None:
        error = ValueError("Attempt to convert a value (None) with an unsupported type (<class 'NoneType'>) to a "
                           "Tensor.")
    elif isinstance(value, (list, tuple)) and all(isinstance(v, bool) for v in value):
        error = ValueError('Shape (%d,) must have rank 0' % len(value))
    elif isinstance(value, Tensor):
        error = ValueError('periodic: Tensor conversion requested dtype bool for Tensor with dtype %s: %r'
                           % (value.dtype.name, value))
    else:
        error = TypeError('Cannot convert %r to EagerTensor of dtype bool' % (value,))
    error.add_note('%s: periodic must be True or False, got %r' % (op, periodic))
    raise error


def _cosine_window(name, a, b):
    def window(window_length, periodic=True, dtype='float32', name=None):
        op = 'signal.' + name_
        length, dtype = window_length_and_dtype(window_length, dtype, op)      # TF's checks and words first
        if length == 1:
            return Tensor(np.ones(1, dtype))
        # TensorFlow's denominator: length for even periodic windows, length - 1 otherwise.
        n = dtype.type(length + int(_periodic(periodic, op)) * (1 - length % 2) - 1)
        count = range_(length).numpy().astype(dtype)      # a negative length is Range's error, as TF's range(length)
        angles = dtype.type(2 * np.pi) * count / n
        # float32 cosines as TensorFlow's Eigen kernel rounds them, whatever the length (a window is made once)
        cosines = eigen_trig.cos(angles) if dtype == np.float32 else np.cos(angles)
        return Tensor((a - b * cosines).astype(dtype))
    name_ = name
    window.__name__ = window.__qualname__ = name
    window = named_errors('signal.' + name)(window)
    window.__doc__ = ('The %s window %s - %s cos(2 pi n / N) of ``window_length`` points (periodic: N is the '
                      'length for even lengths, else N = length - 1).' % (name.split('_')[0].title(), a, b))
    return window


hann_window = _cosine_window('hann_window', 0.5, 0.5)
hamming_window = _cosine_window('hamming_window', 0.54, 0.46)


@named_errors('signal.stft')
def stft(signals, frame_length, frame_step, fft_length=None, window_fn=hann_window, pad_end=False, name=None):
    """The short-time Fourier transform of real signals (last axis): (..., frames, fft_length // 2 + 1)
    complex; fft_length defaults to the smallest power of two >= frame_length."""
    op = 'signal.stft'
    t = as_float_tensor(signals, op)
    length = _positive(frame_length, op, 'frame_length')
    n = 2 ** int(math.ceil(math.log2(length))) if fft_length is None else _positive(fft_length, op, 'fft_length')
    frames = frame(t, length, frame_step, pad_end=pad_end)
    if window_fn is not None:
        frames = frames * on_device_of(window_fn(length, dtype=t.dtype), frames)
    return rfft(frames, [n])


@named_errors('signal.inverse_stft')
def inverse_stft(stfts, frame_length, frame_step, fft_length=None, window_fn=hann_window, name=None):
    """Signals from their stft: inverse transforms of the frames, cut to frame_length, windowed by
    ``window_fn`` (use inverse_stft_window_fn for perfect reconstruction) and overlap-added."""
    op = 'signal.inverse_stft'
    t = as_tensor(stfts, op)
    length = _positive(frame_length, op, 'frame_length')
    n = 2 ** int(math.ceil(math.log2(length))) if fft_length is None else _positive(fft_length, op, 'fft_length')
    frames = irfft(t, [n])[..., :length]
    if length > n:
        frames = pad(frames, [[0, 0]] * (frames.ndim - 1) + [[0, length - n]])
    if window_fn is not None:
        frames = frames * on_device_of(window_fn(length, dtype=frames.dtype), frames)
    return overlap_and_add(frames, frame_step)


@named_errors('signal.inverse_stft_window_fn')
def inverse_stft_window_fn(frame_step, forward_window_fn=hann_window, name=None):
    """A window function for inverse_stft that undoes ``forward_window_fn`` at ``frame_step``:
    the forward window divided by the overlapping sum of its squares."""
    step = _positive(frame_step, 'signal.inverse_stft_window_fn', 'frame_step')

    def inverse_window(frame_length, dtype='float32'):
        forward = np.asarray(forward_window_fn(frame_length, dtype=dtype).numpy())
        overlaps = -(-int(frame_length) // step)
        squares = np.pad(np.square(forward), (0, overlaps * step - int(frame_length)))
        denominator = np.tile(squares.reshape(overlaps, step).sum(0, keepdims=True), (overlaps, 1)).reshape(-1)
        denominator = denominator[:int(frame_length)]
        # TF 2.21 gives 0 where no frame covers a sample (a zero sum of squares: a window's zero end
        # at frame_step == frame_length, an all-zero window), not 0 / 0's NaN
        with np.errstate(divide='ignore', invalid='ignore'):
            inverse = np.where(denominator == 0, np.zeros_like(forward), forward / denominator)
        return Tensor(inverse.astype(forward.dtype))
    return inverse_window
