"""``keras.ops.image.scale_and_translate``: resampling along chosen axes with a scale and a
translation, by a linear, cubic or Lanczos kernel (widened by 1 / scale with ``antialias``),
as Keras 3's TensorFlow backend (after JAX's ``scale_and_translate``).

One weight matrix per axis, written with tapeflow's ops from ``scale`` and
``translation``, contracted with tensordot: gradients reach the images, the
scale and the translation.
"""
import math

import numpy as np

from framework import ops as _ops
from framework.ops.operands import named_errors
from .ops_dtypes import cast_all, floating, tensor

_METHODS = {'linear': 'linear', 'bilinear': 'linear', 'trilinear': 'linear',
            'cubic': 'cubic', 'bicubic': 'cubic', 'tricubic': 'cubic', 'lanczos3': 'lanczos3', 'lanczos5': 'lanczos5'}


def _kernel(method, x):
    if method == 'linear':
        return _ops.maximum(1.0 - _ops.abs(x), 0.0)
    if method == 'cubic':       # Keys, a = -0.5
        near = ((1.5 * x - 2.5) * x) * x + 1.0
        far = ((-0.5 * x + 2.5) * x - 4.0) * x + 2.0
        return _ops.where(x >= 2.0, 0.0, _ops.where(x >= 1.0, far, near))
    radius = 3.0 if method == 'lanczos3' else 5.0
    y = radius * _ops.sin(math.pi * x) * _ops.sin(math.pi * x / radius)
    safe = _ops.where(x > 1e-3, x, 1.0)
    return _ops.where(x > radius, 0.0, _ops.where(x > 1e-3, y / (math.pi ** 2 * safe * safe), 1.0))


def _weights(size_in, size_out, scale, translation, method, antialias):
    """(size_in, size_out) weights: kernel(|sample - i| / kernel_scale), columns normalised, columns
    whose sample falls outside [-0.5, size_in - 0.5] zeroed."""
    dtype = scale._data.dtype
    inv_scale = 1.0 / scale
    kernel_scale = _ops.maximum(inv_scale, 1.0) if antialias else 1.0
    sample = (_ops.constant((np.arange(size_out) + 0.5).astype(dtype)) * inv_scale - translation * inv_scale - 0.5)
    distance = _ops.abs(_ops.expand_dims(sample, 0) - _ops.constant(np.arange(size_in, dtype=dtype)[:, None]))
    w = _kernel(method, distance / kernel_scale)
    total = _ops.reduce_sum(w, 0, keepdims=True)
    usable = _ops.abs(total) > 1000.0 * float(np.finfo(np.float32).eps)
    w = _ops.where(usable, w / _ops.where(total != 0, total, 1.0), 0.0)
    inside = _ops.logical_and(sample >= -0.5, sample <= size_in - 0.5)
    return _ops.where(_ops.expand_dims(inside, 0), w, 0.0)


@named_errors('keras.ops.image.scale_and_translate')
def scale_and_translate(images, output_shape, scale, translation, spatial_dims, method, antialias=True):
    """``images`` resampled to ``output_shape`` along ``spatial_dims``: output index j samples input
    position (j + 0.5 - translation) / scale - 0.5. Integer images are rounded and clipped back."""
    if method not in _METHODS:
        raise ValueError('keras.ops.image.scale_and_translate: method must be one of %s, got %r'
                         % (sorted(_METHODS), method))
    x = tensor(images, 'image.scale_and_translate')
    s, t = cast_all([floating(scale, 'image.scale_and_translate'), floating(translation, 'image.scale_and_translate')],
                    'image.scale_and_translate')
    dims = [int(d) % max(x.ndim, 1) for d in spatial_dims]
    shape = [int(n) for n in output_shape]
    if len(shape) != x.ndim or s.ndim != 1 or t.ndim != 1 or s.shape[0] != len(dims) or t.shape[0] != len(dims):
        raise ValueError('keras.ops.image.scale_and_translate: output_shape needs one size per axis of images %s and '
                         'scale, translation one value per spatial dim %s; got %s, %s, %s'
                         % (tuple(x.shape), dims, shape, tuple(s.shape), tuple(t.shape)))
    out = _ops.cast(x, 'float32') if x._data.dtype.kind in 'iub' else x
    for i, d in enumerate(dims):
        w = _ops.cast(_weights(x.shape[d], shape[d], s[i], t[i], _METHODS[method], antialias), out.dtype)
        out = _ops.tensordot(out, w, [[d], [0]])
        perm = list(range(out.ndim - 1))
        perm.insert(d, out.ndim - 1)
        out = _ops.transpose(out, perm)
    if x._data.dtype.kind in 'iub':
        low, high = (_ops.cast(v, out.dtype) for v in (_ops.reduce_min(x), _ops.reduce_max(x)))
        out = _ops.cast(_ops.clip_by_value(_ops.round(out), low, high), x.dtype)
    return out
