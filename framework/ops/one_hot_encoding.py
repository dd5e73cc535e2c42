"""tf.one_hot: integer indices to rows of on / off values, with TF's dtype rules and OneHot's errors."""
import numpy as np

from .. import backend, dtypes
from ..errors import InvalidArgumentError, fast_path, kernel_error, noted
from ..tensor import Tensor, convert_to_tensor
from .graph_input_errors import eager_input_error, kernel_dtype_name
from .operands import as_size, as_tensor, named_errors
from .python_value_array import python_value_array


def _one_hot_refusal(dtype_name, named):
    """OneHot's op-registry error: its indices attr TI takes four integer types."""
    error = InvalidArgumentError(
        "Value for attr 'TI' of %s is not in the list of allowed values: uint8, int8, int32, int64\n\t; NodeDef: "
        '{{node OneHot}}; Op<name=OneHot; signature=indices:TI, depth:int32, on_value:T, off_value:T -> output:T; '
        'attr=axis:int,default=-1; attr=T:type; attr=TI:type,default=DT_INT64,allowed=[DT_UINT8, DT_INT8, '
        'DT_INT32, DT_INT64]> [Op:OneHot]%s' % (kernel_dtype_name(dtype_name), ' name: ' if named else ''))
    error.add_note('one_hot: indices must be integers (uint8, int8, int32 or int64), got %s; cast them first'
                   % dtype_name)
    return error


@named_errors('one_hot')
def one_hot(indices, depth, on_value=None, off_value=None, axis=None, dtype=None, name=None):
    """A one-hot encoding of integer ``indices``; out-of-range indices give all-off rows."""
    if isinstance(indices, (np.ndarray, np.generic)) and indices.dtype.kind in 'biuf' and \
            indices.dtype.name not in ('uint8', 'int8', 'int32', 'int64'):
        # TF's eager fast path converts a numpy array to the attr's default (TI = int64) with a C cast: 1.9 is 1,
        # -2.5 is -2, NaN is out of range (all-off rows), True is 1; only tensors and lists of floats refuse
        with np.errstate(invalid='ignore'):
            indices = indices.astype(np.int64)
    idx = as_tensor(indices, 'one_hot')
    if idx.dtype.name not in ('uint8', 'int8', 'int32', 'int64'):
        raise _one_hot_refusal(idx.dtype.name, isinstance(indices, Tensor))     # (the tail: a tensor's only)
    # as TensorFlow: on_value / off_value convert with dtype as a hint and must then be of dtype; without a
    # dtype they set it (both alike), else float32; the defaults 1 and 0 convert to it (a string dtype refuses)
    hint = None if dtype is None else dtypes.as_dtype(dtype)
    given = {which: convert_to_tensor(v, dtype_hint=hint) for which, v in (('on_value', on_value),
                                                                          ('off_value', off_value)) if v is not None}
    if dtype is not None:
        for which, t in given.items():
            if t.dtype != hint:
                raise TypeError('dtype %s of %s does not match dtype parameter %s' % (t.dtype, which, hint))
    elif len(given) == 2 and given['on_value'].dtype != given['off_value'].dtype:
        raise TypeError('dtype %s of on_value does not match dtype %s of off_value'
                        % (given['on_value'].dtype, given['off_value'].dtype))
    else:
        dtype = next(iter(given.values())).dtype if given else dtypes.float32
    on = given['on_value'] if 'on_value' in given else convert_to_tensor(1, dtype=dtype)
    off = given['off_value'] if 'off_value' in given else convert_to_tensor(0, dtype=dtype)
    dtype = dtypes.numpy_dtype(dtype)
    xp = backend.array_module(idx._data)
    depth = _depth_input(depth, fast_path(indices))
    if isinstance(depth, (Tensor, np.ndarray)) and fast_path(indices):
        # TF's eager fast path checks depth's dtype (int32) before its shape, with the ' name: ' tail
        if isinstance(depth, Tensor) and depth.dtype.name != 'int32':
            raise noted(eager_input_error('OneHot', 1, 'int32', depth.dtype.name),
                        'one_hot: depth must be an int32 scalar, got %s' % depth.dtype.name)
        if depth.ndim > 0:
            raise kernel_error('OneHot', 'depth must be a scalar, but got: [%s]' % ','.join(map(str, depth.shape)),
                               named=True, note='one_hot: depth must be one non-negative integer, got shape %s'
                                                % (tuple(depth.shape),))
    if isinstance(depth, (list, tuple, np.ndarray, Tensor)) and np.ndim(depth) > 0:      # OneHot's words, no tail
        raise kernel_error('OneHot', 'depth must be a scalar, but got: [%s]' % ','.join(map(str, np.shape(depth))),
                           note='one_hot: depth must be one non-negative integer, got shape %s' % (np.shape(depth),))
    size = as_size(depth, 'depth', 'one_hot')
    if size < 0:
        raise kernel_error('OneHot', 'depth must be non-negative, got: %d' % size, named=fast_path(indices),
                           note='one_hot: depth must be non-negative, got %d' % size)
    if axis is not None and not isinstance(axis, (int, np.integer)):
        axis = _int_attribute(axis, 'axis')
    if axis is not None and axis != -1 and isinstance(axis, (int, np.integer)) and not 0 <= axis <= idx.ndim:
        raise kernel_error('OneHot', 'Expected axis to be -1 or between [0, %d).  But received: %d'
                           % (idx.ndim + 1, axis), named=fast_path(indices),
                           note='one_hot: axis must be -1 or lie in [0, %d) for indices of shape %s, got %r'
                                % (idx.ndim + 1, tuple(idx.shape), axis))
    hot = idx._data[..., None] == xp.arange(size)
    out = xp.where(hot, on._data, off._data).astype(dtype)
    if axis is not None and axis != -1:
        if not isinstance(axis, (int, np.integer)):
            raise InvalidArgumentError('one_hot: axis must be -1 or lie in [0, %d) for indices of shape %s, got %r'
                                       % (out.ndim, tuple(idx.shape), axis))
        out = xp.moveaxis(out, -1, axis)
    return Tensor(out)


def _depth_input(depth, fast):
    """``depth`` as TF's eager conversion to OneHot's int32 depth input leaves it: a numpy array or scalar or a
    bool is cast (np.array(2.0) is 2, True 1), a Python list of floats or strings refused ('Cannot convert [2.0] to
    EagerTensor of dtype int32'; a ragged one "Can't convert non-rectangular Python sequence ..."); on the slow
    path (list indices) a tensor or variable of another dtype is convert_to_tensor's ValueError ('Tensor
    conversion requested dtype int32 for Tensor with dtype float32: ...'), before any shape check."""
    if isinstance(depth, (np.ndarray, np.generic)) and depth.dtype.kind in 'biufc':
        depth = np.asarray(depth).real.astype(np.int32)          # (numpy's C cast: 2.7 is 2)
        return int(depth) if depth.ndim == 0 else depth
    if isinstance(depth, (bool, np.bool_)):
        return int(depth)
    if isinstance(depth, (list, tuple)) and depth:
        kind = python_value_array(depth).dtype.kind
        if kind in 'fcSU':
            raise TypeError('Cannot convert %r to EagerTensor of dtype int32' % (depth,))
        if kind == 'O':
            convert_to_tensor(depth)        # TF's words for a None among the values
    if not fast and isinstance(depth, Tensor) and depth.dtype.name != 'int32':
        convert_to_tensor(depth, dtype='int32')         # raises TF's ValueError (a variable's in its own words)
    return depth


def _int_attribute(value, argument):
    """An int attribute as TF's op wrapper reads it (make_int): int(value), so 1.5 is axis 1; a string, or a
    value int() refuses, is its TypeError."""
    if not isinstance(value, str):
        try:
            return int(value)
        except (TypeError, ValueError):
            pass
    raise TypeError("Expected int for argument '%s' not %r." % (argument, value))
