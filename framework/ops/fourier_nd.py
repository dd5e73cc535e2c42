"""``tf.signal.fftnd`` / ``ifftnd`` / ``rfftnd`` / ``irfftnd``: Fourier transforms over chosen axes.

Arguments as TensorFlow's wrappers: ``axes`` defaults to every axis, ``fft_length``
to the input's sizes there (for irfftnd, ``2 (n - 1)`` on the last of them), and
``norm`` 'backward' (no scaling), 'forward' (the input divided by the product of
the lengths first) or 'ortho' (by its square root). TensorFlow 2.21 registers these
kernels only for GPUs (its CPU build raises NotFoundError); tapeflow computes them
everywhere, with the gradients of ``spectral_transform``.
"""
import numpy as np

from .fourier import _complex_input, _real_input
from .operands import as_tensor, named_errors
from .spectral_transform import spectral_transform

_NORMS = ('backward', 'forward', 'ortho')


def _axes(t, axes, op):
    if axes is None:
        if t.ndim == 0:
            raise ValueError('%s: input must have rank >= 1, got a scalar' % op)
        return list(range(t.ndim))
    values = np.asarray(axes.numpy() if hasattr(axes, 'numpy') else axes).reshape(-1)
    if values.dtype.kind not in 'iu' or len(values) == 0:
        raise ValueError('%s: axes must be a non-empty list of integers, got %r' % (op, axes))
    out = []
    for a in values.tolist():
        if not -t.ndim <= a < t.ndim:
            raise ValueError('%s: axis %d is out of range for a tensor of rank %d (shape %s)'
                             % (op, a, t.ndim, tuple(t.shape)))
        out.append(a % t.ndim)
    if len(set(out)) != len(out):
        raise ValueError('%s: axes must be distinct, got %r' % (op, axes))
    return out


def _lengths(t, fft_length, axes, inverse_real, op):
    if fft_length is None:
        sizes = [t.shape[a] for a in axes]
        if inverse_real:
            sizes[-1] = max(0, 2 * (sizes[-1] - 1))
        return sizes
    values = np.asarray(fft_length.numpy() if hasattr(fft_length, 'numpy') else fft_length).reshape(-1)
    if values.shape != (len(axes),) or values.dtype.kind not in 'iu' or (values < 1).any():
        raise ValueError('%s: fft_length must be %d positive integer(s), one per axis in %s, got %r'
                         % (op, len(axes), axes, fft_length))
    return [int(v) for v in values]


def _scale(lengths, norm, op):
    if norm is None or norm == 'backward':
        return None
    if norm not in _NORMS:
        raise ValueError("%s: norm must be one of 'backward', 'forward' or 'ortho', got %r" % (op, norm))
    n = int(np.prod(lengths))
    return n if norm == 'forward' else np.sqrt(n)


def _nd(kind, name):
    op = 'signal.' + name
    takes_real = kind == 'rfft'

    def transform(input_tensor, fft_length=None, axes=None, norm=None, name=None):
        t = as_tensor(input_tensor, op, dtype=None if takes_real or hasattr(input_tensor, 'dtype')
                      else np.complex64)
        t = _real_input(t, op) if takes_real else _complex_input(t, op)[0]
        axes_ = _axes(t, axes, op)
        lengths = _lengths(t, fft_length, axes_, kind == 'irfft', op)
        scale = _scale(lengths, norm, op)
        if scale is not None:
            # TensorFlow scales the input, not the output: divided for forward transforms, multiplied for inverse
            t = t * scale if kind in ('ifft', 'irfft') else t / scale
        return spectral_transform(kind, t, lengths, axes_)
    transform.__name__ = transform.__qualname__ = name
    transform = named_errors(op)(transform)
    transform.__doc__ = ('The %s Fourier transform over ``axes`` (default: all), cropped or zero-padded to '
                         '``fft_length``; ``norm`` is numpy\'s.' % {'fft': 'N-D', 'ifft': 'inverse N-D',
                                                                    'rfft': 'real N-D', 'irfft': 'inverse real N-D'}[kind])
    return transform


fftnd, ifftnd = _nd('fft', 'fftnd'), _nd('ifft', 'ifftnd')
rfftnd, irfftnd = _nd('rfft', 'rfftnd'), _nd('irfft', 'irfftnd')
