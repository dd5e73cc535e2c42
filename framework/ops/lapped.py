"""``tf.signal``'s Kaiser, Kaiser-Bessel-derived and Vorbis windows and the modified DCT
(mdct / inverse_mdct), written with tapeflow's ops: the MDCT is framing, folding and a
type-4 DCT, so gradients reach the signal."""
import numpy as np

from .. import dtypes
from ..tensor import Tensor
from .activations import relu
from .bessel import bessel_i0e
from .cepstral import dct
from .creation import range as range_
from .fourier import on_device_of
from .framing import frame, overlap_and_add
from . import signal_argument_checks
from ..errors import noted
from .operands import as_float_tensor, as_tensor
from .shapes import cast, concat, reverse, split
from .window_length import window_length_and_dtype
from .unary import exp, sqrt, square
from .operands import named_errors

_F32 = np.float32


@named_errors('signal.kaiser_window')
def kaiser_window(window_length, beta=12.0, dtype='float32', name=None):
    """The Kaiser window I0(beta sqrt(1 - (n / half)^2)) / I0(beta), n from -half to half.

    Computed in ``dtype`` in TensorFlow's order, exp(num - beta) * (i0e(num) / i0e(beta)),
    so float32 windows carry its bits."""
    length, dtype = window_length_and_dtype(window_length, dtype, 'signal.kaiser_window')
    if length == 1:
        return Tensor(np.ones(1, dtype))
    half = (_F32(length) - _F32(1.0)) / _F32(2.0)
    arg = cast(range_(-half, half + _F32(0.1), dtype='float32'), dtype)     # length 0: Range's error, as TF
    beta, half = cast(float(beta), dtype), cast(half, dtype)
    num = beta * sqrt(relu(1.0 - square(arg / half)))
    return exp(num - beta) * (bessel_i0e(num) / bessel_i0e(beta))


@named_errors('signal.kaiser_bessel_derived_window')
def kaiser_bessel_derived_window(window_length, beta=12.0, dtype='float32', name=None):
    """The KBD window: square roots of the normalised running sums of a Kaiser window, mirrored."""
    length, dtype = window_length_and_dtype(window_length, dtype, 'signal.kaiser_bessel_derived_window')
    # TF's ops in ``dtype`` (not float64 then rounded), so float32 windows carry its bits
    from .reductions import cumsum
    running = cumsum(kaiser_window(length // 2 + 1, beta, dtype))
    half = sqrt(running[:-1] / running[-1])
    return concat([half, reverse(half, [0])], 0)


@named_errors('signal.vorbis_window')
def vorbis_window(window_length, dtype='float32', name=None):
    """The Vorbis power-complementary window sin(pi / 2 sin^2(pi (n + 0.5) / N))."""
    length, dtype = window_length_and_dtype(window_length, dtype, 'signal.vorbis_window')
    # TF's ops in ``dtype`` (its float32 sin and pow are Eigen's: the window carries TF's bits)
    from .arithmetic import multiply, pow as power
    from .unary import sin
    arg = cast(range_(length), dtype)
    inner = sin(multiply(np.pi / cast(length, dtype), arg + 0.5))
    return sin(multiply(np.pi / 2.0, power(inner, 2.0)))


@named_errors('signal.mdct')
def mdct(signals, frame_length, window_fn=vorbis_window, pad_end=False, norm=None, name=None):
    """The modified DCT of frames of ``frame_length`` (a multiple of 4) every frame_length / 2 samples:
    (..., frames, frame_length / 2). Without a window the frames are scaled by 1 / sqrt(2), as in TF."""
    op = 'signal.mdct'
    t = as_tensor(signals, op)
    signal_argument_checks.rank_at_least(t, 1, op, 'signals')      # TF's order: the signals' rank, then the length
    length = signal_argument_checks.scalar_tensor(frame_length, op, 'frame_length').numpy()
    if length % 4 != 0:
        raise noted(ValueError('The frame length must be a multiple of 4.'),
                    '%s: frame_length must be a positive multiple of 4, got %r' % (op, frame_length))
    length = int(length)
    if length < 4:
        raise ValueError('%s: frame_length must be a positive multiple of 4, got %r' % (op, frame_length))
    # TF windows in the signals' dtype before any float op: an integer or string signal is the window's
    # dtype error ('dtype must be a floating point type. Found <dtype: 'int32'>')
    window = window_fn(length, dtype=t.dtype) if window_fn is not None else None
    t = as_float_tensor(t, op)
    if norm not in (None, 'ortho'):
        raise ValueError("Unknown normalization. Expected None or 'ortho', got: %s" % norm)
    frames = frame(t, length, length // 2, pad_end=pad_end)
    frames = frames * (on_device_of(window, t) if window is not None else float(1 / np.sqrt(2)))
    a, b, c, d = split(frames, 4, axis=-1)
    folded = concat([-reverse(c, [-1]) - d, a - reverse(b, [-1])], -1)
    return dct(folded, 4, norm=norm)


@named_errors('signal.inverse_mdct')
def inverse_mdct(mdcts, window_fn=vorbis_window, norm=None, name=None):
    """Signals from their mdct: type-4 DCT, unfolding, windowing and overlap-add (perfect
    reconstruction with a power-complementary window such as vorbis_window)."""
    op = 'signal.inverse_mdct'
    t = as_tensor(mdcts, op)
    signal_argument_checks.rank_at_least(t, 2, op, 'mdcts (..., frames, frame_length / 2)')     # TF's order
    if t._data.dtype.kind in 'iu' and norm in (None, 'ortho'):
        # TF's first float constant meets the integer mdcts: 0.5 / half (norm None), dct's 0.0 (ortho)
        raise noted(TypeError('Cannot convert %s to EagerTensor of dtype %s' % ('0.5' if norm is None else '0.0',
                                                                               t.dtype.name)),
                    '%s: mdcts must be float32 or float64, got %s; cast them first' % (op, t.dtype.name))
    t = as_float_tensor(t, op)
    if norm not in (None, 'ortho'):
        raise ValueError("%s: norm must be None or 'ortho', got %r" % (op, norm))
    half = t.shape[-1]      # (an odd half is split's error below, as TF's)
    coeffs = dct(t, 4) * float(0.5 / half) if norm is None else dct(t, 4, norm='ortho')
    first, second = split(coeffs, 2, axis=-1)
    frames = concat([second, -reverse(second, [-1]), -reverse(first, [-1]), -first], -1)
    frames = frames * (on_device_of(window_fn(2 * half, dtype=t.dtype), t) if window_fn is not None
                       else float(1 / np.sqrt(2)))
    return overlap_and_add(frames, half)
