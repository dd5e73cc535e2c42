"""keras.initializers.STFT: convolution kernels that compute one side of a short-time Fourier transform.

A kernel of shape (frame_length, 1, bins) holds ``cos`` (side 'real') or ``sin`` ('imag') of
``-2 pi t k / (2 (bins - 1))``, times a window divided by its L2 ('density') or L1 ('spectrum')
norm; STFTSpectrogram convolves signals with a pair of them. Computed in the weight's dtype with
the framework's ops, in Keras 3's order.
"""
import numpy as np

from framework.ops import acos, cast, constant, cos, reduce_sum, reshape, sin, sqrt
from framework.ops import eigen_trig
from framework.tensor import Tensor, convert_to_tensor
from framework.ops import abs as abs_

from .initializer import Initializer

_SIDES = ('real', 'imag')
_SCALINGS = (None, 'density', 'spectrum')


def _cosine_window(coefficients, length, periodic):
    """scipy.signal.windows.general_cosine: sum_k (-1)^k a_k cos(k x), x over [-pi, pi]."""
    n = length + 1 if periodic else length
    x = np.linspace(-np.pi, np.pi, n)
    w = np.zeros(n)
    for k, a in enumerate(coefficients):
        w += a * np.cos(k * x)
    return w[:length]


_OWN_WINDOWS = {'hann': [0.5, 0.5], 'hanning': [0.5, 0.5], 'hamming': [0.54, 0.46], 'boxcar': [1.0],
                'blackman': [0.42, 0.50, 0.08]}


def get_window(window, length, periodic):
    """The named window's ``length`` values (float64) as ``scipy.signal.get_window(window, length,
    fftbins=periodic)``: scipy's when installed (all its windows), else the cosine windows here."""
    try:
        import scipy.signal
    except ImportError:
        scipy = None
    if scipy is not None:
        return np.asarray(scipy.signal.get_window(window, length, periodic), np.float64)
    if window not in _OWN_WINDOWS:
        raise ValueError('Unknown window type %r: without scipy installed, use one of %s or give the window values'
                         % (window, sorted(_OWN_WINDOWS)))
    if length == 1:
        return np.ones(1)
    return _cosine_window(_OWN_WINDOWS[window], length, periodic)


def check_window(window):
    """Raise ValueError now for an unknown window name, as Keras's constructors do."""
    if isinstance(window, str):
        get_window(window, 1, False)


def _trig(side, args):
    """cos (side 'real') or sin of ``args``; float32 host arrays always with TensorFlow's bits (the ops
    compute only small arrays so, but kernels are made once and their last bits reach every frame)."""
    if type(args._data) is np.ndarray and args._data.dtype == np.float32:
        return Tensor((eigen_trig.cos if side == 'real' else eigen_trig.sin)(args._data))
    return cos(args) if side == 'real' else sin(args)


class STFT(Initializer):
    """Kernels of shape (frame_length, 1, fft_length // 2 + 1) for one side of an STFT.

    Args:
        side: 'real' (cosines) or 'imag' (sines).
        window: a window name ('hann', 'hamming', ... as scipy.signal.get_window), the window's
            values, or None.
        scaling: 'density' (divide by the window's L2 norm), 'spectrum' (its L1 norm) or None.
        periodic: a periodic (DFT-even) window rather than a symmetric one.
    Raises:
        ValueError: a bad side or scaling, an unknown window, or window values of the wrong length.
    """

    def __init__(self, side='real', window='hann', scaling='density', periodic=False):
        if side not in _SIDES:
            raise ValueError("side should be 'real' or 'imag', not %s" % (side,))
        check_window(window)
        if scaling not in _SCALINGS:
            raise ValueError("Scaling is invalid, it must be `None`, 'density' or 'spectrum'. Received scaling=%s"
                             % (scaling,))
        self.side, self.window, self.scaling, self.periodic = side, window, scaling, periodic

    def __call__(self, shape, dtype=None):
        dtype = 'float32' if dtype is None else dtype
        frame_length, _, bins = shape
        win, scale = None, 1
        if self.window is not None:
            values = get_window(self.window, frame_length, self.periodic) if isinstance(self.window, str) \
                else self.window
            win = cast(convert_to_tensor(values), dtype)
            if win.ndim != 1 or win.shape[-1] != frame_length:
                raise ValueError('The shape of `window` must be equal to [frame_length].Received: window shape=%s'
                                 % (tuple(win.shape),))
            win = reshape(win, [frame_length, 1, 1])
            if self.scaling == 'density':
                scale = sqrt(reduce_sum(win * win))
            elif self.scaling == 'spectrum':
                scale = reduce_sum(abs_(win))
        freq = reshape(constant(np.arange(bins), dtype=dtype), (1, 1, bins)) / ((bins - 1) * 2)
        time = reshape(constant(np.arange(frame_length), dtype=dtype), (frame_length, 1, 1))
        args = (-2 * time) * freq * acos(constant(-1, dtype=dtype))
        kernel = _trig(self.side, args)
        return kernel if win is None else kernel * win / scale

    def get_config(self):
        return {'side': self.side, 'window': self.window, 'periodic': self.periodic, 'scaling': self.scaling}
