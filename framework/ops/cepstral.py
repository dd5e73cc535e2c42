"""``tf.signal``'s mel filterbank and MFCCs (the DCTs are TensorFlow's FFT compositions:
cosine_transforms.py)."""
import numpy as np

from .. import dtypes
from ..tensor import Tensor, convert_to_tensor
from . import eigen_math, eigen_math64
from .creation import linspace
from .cosine_transforms import dct, idct  # noqa: F401  (tf.signal's names, from here)
from .operands import named_errors


def _hertz_to_mel(frequencies, dtype):
    # TensorFlow's 1127 log(1 + f / 700), every step in the matrix's dtype, its log Eigen's (eigen_math: the
    # matrix is made once); Eigen's half-precision log is its float32 log, rounded
    one, f = dtype.type(1.0), np.atleast_1d(np.asarray(frequencies, dtype))
    ratio = one + f / dtype.type(700.0)
    log = eigen_math64.log(ratio) if dtype == np.float64 else eigen_math.log(ratio.astype(np.float32)).astype(dtype)
    return (dtype.type(1127.0) * log).reshape(np.shape(frequencies))


@named_errors('signal.linear_to_mel_weight_matrix')
def linear_to_mel_weight_matrix(num_mel_bins=20, num_spectrogram_bins=129, sample_rate=8000, lower_edge_hertz=125.0,
                                upper_edge_hertz=3800.0, dtype='float32', name=None):
    """(num_spectrogram_bins, num_mel_bins) triangular filters, evenly spaced on the HTK mel scale
    between the edges, that map a linear-frequency magnitude spectrogram to mel bins (bin 0, DC, weighs 0)."""
    sample_rate = sample_rate.numpy() if isinstance(sample_rate, Tensor) else sample_rate   # (TF's constant_value)
    _check_mel_arguments(num_mel_bins, sample_rate, lower_edge_hertz, upper_edge_hertz, dtypes.as_dtype(dtype))
    mels, bins = int(num_mel_bins), int(num_spectrogram_bins)
    rate, low, high = float(sample_rate), float(lower_edge_hertz), float(upper_edge_hertz)
    dtype = dtypes.numpy_dtype(dtype)
    # TensorFlow computes in ``dtype`` from the start (its float64 or float16 matrix is no float32 one cast), its
    # linspace as tf.linspace computes it (framework.ops.linspace)
    linear = linspace(dtype.type(0.0), dtype.type(rate) / dtype.type(2.0), bins).numpy()[1:]
    bin_mels = _hertz_to_mel(linear, dtype)[:, None]
    edges = linspace(_hertz_to_mel(dtype.type(low), dtype), _hertz_to_mel(dtype.type(high), dtype), mels + 2).numpy()
    lower, center, upper = edges[None, :-2], edges[None, 1:-1], edges[None, 2:]
    rising = (bin_mels - lower) / (center - lower)
    falling = (upper - bin_mels) / (upper - center)
    weights = np.maximum(dtype.type(0), np.minimum(rising, falling))
    return Tensor(np.pad(weights, [(1, 0), (0, 0)]))


def _check_mel_arguments(num_mel_bins, sample_rate, lower_edge_hertz, upper_edge_hertz, dtype):
    """TF 2.21's checks, in its order and words (mel_ops._validate_arguments); num_spectrogram_bins is
    linspace's to check (1 or 0 bins give the DC row alone)."""
    if num_mel_bins <= 0:
        raise ValueError('num_mel_bins must be positive. Got: %s' % num_mel_bins)
    if lower_edge_hertz < 0.0:
        raise ValueError('lower_edge_hertz must be non-negative. Got: %s' % lower_edge_hertz)
    if lower_edge_hertz >= upper_edge_hertz:
        raise ValueError('lower_edge_hertz %.1f >= upper_edge_hertz %.1f' % (lower_edge_hertz, upper_edge_hertz))
    if sample_rate <= 0.0:
        raise ValueError('sample_rate must be positive. Got: %s' % sample_rate)
    if upper_edge_hertz > sample_rate / 2:
        raise ValueError('upper_edge_hertz must not be larger than the Nyquist frequency (sample_rate / 2). '
                         'Got %s for sample_rate: %s' % (upper_edge_hertz, sample_rate))
    if not dtypes.is_floating(dtype):
        raise ValueError('dtype must be a floating point type. Got: %s' % dtype)


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
