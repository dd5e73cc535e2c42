"""``tf.signal.dct`` / ``idct``: TensorFlow's compositions through the real FFT (dct_ops.py), op for op.

Type 2 is Makhoul's 2N-point rfft times the twiddles 2 exp(-i pi k / 2N), type 3 the irfft of the
twiddled input, type 1 the rfft of the mirrored input, type 4 the odd outputs of a 2N-point type 2.
Written with tapeflow's ops, the values carry TF's float32 bits (rfft runs TF's algorithm where scipy is
installed) and the gradients are the composition's, as TF's are: a cosine matrix product differs from
both in the last bits (mfccs of a spectrogram by up to 8e-6).
"""
import math

from ..tensor import convert_to_tensor
from .operands import named_errors


def _validate(x, kind, n, axis, norm):
    # TensorFlow's _validate_dct_arguments, before the input is converted: its exception types and texts
    if axis != -1:
        raise NotImplementedError('axis must be -1. Got: %s' % axis)
    if n is not None and n < 1:
        raise ValueError('n should be a positive integer or None')
    if kind not in (1, 2, 3, 4):
        raise ValueError('Types I, II, III and IV (I)DCT are supported.')
    if kind == 1:
        if norm == 'ortho':
            raise ValueError('Normalization is not supported for the Type-I DCT.')
        shape = getattr(x, 'shape', None)
        if shape is None:
            shape = convert_to_tensor(x).shape
        if len(shape) and shape[-1] < 2:
            raise ValueError('Type-I DCT requires the dimension to be greater than one.')
    if norm not in (None, 'ortho'):
        raise ValueError("Unknown normalization. Expected None or 'ortho', got: %s" % norm)


def _twiddles(size, sign, dtype):
    """2 exp(sign i pi k / 2N) for k < N, rounded as TF's range, products and complex exp round them."""
    from . import cast, complex as make_complex, exp, range as arange
    from .arithmetic import divide, multiply
    angles = divide(multiply(multiply(sign * arange(cast(size, dtype)), math.pi), 0.5), cast(size, dtype))
    return multiply(2.0, exp(make_complex(cast(0.0, dtype), angles)))


def _product(p, q):
    """p * q of complex tensors as TF's Mul computes them: Eigen's complex packets multiply the parts in
    the real dtype and add (re p re q - im p im q, re p im q + im p re q), where numpy's complex64 product
    differs in the last bit now and then. Its gradients are the parts' products too, as TF's g * conj(q)."""
    from . import complex as make_complex, imag, real
    pr, pi, qr, qi = real(p), imag(p), real(q), imag(q)
    return make_complex(pr * qr - pi * qi, pr * qi + pi * qr)


def _ortho_weights(first, rest, size):
    # TF's pad(expand_dims(n1, 0), [[0, N - 1]], constant_values=n2): [n1, n2, n2, ...]
    from .shapes import expand_dims, pad
    return pad(expand_dims(first, 0), [[0, size - 1]], constant_values=rest)


def _input(x):
    # TF converts 0.0 to the input's dtype first (TypeError for integers), and its complex twiddles
    # refuse half precision (TypeError; type 1, which has none, reaches rfft's ValueError)
    t = convert_to_tensor(x)
    convert_to_tensor(0.0, dtype=t.dtype)
    return t


def _transform(t, kind, n, norm):
    from . import cast, complex as make_complex, concat, real, rsqrt, sqrt
    from .fourier import irfft, rfft
    from .shapes import pad
    if n is not None:
        t = t[..., 0:n] if n <= t.shape[-1] else pad(t, [[0, 0]] * (t.ndim - 1) + [[0, n - t.shape[-1]]])
    size = t.shape[-1]
    length = cast(size, t.dtype)
    if kind == 1:
        return real(rfft(concat([t, t[..., -2:0:-1]], axis=-1)))
    if kind == 2:
        twiddles = _twiddles(size, -1, t.dtype)
        out = real(_product(rfft(t, fft_length=[2 * size])[..., :size], twiddles))
        if norm == 'ortho':
            first = 0.5 * rsqrt(length)
            out = out * _ortho_weights(first, first * math.sqrt(2.0), size)
        return out
    if kind == 3:
        twiddles = _twiddles(size, 1, t.dtype)
        if norm == 'ortho':
            first = sqrt(length)
            t = t * _ortho_weights(first, first * math.sqrt(0.5), size)
        else:
            t = t * length
        spectrum = _product(twiddles, make_complex(t, cast(0.0, t.dtype)))
        return real(irfft(spectrum, fft_length=[2 * size]))[..., :size]
    out = _transform(t, 2, 2 * size, None)[..., 1::2]
    if norm == 'ortho':
        out = out * (math.sqrt(0.5) * rsqrt(length))
    return out


@named_errors('signal.dct')
def dct(input, type=2, n=None, axis=-1, norm=None, name=None):  # noqa: A002  (TensorFlow's argument names)
    """The type 1, 2, 3 or 4 discrete cosine transform over the last axis (cropped or zero-padded to
    ``n``); ``norm='ortho'`` makes types 2, 3 and 4 orthonormal."""
    _validate(input, type, n, axis, norm)
    return _transform(_input(input), type, n, norm)


@named_errors('signal.idct')
def idct(input, type=2, n=None, axis=-1, norm=None, name=None):  # noqa: A002
    """The inverse DCT: dct of type 3 for type 2 and the reverse (1 and 4 are their own); without
    ``norm`` it inverts dct up to a factor 2N (2 (N - 1) for type 1), as in TensorFlow."""
    _validate(input, type, n, axis, norm)
    return _transform(_input(input), {1: 1, 2: 3, 3: 2, 4: 4}[type], n, norm)
