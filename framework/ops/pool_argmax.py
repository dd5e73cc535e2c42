"""``tf.nn.max_pool_with_argmax``: max pooling and, for each window, where its maximum lies.

The pooled values are ``max_pool2d``'s; the gradient is TF's MaxPoolGradWithArgmax (each window's
gradient added at its argmax, its first maximum in row-major order; no second derivative), but for NaNs: each window
starts at its first element and moves on ``val > max`` (a NaN first stays, later NaNs are passed over),
where MaxPool starts at the lowest value (convolution.max_pool_nhwc). The argmax is TF's
flattened index into the input: ``((b * height + y) * width + x) * channels + c``, the batch term
only with ``include_batch_in_index``.
"""
import numpy as np

from .. import backend, dtypes
from ..errors import kernel_error
from ..tape import ACTIVE, paused, record
from ..tensor import Tensor
from .convolution import _first_maxima, _pooling_input, max_pool2d, max_pool_nhwc
from .operands import as_real_tensor, named_errors
from .op_results import MaxPoolWithArgmax
from .unregistered_gradient import without_gradient
from ..tf_python_names import tf_named


@tf_named('max_pool_with_argmax_v2')
@named_errors('max_pool_with_argmax')
def max_pool_with_argmax(input, ksize, strides, padding, data_format='NHWC', output_dtype='int64',  # noqa: A002
                         include_batch_in_index=False, name=None):
    """(output, argmax): ``max_pool2d(input, ksize, strides, padding)`` and the flattened input index of
    each window's first maximum, of dtype ``output_dtype`` (int32 or int64).

    Raises:
        ValueError: a data_format other than NHWC; InvalidArgumentError: an input not 4-D.
    """
    op = 'max_pool_with_argmax'
    if data_format != 'NHWC':
        # TF 2.21's words alone (its ValueError has no op name); which op, in a note
        error = ValueError("`data_format` values other  than 'NHWC' are not supported. Received: data_format=%s"
                           % (data_format,))
        error.add_note('%s: transpose channels-first input to NHWC' % op)
        raise error
    if not isinstance(padding, str):
        raise TypeError("%s: padding must be 'SAME' or 'VALID', got %r" % (op, padding))
    index_dtype = dtypes.numpy_dtype(output_dtype)
    if index_dtype.name not in ('int32', 'int64'):
        raise TypeError('%s: output_dtype must be int32 or int64, got %s' % (op, index_dtype.name))
    x = as_real_tensor(input, op)
    if x.ndim != 4:
        raise kernel_error('MaxPoolWithArgmax', 'tensor_in must be 4-dimensional (%d)' % x.ndim, named=True,
                           note='%s: input must be (batch, height, width, channels), got shape %s'
                           % (op, tuple(x.shape)))
    if x._data.size == 0:       # the kernel refuses an empty input (tapeflow returned empty outputs)
        raise kernel_error('MaxPoolWithArgmax', 'tensor_in must not be empty (2)', named=True,
                           note='%s: input of shape %s has no elements' % (op, tuple(x.shape)))
    _, geo = _pooling_input(x, ksize, strides, padding, op, as_real_tensor, kind='argmax')
    a = x._data
    xp = backend.array_module(a)
    if isinstance(geo, tuple):      # no window fits: TF's own kernel's empty outputs (pool_window_sizes)
        pooled = max_pool2d(x, ksize, strides, padding)
        return MaxPoolWithArgmax(pooled, Tensor(xp.zeros(pooled.shape, index_dtype)))
    with paused():      # recorded below, with TF's gradient op (which has no gradient of its own)
        pooled, nans = max_pool_nhwc(x, geo, first_taken=True)
    if a.dtype.kind in 'fV':        # (bfloat16 is numpy kind 'V')
        hits = _first_maxima(pooled._data, a, geo, nans)
    else:       # integers: the padding that never wins is the dtype's least value
        padded = geo.pad(a, fill=np.iinfo(a.dtype).min)
        hits, taken = [], None
        for offset in geo.offsets():
            hit = padded[geo.window_slice(*offset)] == pooled._data
            hit = hit if taken is None else hit & ~taken
            taken = hit if taken is None else taken | hit
            hits.append(hit)
    n, h, w, c = x.shape
    sh, sw = geo.strides
    rows = xp.arange(geo.oh)[None, :, None, None] * sh - geo.ph0
    cols = xp.arange(geo.ow)[None, None, :, None] * sw - geo.pw0
    argmax = xp.zeros(pooled.shape, np.int64)
    for (i, j), hit in zip(geo.offsets(), hits):
        argmax = xp.where(hit, (rows + i) * w + (cols + j), argmax)
    argmax = argmax * c + xp.arange(c)
    if include_batch_in_index:
        argmax = argmax + xp.arange(n)[:, None, None, None] * (h * w * c)
    if ACTIVE and a.dtype.kind in 'fcV':
        record('max_pool_with_argmax', (x,), pooled, (_gradient_with_argmax(argmax, include_batch_in_index),))
    return MaxPoolWithArgmax(pooled, Tensor(argmax.astype(index_dtype)))


def _gradient_with_argmax(argmax, include_batch_in_index):
    """TF's rule: MaxPoolGradWithArgmax, which adds each pooled gradient at its window's argmax in the
    input, output by output in order (its CPU kernel), and registers no gradient: a second derivative
    through it is the registry's LookupError, as in TF 2.21 (tapeflow differentiated max_pool's rule)."""
    def rule(g, y, x):
        def scatter(g, x):
            xp = backend.array_module(x._data)
            n = x.shape[0]
            index = argmax if include_batch_in_index else \
                argmax + xp.arange(n)[:, None, None, None] * (x._data.size // n if n else 0)
            flat = np.zeros(x._data.size, x._data.dtype)
            np.add.at(flat, np.asarray(backend.to_host(index)).ravel(), np.asarray(backend.to_host(g._data)).ravel())
            return Tensor(xp.asarray(flat.reshape(x._data.shape)))
        return without_gradient('MaxPoolGradWithArgmax', scatter, g, x)
    return rule
