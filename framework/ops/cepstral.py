"""``tf.signal``'s mel filterbank, discrete cosine transforms and MFCCs.

The DCTs are products with a cosine matrix built on the host in the input's
dtype (TensorFlow computes them through FFTs; the values agree to rounding),
so gradients reach the input. Types and normalisation are SciPy's, as in TF.
"""
import numpy as np

from .. import dtypes
from ..tensor import Tensor
from . import eigen_math
from .creation import linspace
from .fourier import on_device_of
from .linalg import tensordot
from .operands import as_float_tensor
from .shapes import pad
from .operands import named_errors


def _hertz_to_mel(frequencies):
    # TensorFlow's 1127 log(1 + f / 700) in float32, its log Eigen's (eigen_math: the matrix is made once)
    ratio = np.float32(1.0) + np.asarray(frequencies, np.float32) / np.float32(700.0)
    return np.float32(1127.0) * eigen_math.log(np.atleast_1d(ratio)).reshape(np.shape(ratio))


@named_errors('signal.linear_to_mel_weight_matrix')
def linear_to_mel_weight_matrix(num_mel_bins=20, num_spectrogram_bins=129, sample_rate=8000, lower_edge_hertz=125.0,
                                upper_edge_hertz=3800.0, dtype='float32', name=None):
    """(num_spectrogram_bins, num_mel_bins) triangular filters, evenly spaced on the HTK mel scale
    between the edges, that map a linear-frequency magnitude spectrogram to mel bins (bin 0, DC, weighs 0)."""
    op = 'signal.linear_to_mel_weight_matrix'
    mels, bins = int(num_mel_bins), int(num_spectrogram_bins)
    rate, low, high = float(sample_rate), float(lower_edge_hertz), float(upper_edge_hertz)
    dtype = dtypes.numpy_dtype(dtype)
    if mels < 1 or bins < 2:
        raise ValueError('%s: num_mel_bins must be >= 1 and num_spectrogram_bins >= 2, got %d and %d' % (op, mels, bins))
    if rate <= 0 or low < 0 or high <= low or high > rate / 2:
        raise ValueError('%s: need sample_rate > 0 and 0 <= lower_edge_hertz < upper_edge_hertz <= sample_rate / 2, '
                         'got %r, %r, %r' % (op, rate, low, high))
    if dtype.kind != 'f':
        raise ValueError('%s: dtype must be floating, got %s' % (op, dtype.name))
    # TensorFlow's float32 linspace, as tf.linspace computes it (framework.ops.linspace)
    linear = linspace(np.float32(0.0), np.float32(rate) / np.float32(2.0), bins).numpy()[1:]
    bin_mels = _hertz_to_mel(linear)[:, None]
    edges = linspace(_hertz_to_mel(np.float32(low)), _hertz_to_mel(np.float32(high)), mels + 2).numpy()
    lower, center, upper = edges[None, :-2], edges[None, 1:-1], edges[None, 2:]
    rising = (bin_mels - lower) / (center - lower)
    falling = (upper - bin_mels) / (upper - center)
    weights = np.maximum(np.float32(0), np.minimum(rising, falling))
    return Tensor(np.pad(weights, [(1, 0), (0, 0)]).astype(dtype))


def _dct_matrix(n, kind, norm, dtype):
    """(n, n) matrix M with y = x @ M for the type ``kind`` DCT (SciPy's definitions)."""
    i = np.arange(n)[:, None].astype(np.float64)       # input index
    k = np.arange(n)[None, :].astype(np.float64)       # output index
    if kind == 1:
        m = 2.0 * np.cos(np.pi * i * k / (n - 1))
        m[0, :] = 1.0
        m[-1, :] = (-1.0) ** np.arange(n)
    elif kind == 2:
        m = 2.0 * np.cos(np.pi * k * (2 * i + 1) / (2 * n))
        if norm == 'ortho':
            m[:, 0] *= np.sqrt(1.0 / (4 * n))
            m[:, 1:] *= np.sqrt(1.0 / (2 * n))
    elif kind == 3:
        if norm == 'ortho':
            return _dct_matrix(n, 2, 'ortho', dtype).T
        m = 2.0 * np.cos(np.pi * i * (2 * k + 1) / (2 * n))
        m[0, :] = 1.0
    else:
        m = 2.0 * np.cos(np.pi * (2 * i + 1) * (2 * k + 1) / (4 * n))
        if norm == 'ortho':
            m *= np.sqrt(1.0 / (2 * n))
    return m.astype(dtype)


@named_errors('signal.dct')
def dct(input, type=2, n=None, axis=-1, norm=None, name=None):  # noqa: A002  (TensorFlow's argument names)
    """The type 1, 2, 3 or 4 discrete cosine transform over the last axis (cropped or zero-padded to
    ``n``); ``norm='ortho'`` makes types 2, 3 and 4 orthonormal."""
    op = 'signal.dct'
    t = as_float_tensor(input, op)
    if type not in (1, 2, 3, 4):
        raise ValueError('%s: type must be 1, 2, 3 or 4, got %r' % (op, type))
    if axis != -1:
        raise ValueError('%s: only axis=-1 is supported (as in TensorFlow), got %r'
                         % (op, axis))
    if norm not in (None, 'ortho'):
        raise ValueError("%s: norm must be None or 'ortho', got %r" % (op, norm))
    if t.ndim == 0:
        raise ValueError('%s: input must have rank >= 1, got a scalar' % op)
    size = t.shape[-1] if n is None else int(n)
    if size < 1 or (type == 1 and (norm == 'ortho' or size < 2)):
        raise ValueError("%s: need n >= 1 (n >= 2 and norm=None for type 1), got n=%d, norm=%r" % (op, size, norm))
    if t.shape[-1] > size:
        t = t[..., :size]
    elif t.shape[-1] < size:
        t = pad(t, [[0, 0]] * (t.ndim - 1) + [[0, size - t.shape[-1]]])
    return tensordot(t, on_device_of(Tensor(_dct_matrix(size, type, norm, t._data.dtype)), t), [[t.ndim - 1], [0]])


@named_errors('signal.idct')
def idct(input, type=2, n=None, axis=-1, norm=None, name=None):  # noqa: A002
    """The inverse DCT: dct of type 3 for type 2 and the reverse (1 and 4 are their own); without
    ``norm`` it inverts dct up to a factor 2N (2 (N - 1) for type 1), as in TensorFlow."""
    if type not in (1, 2, 3, 4):
        raise ValueError('signal.idct: type must be 1, 2, 3 or 4, got %r' % (type,))
    return dct(input, {1: 1, 2: 3, 3: 2, 4: 4}[type], n, axis, norm)


@named_errors('signal.mfccs_from_log_mel_spectrograms')
def mfccs_from_log_mel_spectrograms(log_mel_spectrograms, name=None):
    """Mel-frequency cepstral coefficients: the type-2 DCT of the log mel spectrogram's last axis,
    scaled by 1 / sqrt(2 num_mel_bins) (orthonormal except the first coefficient, as in TF)."""
    t = as_float_tensor(log_mel_spectrograms, 'signal.mfccs_from_log_mel_spectrograms')
    if t.ndim == 0 or t.shape[-1] < 1:
        raise ValueError('signal.mfccs_from_log_mel_spectrograms: need a last axis of mel bins, got shape %s'
                         % (tuple(t.shape),))
    return dct(t, 2) * float(1.0 / np.sqrt(2.0 * t.shape[-1]))
