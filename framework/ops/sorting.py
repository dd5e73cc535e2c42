"""Sorting: sort, argsort, top_k.

The order is computed on the raw array; the values are then picked with
``getitem``, so their gradient is getitem's (g goes back to where each value
came from). Ties keep their original order, as TensorFlow's do.
"""
import collections

import numpy as np

from ..errors import InvalidArgumentError, OpError, fast_path, kernel_error, noted
from ..given_op_name import given_name
from .. import backend, dtypes
from ..tensor import Tensor
from . import float_kernels
from .bool_attributes import bool_attribute
from .graph_input_errors import kernel_dtype_name
from .operands import _KERNEL_DTYPES, ACTIVE, as_numeric_tensor, normalize_axis
from .indexing import getitem

TopKV2 = collections.namedtuple('TopKV2', ['values', 'indices'])


def argsort(values, axis=-1, direction='ASCENDING', stable=False, name=None):
    """Indices that sort ``values`` along ``axis`` (int32); ties keep index order."""
    descending = _descending(direction, 'argsort')
    axis = _constant_scalar_axis(axis, 'argsort')
    # TF sorts ascending by Neg then TopKV2, descending by TopKV2 alone: a bool tensor meets the first of them
    x = float_kernels.refuse_bool(as_numeric_tensor(values, 'argsort'), 'argsort',
                                  'top_k' if descending else 'negative')
    float_kernels.refuse_complex(x, 'argsort', 'top_k')        # ... and then by TopKV2
    (ax,) = normalize_axis(axis, x.ndim, 'argsort')
    order = Tensor(_sort_order(x._data, ax, descending).astype('int32'))
    if ACTIVE:
        # TF's argsort is top_k(x).indices, ascending top_k(-x).indices: a gradient of zeros (see top_k), through
        # Neg's rule for an ascending one (TF 2.21: argsort(x) gives [-0., -0., -0.])
        from .unregistered_gradient import record_outputs
        record_outputs('argsort', (x,), (order,), _zeros_for_values if descending else _negated_zeros)
    return order


def _negated_zeros(g, order, x):
    from .arithmetic import negative
    return negative(_zeros_for_values(g, order, x))


def sort(values, axis=-1, direction='ASCENDING', name=None):
    """``values`` sorted along ``axis``; the gradient flows back to each value's origin."""
    descending = _descending(direction, 'sort')
    axis = _constant_scalar_axis(axis, 'sort')
    x = float_kernels.refuse_bool(as_numeric_tensor(values, 'sort'), 'sort', 'top_k' if descending else 'negative')
    float_kernels.refuse_complex(x, 'sort', 'top_k')
    (ax,) = normalize_axis(axis, x.ndim, 'sort')
    index = _along(_sort_order(x._data, ax, descending), ax, x._data.shape)
    if descending or not (x._data.dtype.kind == 'f' or x._data.dtype.name == 'bfloat16'):
        return getitem(x, index)
    # TF sorts ascending as -top_k(-x): the same values, bit for bit, but the gradient's zeros
    # (where no sorted value came from) are -0.0, as TF prints them
    from .arithmetic import negative
    return negative(getitem(negative(x), index))


def top_k(input, k=1, sorted=True, index_type='int32', name=None):  # noqa: A002  (TensorFlow's names)
    """The k largest entries along the last axis and their indices (int32, or ``index_type``: int16 or int64).

    Returns:
        TopKV2(values, indices); values carry gradients. In descending order, or with
        sorted=False in the order TF's kernel leaves them (topk_heap.py).
    Raises:
        ValueError: k larger than the last axis, or negative.
    """
    try:
        index_type = dtypes.as_dtype(index_type)
        if index_type.name not in ('int16', 'int32', 'int64'):        # the op's attr check
            raise InvalidArgumentError("Value for attr 'index_type' of %s is not in the list of allowed values: int16, "
                                       'int32, int64' % _KERNEL_DTYPES.get(index_type.name, index_type.name))
        bool_attribute(sorted, 'sorted')        # (TF reads its attrs before converting k)
        x = float_kernels.refuse_complex(float_kernels.refuse_bool(as_numeric_tensor(input, 'top_k'), 'top_k'), 'top_k')
        named = fast_path(input, k) and not isinstance(k, str)
        if x.ndim == 0:
            raise kernel_error('TopKV2', 'input must be >= 1-D, got shape []', named=named,
                               note='top_k: input must have rank >= 1, got a scalar')
        k = _count(k, named)
        n = x._data.shape[-1]
        if not 0 <= k <= n:
            raise kernel_error('TopKV2', 'Need k >= 0, got %d' % k if k < 0 else
                               'input must have at least k columns. Had %d, needed %d' % (n, k), named=named,
                               note='top_k: k=%d must lie in [0, %d], the size of the last axis of shape %s'
                                    % (k, n, tuple(x.shape)))
        order = _kernel_order(x._data, k, sorted) if k and (not sorted and 1 < k < n or _has_nan(x._data)) else None
        if order is None:
            order = _order(x._data, x.ndim - 1, True)[..., :k]
        values = getitem(x, _along(order, x.ndim - 1, x._data.shape))
        indices = Tensor(order.astype(index_type.as_numpy_dtype))
        if ACTIVE:
            # TF fills the values' gradient with zeros where only the indices are asked for, and TopKV2's rule
            # scatters them: a gradient of zeros (TF 2.21: top_k(x, 2).indices gives x's zeros, not None)
            from .unregistered_gradient import record_outputs
            record_outputs('top_k', (values,), (indices,), _zeros_for_values)
        return TopKV2(values, indices)
    except OpError as error:
        given_name(error, name)
        raise


def _zeros_for_values(g, indices, values):
    from .creation import zeros_like
    return zeros_like(values)


def _count(k, named):
    """``k`` as TopKV2 takes it: converted to int32 (a Python float or None refused as TF's conversion
    refuses it), a tensor of int16 / int32 / int64 (else the registry's Tk error), a scalar."""
    if isinstance(k, (float, np.floating)) and not float(k).is_integer() or type(k) is float:
        raise TypeError('Cannot convert %r to EagerTensor of dtype int32' % (k,))
    if k is None:
        raise ValueError("Attempt to convert a value (None) with an unsupported type (<class 'NoneType'>) to a Tensor.")
    if isinstance(k, Tensor):
        dtype = k._data.dtype
    else:       # a Python value converts to int32 where it can: () is an empty int32 vector, np.float32(1.0) is 1
        given = np.asarray(k)
        integral = given.dtype.kind == 'f' and bool(np.all(np.mod(given, 1) == 0))
        dtype = np.dtype('int32') if given.size == 0 or integral else given.dtype
    if dtype.kind not in 'iub' or dtype.name in ('uint8', 'uint16', 'uint32', 'uint64', 'int8') \
            or (dtype.kind == 'b' and isinstance(k, Tensor)):
        shown = 'string' if dtype.kind in 'USO' else kernel_dtype_name(dtypes.as_dtype(dtype))
        raise InvalidArgumentError("Value for attr 'Tk' of %s is not in the list of allowed values: int16, int32, int64"
                                   "\n\t; NodeDef: {{node TopKV2}}; Op<name=TopKV2; signature=input:T, k:Tk -> "
                                   "values:T, indices:index_type; attr=sorted:bool,default=true; attr=T:type,allowed="
                                   "[DT_FLOAT, DT_DOUBLE, DT_INT32, DT_UINT8, DT_INT16, DT_INT8, DT_INT64, DT_BFLOAT16, "
                                   "DT_UINT16, DT_HALF, DT_UINT32, DT_UINT64]; attr=Tk:type,default=DT_INT32,allowed="
                                   "[DT_INT16, DT_INT32, DT_INT64]; attr=index_type:type,default=DT_INT32,allowed="
                                   "[DT_INT16, DT_INT32, DT_INT64]> [Op:TopKV2]%s" % (shown, ' name: ' if named else ''))
    shape = tuple(k.shape) if isinstance(k, Tensor) else np.shape(k)
    if shape:
        raise kernel_error('TopKV2', 'k must be scalar, got shape [%s]' % ','.join(map(str, shape)), named=named,
                           note='top_k: k must be one integer, got shape %s' % (shape,))
    return int(k)


def _kernel_order(a, k, sorted_):
    """TF's kernel's indices row by row (topk_heap.py), or None where it has no replay for a row."""
    from .topk_heap import row_indices
    rows = [row_indices(row, k, sorted_) for row in backend.to_host(a).reshape(-1, a.shape[-1]).tolist()]
    if any(r is None for r in rows):
        return None
    order = np.array(rows, np.int64).reshape(a.shape[:-1] + (k,))
    return backend.array_module(a).asarray(order)


def _has_nan(a):
    return a.dtype.kind == 'f' and bool(backend.array_module(a).isnan(a).any())


def _descending(direction, op):
    # TF looks the direction up as given: 'descending' is refused too
    if not isinstance(direction, str) or direction not in ('ASCENDING', 'DESCENDING'):
        raise noted(ValueError('Argument `direction` should be one of ASCENDING, DESCENDING. Received: direction=%s'
                               % (direction,)),
                    "%s: direction must be 'ASCENDING' or 'DESCENDING', got %r" % (op, direction))
    return direction == 'DESCENDING'


def _constant_scalar_axis(axis, op):
    """The axis as TF's sort_ops reads it, before it converts the values: convert_to_tensor(axis), which must be
    a scalar, then int() of its value. So 1.0, np.float32(1), '1' and b'1' sort along axis 1, 1.5 along 1, and
    None, [1] or inf fail with TF's words; the int then meets the kernels' range check."""
    if type(axis) is int:
        return axis
    from ..tensor_conversion import convert_to_tensor
    note = '%s: the axis must be one int, such as -1; got %r' % (op, axis)
    try:
        value = convert_to_tensor(axis)
        if value.ndim != 0:
            raise ValueError('Argument `axis` must be a constant scalar. Received: axis=%s.' % format(value))
        return int(value.numpy())      # a numpy scalar, as TF's constant_value: 1j warns (ComplexWarning) and gives 0
    except (TypeError, ValueError, OverflowError) as error:
        raise noted(error, note)


def _sort_order(a, axis, descending):
    """sort / argsort's order: TF sorts as top_k of all n values (of -x, ascending), whose kernel orders a
    row holding NaN by its std::sort (NaN neither greater nor less: sort([3., 1., nan, 2.]) is
    [1., 3., nan, 2.]); a stable sort everywhere else, and past the 16 values topk_heap replays."""
    if _has_nan(a) and a.ndim:
        xp = backend.array_module(a)
        moved = xp.moveaxis(a, axis, -1)
        order = _kernel_order(moved if descending else -moved, moved.shape[-1], True)
        if order is not None:
            return xp.moveaxis(order, -1, axis)
    return _order(a, axis, descending)


def _order(a, axis, descending):
    """A stable ordering: ties keep their index order in both directions."""
    xp = backend.array_module(a)
    if not descending:
        return xp.argsort(a, axis=axis, kind='stable')
    # Sort the reversed array stably, then reverse the result: values descend
    # and equal values come out in increasing index order.
    n = a.shape[axis]
    flipped = xp.flip(a, axis=axis)
    return xp.flip(n - 1 - xp.argsort(flipped, axis=axis, kind='stable'), axis=axis)


def _along(order, axis, shape):
    """An advanced index picking ``order`` along ``axis`` and everything elsewhere."""
    xp = backend.array_module(order)
    index = []
    for d in range(len(shape)):
        if d == axis:
            index.append(order)
        else:
            view = [1] * len(shape)
            view[d] = shape[d]
            index.append(xp.arange(shape[d]).reshape(view))
    return tuple(index)
