"""Max and average pooling over any number of spatial axes (``tf.nn.max_pool3d``,
``avg_pool3d``), channels-last, with TensorFlow's SAME / VALID windows.

Both gradients are linear in the output gradient, so each is an op whose own
gradient is its adjoint (and back): nested tapes differentiate them.
"""
import numpy as np

from ..errors import InvalidArgumentError
from .. import backend, dtypes
from ..tensor import Tensor
from .convolution_nd import WindowGeometry, normalize_tuple
from .eigen_same_windows import shifted_geometry, window_shifts
from . import eigen_max_pool_nan, float_kernels, pool_gradient_order
from .operands import ACTIVE, as_float_tensor, named_errors, record
from .gradient_ops import constant_zeros
from .pool_window_sizes import empty_pool_output, empty_valid_pool_sizes


def _geometry(input, ksize, strides, padding, rank, op, dilations=1, kind='max'):  # noqa: A002
    """(the input, its window geometry), or the output's spatial sizes in place of the geometry when
    a VALID average pool's window is larger than the input (see pool_window_sizes)."""
    x = as_float_tensor(input, op)
    dtype = x._data.dtype
    # outside TF's kernels (tf.nn.max_pool converts a numpy complex array to float32, so 2-D max pools pass;
    # tf.nn's MaxPool3D also refuses float64, checked in nn_pools: this shared code runs float64 gradient checks)
    if dtype.kind == 'c' and (kind != 'max' or x.ndim == 5):
        kernel = ('MaxPool' if kind == 'max' else 'AvgPool') + ('3D' if x.ndim == 5 else '')
        raise float_kernels.complex_error(op, x.dtype.name, kernel)
    if rank is not None and x.ndim != rank + 2:
        raise InvalidArgumentError('%s: expected an input of rank %d (N, *spatial, C), got shape %s'
                                   % (op, rank + 2, tuple(x.shape)))
    if x.ndim < 3:
        raise InvalidArgumentError('%s: expected an (N, *spatial, C) input, got shape %s' % (op, tuple(x.shape)))
    rank = x.ndim - 2
    mode = str(padding).upper()
    if mode not in ('VALID', 'SAME'):
        raise InvalidArgumentError("%s: padding must be 'VALID' or 'SAME', got %r" % (op, padding))
    try:
        windows = (normalize_tuple(ksize, rank, 'ksize', op), normalize_tuple(strides, rank, 'strides', op),
                   normalize_tuple(dilations, rank, 'dilations', op))
    except InvalidArgumentError:
        _refuse_stride_as_kernel(strides, rank, kind, x, op)
        raise
    empty = empty_valid_pool_sizes(tuple(x.shape[1:-1]), *windows[:2], mode, op, kind, windows[2],
                                   empty_input=x._data.size == 0, dtype=dtype, pooled=x)
    return x, empty if empty is not None else WindowGeometry(x.shape, *windows, mode, op)


def _refuse_stride_as_kernel(strides, rank, kind, x, op):
    """A stride of 0 (or less) in TF's pooling kernel's words: MaxPool / AvgPool (a 1-D pool runs on an
    added axis), MaxPool3D / AvgPool3D; oneDNN's AvgPool node for float32. Other bad strides keep
    tapeflow's refusal."""
    values = [strides] * rank if isinstance(strides, (int, np.integer)) else \
        list(strides) if isinstance(strides, (list, tuple)) else []
    if len(values) == rank + 2 and values[0] == values[-1] == 1:       # TensorFlow's [1, ..., 1] form
        values = values[1:-1]
    if len(values) != rank or not all(isinstance(v, (int, np.integer)) for v in values) or min(values) > 0:
        return
    from ..errors import kernel_error
    from ..onednn_policy import enabled as onednn_enabled
    kernel = ('MaxPool' if kind == 'max' else 'AvgPool') + ('3D' if rank == 3 else '')
    mkl = kind != 'max' and x._data.dtype.name in ('float32', 'bfloat16') and onednn_enabled()
    raise kernel_error(kernel, 'Stride must be > 0, but got %d' % next(v for v in values if v <= 0), named=True,
                       node='__MklNative' + kernel if mkl else None,
                       note='%s: strides must be positive, got %r' % (op, strides))


def _spread(g, geo, hits=None, order=None):
    """Each window's value ``g`` added back onto the input (at the elements ``hits`` marks, if given),
    taking the window offsets in ``order`` (indices into ``geo.offsets()``; TF's kernels' orders are in
    pool_gradient_order)."""
    padded = geo.padded_zeros(g)
    offsets = geo.offsets()
    for k in range(len(offsets)) if order is None else order:
        padded[geo.window_slice(offsets[k])] += g if hits is None else g * hits[k]
    return geo.unpad(padded)


def _gather(a, geo, hits=None):
    """The adjoint of ``_spread``: each window's sum (of the elements ``hits`` marks, if given)."""
    padded = geo.padded_zeros(a)
    geo.unpad(padded)[...] = a
    total = None
    for k, offset in enumerate(geo.offsets()):
        part = padded[geo.window_slice(offset)]
        part = part + 0 if hits is None else part * hits[k]     # (an average starts from +0.0, as TF's sums)
        total = part.copy() if total is None else total + part
    return total


def _windows_op(x, geo, hits, counts, forward=None):
    """``gather(x) / counts`` as an op, its gradient ``_spread_op``. TF's AvgPool divides by each window's
    count (``counts``, None for a max pool): multiplying by ``1 / count`` rounds differently when the count
    is not a power of two (its gradients' shares: pool_gradient_order.avg_share). ``forward``: (input, geometry)
    to gather instead, Eigen's shifted AvgPool3D windows (eigen_same_windows.py; whole windows, same counts)."""
    total = _gather(x._data, geo, hits) if forward is None else _gather(forward[0], forward[1], hits)
    out = Tensor(total if counts is None else total / counts)
    if ACTIVE:
        record('pool_windows', (x,), out, (lambda g, y, x: _spread_op(g, geo, hits, counts),))
    return out


def _spread_op(g, geo, hits, counts, features=None):
    """``features``: a max pool's input, towards which TF's MaxPoolGrad has a zero gradient (not None)."""
    rank = len(geo.kernel)
    if counts is None:
        out = Tensor(_spread(g._data, geo, hits, pool_gradient_order.max_order(geo.offsets(), rank)))
    else:
        order = pool_gradient_order.avg_order(geo.offsets(), rank, g._data.dtype)
        out = Tensor(_spread(pool_gradient_order.avg_share(g._data, counts), geo, hits, order))
    if ACTIVE:
        if features is None:
            record('pool_windows_grad', (g,), out, (lambda gg, y, g: _windows_op(gg, geo, hits, counts),))
        else:
            record('pool_windows_grad', (g, features), out,
                   (lambda gg, y, g, x: _windows_op(gg, geo, hits, counts), constant_zeros))
    return out


@named_errors('max_pool')
def max_pool(input, ksize, strides, padding='VALID', rank=None, name=None, dilations=1):  # noqa: A002
    """The maximum of each window (its taps ``dilations`` apart); its gradient goes to the
    window's first maximal element in row-major order, as TensorFlow's MaxPoolGrad."""
    x, geo = _geometry(input, ksize, strides, padding, rank, 'max_pool', dilations)
    if isinstance(geo, tuple):          # an empty input's empty output (see pool_window_sizes)
        return empty_pool_output(x, geo)
    a = x._data
    xp = backend.array_module(a)
    # (numpy's finfo does not know bfloat16, kind 'V': the DType does)
    fill = xp.finfo(a.dtype).min if a.dtype.kind != 'V' else dtypes.as_dtype(a.dtype).min
    padded = geo.pad(a, fill=fill)
    slices = [padded[geo.window_slice(o)] for o in geo.offsets()]
    shifts = window_shifts(x, geo, padding)
    if shifts is not None:      # TF's Eigen MaxPool3D: windows shifted, MaxPool3DGrad looks in the usual ones
        part, shifted = shifted_geometry(a, geo, shifts, 'max_pool')
        windows = [shifted.pad(part, fill=fill)[shifted.window_slice(o)] for o in shifted.offsets()]
    else:
        windows = slices
    best = windows[0].copy()
    for part in windows[1:]:
        # TF's kernels keep a window's first maximum (a later value replaces it only when greater), so
        # -0.0 before +0.0 pools to -0.0; numpy's maximum hands back its second operand on ties
        xp.maximum(part, best, out=best)
    nans = len(geo.kernel) < 3 and eigen_max_pool_nan.met(best)     # (TF's own MaxPool skips them; MaxPool3D not)
    if nans:
        best = eigen_max_pool_nan.pooled(slices, fill)
    out = Tensor(best)
    if ACTIVE:
        record('max_pool', (x,), out, (lambda g, y, x: _spread_op(g, geo, _maxima(slices, best, geo, nans), None, x),))
    return out


def _maxima(slices, best, geo, nans=False):
    """Per window offset, 1 where the window's element there takes the window's gradient, else 0.
    TF's MaxPoolGrad (1-D, 2-D) gives it to the window's first maximal element in row-major order (``nans``:
    NaN inputs, passed over as its own kernel does: eigen_max_pool_nan);
    MaxPool3DGrad to every element within 1e-5 of the maximum (ties and near-ties: all of a window of
    relu zeros)."""
    xp = backend.array_module(best)
    if nans:
        inside = geo.pad(xp.ones((1,) + geo.shape[1:-1] + (1,), bool), fill=False) \
            if any(p != (0, 0) for p in geo.pads) else None
        hits = eigen_max_pool_nan.argmax_hits(slices, None if inside is None else
                                              [inside[geo.window_slice(o)] for o in geo.offsets()])
        return [hit.astype(best.dtype) for hit in hits]
    if len(geo.kernel) == 3:
        near = xp.asarray(1e-5, best.dtype)
        return [(xp.abs(part - best) < near).astype(best.dtype) for part in slices]
    hits, taken = [], xp.zeros(best.shape, bool)
    for part in slices:
        hit = (part == best) & ~taken
        taken |= hit
        hits.append(hit.astype(best.dtype))
    return hits


@named_errors('avg_pool')
def avg_pool(input, ksize, strides, padding='VALID', rank=None, name=None, dilations=1):  # noqa: A002
    """The mean of each window, counting only real (unpadded) elements, as TensorFlow.
    Dilated windows (``dilations`` above 1) come with VALID padding only (``tf.nn.pool``)."""
    x, geo = _geometry(input, ksize, strides, padding, rank, 'avg_pool', dilations, kind='avg')
    if isinstance(geo, tuple):
        return empty_pool_output(x, geo)
    shifts = window_shifts(x, geo, padding)
    forward = None if shifts is None else shifted_geometry(x._data, geo, shifts, 'avg_pool')
    return _windows_op(x, geo, None, _real_counts(geo, x._data), forward)


def _real_counts(geo, like):
    """(1, *out, 1): how many unpadded elements each window holds, the product of one count per axis."""
    xp = backend.array_module(like)
    counts = xp.ones((1,) + geo.out + (1,), like.dtype)
    for axis, (n, k, s, (before, _), out) in enumerate(zip(geo.shape[1:-1], geo.kernel, geo.strides, geo.pads,
                                                            geo.out)):
        start = xp.arange(out) * s
        per_axis = xp.minimum(start + k, before + n) - xp.maximum(start, before)
        shape = [1] * counts.ndim
        shape[axis + 1] = out
        counts = counts * per_axis.reshape(shape).astype(like.dtype)
    return counts


def max_pool3d(input, ksize, strides, padding='VALID', data_format='NDHWC', name=None):  # noqa: A002
    """``tf.nn.max_pool3d``: (N, D, H, W, C) input."""
    _check_ndhwc(data_format, 'max_pool3d')
    return max_pool(input, ksize, strides, padding, rank=3)


def avg_pool3d(input, ksize, strides, padding='VALID', data_format='NDHWC', name=None):  # noqa: A002
    """``tf.nn.avg_pool3d``: (N, D, H, W, C) input."""
    _check_ndhwc(data_format, 'avg_pool3d')
    return avg_pool(input, ksize, strides, padding, rank=3)


def _check_ndhwc(data_format, op):
    if data_format != 'NDHWC':
        raise InvalidArgumentError("%s: only data_format='NDHWC' is supported, got %r" % (op, data_format))
