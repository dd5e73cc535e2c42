"""The one differentiable discrete Fourier transform behind every ``tf.signal`` FFT.

``spectral_transform(kind, t, lengths, axes)`` is numpy's (or cupy's) ``fftn`` /
``ifftn`` / ``rfftn`` / ``irfftn`` over ``axes``, the input cropped or zero-padded
to ``lengths`` there (the last axis to ``lengths[-1] // 2 + 1`` for irfft), as
TensorFlow pads before its kernels. Its gradients are TensorFlow's
(``tensorflow/python/ops/signal/fft_ops.py``), extended to any rank and to
cropping, which TensorFlow's rules do not handle:

- fft: ``size * ifft(g)``; ifft: ``fft(g) / size``. Written in the tape's real
  form (a DFT matrix is symmetric, so its transpose is itself: ``fft(g)``), which
  the tape conjugates into TensorFlow's form for complex outputs.
- rfft: the real part of the full spectrum ``g`` (zeros in the dropped half)
  transformed back, i.e. TensorFlow's ``0.5 * (irfft(g) * size + extra terms)``; for 1-D and
  (at the input's own size) 2-D transforms in TF's own ops, whose roundings differ (rfft2d_gradient.py).
- irfft: ``rfft(g) * mask / size``, the mask 2 on the frequencies that stand for a
  conjugate pair (1 on the zero frequency and, for even lengths, the Nyquist one).

Each rule is built from this op and the framework's pad / slice / real, so
nested tapes give higher derivatives.
"""
import numpy as np

from .. import backend
from ..tensor import Tensor
from .operands import ACTIVE, record
from . import rfft2d_gradient

_COMPLEX_OF = {np.dtype('float32'): np.complex64, np.dtype('float64'): np.complex128}
_REAL_OF = {np.dtype('complex64'): np.float32, np.dtype('complex128'): np.float64}


def _fft_module(xp):
    """scipy.fft on the host when installed: its float32 transforms run in float32 (pocketfft's
    successor, ducc, which TensorFlow's CPU kernels use), so they give TensorFlow's bits; numpy's
    compute in float64 and round, which differs from TensorFlow's last bit on most values."""
    if xp is np:
        try:
            import scipy.fft
            return scipy.fft
        except ImportError:
            pass
    return xp.fft


def _compute(kind, xp, a, lengths, axes):
    if 0 in lengths:        # nothing to transform: TF's kernels give zeros of the output shape (numpy refuses)
        return _empty(kind, xp, a, lengths, axes)
    fft = _fft_module(xp)
    if kind in ('fft', 'ifft'):
        # TensorFlow's complex kernels transform the last axis first
        fn = fft.fftn if kind == 'fft' else fft.ifftn
        return fn(a, s=lengths[::-1], axes=axes[::-1]).astype(a.dtype, copy=False)
    if kind == 'rfft':
        return fft.rfftn(a, s=lengths, axes=axes).astype(_COMPLEX_OF[a.dtype], copy=False)
    return fft.irfftn(a, s=lengths, axes=axes).astype(_REAL_OF[a.dtype], copy=False)


def _empty(kind, xp, a, lengths, axes):
    shape = list(a.shape)
    for axis, n in zip(axes, lengths):
        shape[axis] = n
    if kind == 'rfft':      # the half spectrum: n // 2 + 1 frequencies, none of none
        shape[axes[-1]] = lengths[-1] // 2 + 1 if lengths[-1] else 0
    dtype = {'rfft': _COMPLEX_OF, 'irfft': _REAL_OF}.get(kind, {a.dtype: a.dtype})[a.dtype]
    return xp.zeros(shape, dtype)


def fit(t, sizes, axes):
    """``t`` cropped or zero-padded at the end of each of ``axes`` to ``sizes``."""
    from .indexing import slice as slice_
    from .shapes import pad
    shape = list(t.shape)
    if all(shape[a] == n for a, n in zip(axes, sizes)):
        return t
    crop = list(shape)
    paddings = [[0, 0] for _ in shape]
    for a, n in zip(axes, sizes):
        crop[a] = min(shape[a], n)
        paddings[a][1] = max(n - shape[a], 0)
    if crop != shape:
        t = slice_(t, [0] * len(shape), crop)
    return pad(t, paddings) if any(p for _, p in paddings) else t


def spectral_transform(kind, t, lengths, axes):
    """``kind`` ('fft', 'ifft', 'rfft', 'irfft') of tensor ``t`` over the non-negative ``axes``."""
    lengths, axes = [int(n) for n in lengths], tuple(int(a) for a in axes)
    xp = backend.array_module(t._data)
    out = Tensor(_compute(kind, xp, t._data, lengths, axes))
    if ACTIVE:
        record('signal.' + kind, (t,), out, (_RULES[kind](lengths, axes),))
    return out


def _size(lengths):
    return float(np.prod(lengths, dtype=np.float64))


def _complex_rule(kind, lengths, axes):
    inverse_kind = 'ifft' if kind == 'fft' else 'fft'
    factor = _size(lengths) if kind == 'fft' else 1.0 / _size(lengths) if _size(lengths) else 0.0

    def rule(g, y, x):
        if not x._data.size:
            return _empty_gradient(x)
        # TensorFlow's form on conj(g), conjugated back: the tape conjugates it once more, so the
        # result is TensorFlow's size * ifft(g) (or fft(g) / size) to the bit, signed zeros included
        from .complex_parts import conj
        tf_form = spectral_transform(inverse_kind, conj(g), lengths, axes) * _constant(factor, g)
        return fit(conj(tf_form), [x.shape[a] for a in axes], axes)
    return rule


def _constant(value, like):
    xp = backend.array_module(like._data)
    return Tensor(xp.asarray(value, like._data.dtype))


def _empty_gradient(x):
    """An empty input's gradient: TF's rules give an empty tensor of its shape (tapeflow's slices of the
    spectrum's first bin, or its 1 / size, fail on an empty one)."""
    return Tensor(backend.array_module(x._data).zeros(x._data.shape, x._data.dtype))


def _rfft_rule(lengths, axes):
    def rule(g, y, x):
        from .complex_parts import conj, real
        if not x._data.size:
            return _empty_gradient(x)
        sizes = [x.shape[a] for a in axes]
        if len(axes) == 1:
            return fit(_tf_rfft_gradient(conj(g), lengths[0], axes[0]), sizes, axes)
        if len(axes) == 2 and sizes == lengths and axes[-1] == x.ndim - 1:
            return rfft2d_gradient.tf_form(conj(g), lengths)
        full = fit(g, lengths, axes)              # the dropped half of the spectrum as zeros
        return fit(real(spectral_transform('fft', full, lengths, axes)), sizes, axes)
    return rule


def _tf_rfft_gradient(g, length, axis):
    """TensorFlow's 1-D rule: 0.5 (irfft(g) * n + real(g_0 + [n even] g_last * (1, -1, 1, ...)))."""
    from .complex_parts import real
    from .indexing import slice as slice_
    rank = g.ndim
    begin, size = [0] * rank, list(g.shape)
    size[axis] = 1
    first = slice_(g, begin, size)
    extra = real(first)
    if length % 2 == 0:
        begin[axis] = g.shape[axis] - 1
        signs = np.where(np.arange(length) % 2 == 0, 1.0, -1.0).reshape([-1] + [1] * (rank - 1 - axis))
        extra = real(first + slice_(g, begin, size) * _constant(signs, g))
    back = spectral_transform('irfft', g, [length], (axis,))
    return (back * _constant(float(length), back) + extra) * _constant(0.5, back)


def _irfft_rule(lengths, axes):
    def rule(g, y, x):
        if not x._data.size:
            return _empty_gradient(x)
        kept = lengths[-1] // 2 + 1
        mask = np.full(kept, 2.0)
        mask[0] = 1.0
        if lengths[-1] % 2 == 0:
            mask[-1] = 1.0
        real_dtype = g._data.dtype
        scale = (mask.astype(real_dtype) * real_dtype.type(1.0 / _size(lengths)))
        scale = scale.reshape([-1] + [1] * (x.ndim - 1 - axes[-1])).astype(_COMPLEX_OF[real_dtype])
        spectrum = spectral_transform('rfft', g, lengths, axes) * Tensor(backend.array_module(g._data).asarray(scale))
        sizes = [x.shape[a] for a in axes]
        return fit(spectrum, sizes, axes)
    return rule


_RULES = {'fft': lambda lengths, axes: _complex_rule('fft', lengths, axes),
          'ifft': lambda lengths, axes: _complex_rule('ifft', lengths, axes),
          'rfft': _rfft_rule, 'irfft': _irfft_rule}
