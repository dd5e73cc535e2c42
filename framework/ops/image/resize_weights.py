"""Per-axis resampling weights of ``tf.image.resize``, built on the host.

Every method is separable: output index o along one axis is a weighted sum of
input indices, so one (size_out, size_in) matrix per axis describes it and the
resize is two contractions (their gradient is the transposed matrix, for free).
The legacy kernels (bicubic and area without antialiasing) follow
TensorFlow's ResizeBicubic / ResizeArea with half-pixel centres (bilinear's
lerps live in resize.py); the others follow its ScaleAndTranslate op (scale_translate_spans.py),
whose kernel is widened by 1 / scale when antialiasing a downscale. Arithmetic is float32, as there.
"""
import math

import numpy as np

from . import scale_translate_spans as scale_and_translate

F32 = np.float32
_TABLE = 1024                     # ResizeBicubic tabulates its kernel at 1/1024 steps


def half_pixel_sources(size_in, size_out):
    """Source positions (o + 0.5) * in / out - 0.5, in float32 as TensorFlow's kernels compute them."""
    scale = F32(size_in / size_out)
    return (np.arange(size_out, dtype=F32) + F32(0.5)) * scale - F32(0.5)


def nearest_indices(size_in, size_out):
    """ResizeNearestNeighbor with half-pixel centres: floor((o + 0.5) * in / out), clamped."""
    scale = F32(size_in / size_out)
    position = (np.arange(size_out, dtype=F32) + F32(0.5)) * scale
    return np.minimum(np.floor(position), size_in - 1).astype(np.int32)


def _keys_table():
    x = np.arange(_TABLE + 1, dtype=F32) / F32(_TABLE)
    a = F32(-0.5)
    near = ((a + 2) * x - (a + 3)) * x * x + 1
    far = ((a * (x + 1) - 5 * a) * (x + 1) + 8 * a) * (x + 1) - 4 * a
    return near, far


def _bicubic(size_in, size_out):
    out = np.zeros((size_out, size_in), F32)
    source = half_pixel_sources(size_in, size_out)
    low = np.floor(source)
    offset = np.rint((source - low) * _TABLE).astype(int)
    near, far = _keys_table()
    low = low.astype(int)
    rows = np.arange(size_out)
    taps = [(low - 1, far[offset]), (low, near[offset]), (low + 1, near[_TABLE - offset]),
            (low + 2, far[_TABLE - offset])]
    total = np.zeros(size_out, F32)
    # Taps outside the image weigh 0 and the others are renormalised (Keys' half-pixel variant).
    for index, weight in taps:
        inside = (index >= 0) & (index < size_in)
        np.add.at(out, (rows[inside], index[inside]), weight[inside])
        total += np.where(inside, weight, F32(0))
    return out / total[:, None]


def _area(size_in, size_out):
    out = np.zeros((size_out, size_in), F32)
    scale = F32(size_in / size_out)
    for o in range(size_out):
        start, end = F32(o) * scale, F32(o + 1) * scale
        for i in range(int(math.floor(start)), int(math.ceil(end))):
            # the part of source pixel [i, i + 1) that output pixel o covers
            part = (scale if i + 1 > end else i + 1 - start) if i < start else (end - i if i + 1 > end else 1.0)
            out[o, min(i, size_in - 1)] += F32(part)
    return out / scale


_LEGACY = {'bicubic': _bicubic, 'area': _area}


def resize_matrix(size_in, size_out, method, antialias):
    """The (size_out, size_in) float32 weights of ``tf.image.resize(method, antialias)`` along one axis.
    Plain bilinear and nearest are not matrices here: resize.py lerps and gathers them, as TF's kernels."""
    if method in ('nearest', 'bilinear') and not antialias:
        raise ValueError('resize_matrix: %s without antialiasing is computed by resize.resample' % method)
    if method == 'area' or (method in _LEGACY and not antialias):
        return _LEGACY[method](size_in, size_out)
    return scale_and_translate.matrix(size_in, size_out, scale_and_translate_kernel(method), antialias)


def scale_and_translate_kernel(method):
    """The ScaleAndTranslate kernel ``tf.image.resize`` uses for ``method`` (when not a legacy kernel)."""
    return {'bilinear': 'triangle', 'bicubic': 'keyscubic'}.get(method, method)
