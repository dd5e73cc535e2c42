"""``tf.signal``'s mel filterbank and MFCCs (the DCTs are TensorFlow's FFT compositions:
cosine_transforms.py)."""
import numpy as np

from .. import dtypes
from ..tensor import Tensor, convert_to_tensor
from . import eigen_math
from .creation import linspace
from .cosine_transforms import dct, idct  # noqa: F401  (tf.signal's names, from here)
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


@named_errors('signal.mfccs_from_log_mel_spectrograms')
def mfccs_from_log_mel_spectrograms(log_mel_spectrograms, name=None):
    """Mel-frequency cepstral coefficients: the type-2 DCT of the log mel spectrogram's last axis,
    scaled by 1 / sqrt(2 num_mel_bins) (orthonormal except the first coefficient, as in TF)."""
    t = convert_to_tensor(log_mel_spectrograms)
    if t.ndim and t.shape[-1] == 0:       # TF's text (an integer input reaches dct's TypeError)
        raise ValueError('num_mel_bins must be positive. Got: %s' % t)
    if t.ndim == 0:
        raise ValueError('signal.mfccs_from_log_mel_spectrograms: need a last axis of mel bins, got shape ()')
    from . import cast, rsqrt
    # TF's dct2 * rsqrt(cast(num_mel_bins) * 2.0): a float32 rsqrt, not a rounded double
    return dct(t, 2) * rsqrt(cast(t.shape[-1], t.dtype) * 2.0)
