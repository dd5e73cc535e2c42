"""Grayscale morphology: ``tf.nn.dilation2d`` and ``tf.nn.erosion2d``.

Dilation is the max-plus convolution ``out[b, y, x, c] = max over (i, j) of
input[b, y * sy + i * ry - pad_top, x * sx + j * rx - pad_left, c] + filters[i, j, c]``, with taps
outside the input skipped (TensorFlow's kernel), and SAME padding as a convolution with the dilated
filter's size. Its gradient goes, for each output, to the input element and filter tap of the first
maximum in tap order, as TF's Dilation2DBackprop kernels. Erosion is TF's
``-dilation2d(-value, filters reversed in both spatial axes)``, gradients included.
"""
import numpy as np

from .. import backend
from ..errors import InvalidArgumentError, kernel_error
from ..tensor import Tensor
from .arithmetic import negative
from .convolution import _padding
from .operands import ACTIVE, as_real_tensor, named_errors, record
from .unregistered_gradient import without_gradient
from .padding_attr import refuse_lowercase
from .scatter import scatter_nd
from .shapes import reshape, reverse
from ..tf_python_names import tf_named


def _four(value, what, op):
    values = [int(v) for v in value]
    if len(values) != 4 or values[0] != 1 or values[3] != 1 or min(values) < 1:
        raise InvalidArgumentError('%s: %s must be [1, rows, cols, 1] with positive rows and cols, got %r'
                                   % (op, what, value))
    return values[1], values[2]


def _taps(x, f, strides, padding, dilations, op):
    """(output array, input index (N, OH, OW, C, 2) of each first maximum, its filter tap (.., 2))."""
    a, k = x._data, f._data
    xp = backend.array_module(a)
    n, h, w, c = a.shape
    kh, kw, _ = k.shape
    (sh, sw), (rh, rw) = strides, dilations
    oh, top, _ = _padding(h, (kh - 1) * rh + 1, sh, padding, op)
    ow, left, _ = _padding(w, (kw - 1) * rw + 1, sw, padding, op)
    lowest = np.finfo(a.dtype).min if a.dtype.kind == 'f' else np.iinfo(a.dtype).min
    best = xp.full((n, oh, ow, c), lowest, a.dtype)
    where = xp.full((n, oh, ow, c, 2), -1, np.int64)
    tap = xp.zeros((n, oh, ow, c, 2), np.int64)
    for i in range(kh):
        rows = xp.arange(oh) * sh - top + i * rh
        row_ok = (rows >= 0) & (rows < h)
        for j in range(kw):
            cols = xp.arange(ow) * sw - left + j * rw
            ok = row_ok[:, None] & ((cols >= 0) & (cols < w))[None, :]
            value = a[:, rows.clip(0, h - 1)][:, :, cols.clip(0, w - 1)] + k[i, j]
            better = ok[None, :, :, None] & (value > best)
            best = xp.where(better, value, best)
            found = xp.stack(xp.broadcast_arrays(rows[:, None], cols[None, :]), -1)[None, :, :, None, :]
            where = xp.where(better[..., None], found, where)
            tap = xp.where(better[..., None], xp.asarray([i, j]), tap)
    return best, where, tap


def _check(input, filters, strides, padding, data_format, dilations, op):  # noqa: A002
    if data_format != 'NHWC':
        # TF 2.21's words alone (its ValueError has no op name); which op, in a note
        error = ValueError("`data_format` values other  than 'NHWC' are not supported. Received: data_format=%s"
                           % (data_format,))
        error.add_note('%s: transpose channels-first input to NHWC' % op)
        raise error
    x, f = as_real_tensor(input, op), as_real_tensor(filters, op)
    if x.ndim != 4 or f.ndim != 3:
        raise kernel_error('Dilation2D', 'input must be 4-dimensional and filter must be 3-dimensional', named=True,
                           note='%s: input (batch, rows, cols, depth) and filters (rows, cols, depth), got shapes %s '
                           'and %s' % (op, tuple(x.shape), tuple(f.shape)))
    if x.shape[3] != f.shape[2]:
        raise kernel_error('Dilation2D', 'input and filter must have the same depth: %d vs %d' % (x.shape[3], f.shape[2]),
                           named=True,
                           note='%s: input depth %d, filter depth %d' % (op, x.shape[3], f.shape[2]))
    if x.dtype != f.dtype:
        raise InvalidArgumentError('%s: input (%s) and filters (%s) must have one dtype'      # (Dilation2D's check)
                                   % (op, x.dtype.name, f.dtype.name))
    if not isinstance(padding, str):
        raise TypeError("%s: padding must be 'SAME' or 'VALID', got %r" % (op, padding))
    refuse_lowercase(padding, op)
    return x, f, _four(strides, 'strides', op), padding.upper(), _four(dilations, 'dilations', op)


@tf_named('dilation2d_v2')
@named_errors('dilation2d')
def dilation2d(input, filters, strides, padding, data_format, dilations, name=None):  # noqa: A002
    """The grayscale dilation of each channel of ``input`` (batch, rows, cols, depth) by ``filters``
    (rows, cols, depth): the max-plus convolution described in the module docstring."""
    x, f, strides, padding, dilations = _check(input, filters, strides, padding, data_format, dilations, 'dilation2d')
    best, where, tap = _taps(x, f, strides, padding, dilations, 'dilation2d')
    out = Tensor(best)
    if ACTIVE and x._data.dtype.kind == 'f':
        n, oh, ow, c = best.shape
        xp = backend.array_module(best)
        batch = xp.broadcast_to(xp.arange(n)[:, None, None, None, None], (n, oh, ow, c, 1))
        depth = xp.broadcast_to(xp.arange(c)[None, None, None, :, None], (n, oh, ow, c, 1))
        to_input = xp.concatenate([batch, where, depth], -1).reshape(-1, 4)
        to_filter = xp.concatenate([tap, depth], -1).reshape(-1, 3)
        # TF's Dilation2DBackpropInput / ...BackpropFilter have no gradient (LookupError past them)
        record('dilation2d', (x, f), out,
               (lambda g, y, x, f: without_gradient('Dilation2DBackpropInput', lambda g, x, f: scatter_nd(
                   to_input, reshape(g, [-1]), x.shape), g, x, f),
                lambda g, y, x, f: without_gradient('Dilation2DBackpropFilter', lambda g, x, f: scatter_nd(
                    to_filter, reshape(g, [-1]), f.shape), g, x, f)))
    return out


@tf_named('erosion2d_v2')
@named_errors('erosion2d')
def erosion2d(value, filters, strides, padding, data_format, dilations, name=None):
    """The grayscale erosion of ``value`` by ``filters``: ``-dilation2d(-value, reversed filters)``."""
    if data_format != 'NHWC':
        # TF 2.21's words alone (its ValueError has no op name); which op, in a note
        error = ValueError("`data_format` values other  than 'NHWC' are not supported. Received: data_format=%s"
                           % (data_format,))
        error.add_note('%s: transpose channels-first input to NHWC' % 'erosion2d')
        raise error
    x, f = as_real_tensor(value, 'erosion2d'), as_real_tensor(filters, 'erosion2d')
    if f.ndim != 3:
        raise InvalidArgumentError('erosion2d: filters must be (rows, cols, depth), got shape %s' % (tuple(f.shape),))
    return negative(dilation2d(negative(x), reverse(f, [0, 1]), strides, padding, data_format, dilations))
