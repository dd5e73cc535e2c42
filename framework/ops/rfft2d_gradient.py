"""TensorFlow's gradient of RFFT2D, in its own ops (tensorflow/python/ops/signal/fft_ops.py, rank 2).

The exact gradient of a 2-D real FFT is the real part of the full spectrum transformed back, which is
what spectral_transform's general rule computes. TF writes it as ``0.5 * (irfft2d(g) * M N + real(extra))``,
where ``extra`` puts back the columns the half spectrum dropped: ``T conj(g[..., :1])`` plus, for an even
last length, ``(1, -1, 1, ...) * (T conj(g[..., -1:]))``, with ``T`` the M x M twiddle matrix
``exp(-2j pi a b / M)`` in the complex dtype. Its float32 roundings differ from the exact rule's: where the
exact gradient is 0, TF gives values like 0x1.8p-25 (gradfuzz32 p10.py), so this is its form, used where
fft_length is the input's own size (TF's rule handles only that).
"""
import numpy as np

from .. import backend
from ..tensor import Tensor


def tf_form(grad, lengths):
    """The input's gradient for TF's upstream ``grad`` (the half spectrum's gradient, complex, [..., M, N//2+1])
    of an rfft2d over the last two axes with ``lengths`` = (M, N), the input's own sizes."""
    from .arithmetic import add, multiply
    from .complex_parts import conj, real
    from .linalg import matmul
    from .spectral_transform import spectral_transform
    rows, columns = lengths
    mask = _twiddles(rows, grad)
    signs = np.where(np.arange(columns) % 2 == 0, 1.0, -1.0).reshape(1, columns)
    last = multiply(_constant(signs, grad), matmul(mask, conj(grad[..., -1:])))
    # TF multiplies by is_even (1 or 0, complex) even for an odd length: the product's zeros can turn
    # a -0 of the first term to +0, and (1 + 0j) * z is not always z's signed zeros either
    extra = add(matmul(mask, conj(grad[..., 0:1])), multiply(_constant(float(columns % 2 == 0), grad), last))
    back = spectral_transform('irfft', grad, [rows, columns], (grad.ndim - 2, grad.ndim - 1))
    size = _constant(float(rows * columns), back)
    return multiply(_constant(0.5, back), add(multiply(back, size), real(extra)))


def _twiddles(length, like):
    """TF's _mask_matrix: exp(-2j * pi * cast(a * b) / cast(length)) in ``like``'s complex dtype, its ops' bits."""
    from .arithmetic import divide, multiply
    from .unary import exp
    a = np.tile(np.arange(length, dtype=np.int32)[None], (length, 1))
    products = _constant(a * a.T, like)
    return exp(divide(multiply(_constant(-2j * np.pi, like), products), _constant(complex(length), like)))


def _constant(value, like):
    xp = backend.array_module(like._data)
    return Tensor(xp.asarray(value, like._data.dtype))

