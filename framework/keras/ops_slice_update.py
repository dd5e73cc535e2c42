"""``keras.ops.slice_update`` as Keras 3 runs it on TensorFlow: XLA's DynamicUpdateSlice
(tf2xla's ``dynamic_update_slice``), with that kernel's rules rather than numpy's:

- one dtype T, the first tensor argument's: an array or list argument is converted to it (a C cast:
  float updates into an int32 tensor truncate, int64 300 into int8 wraps to 44); two tensors of
  different dtypes are the eager op's InvalidArgumentError;
- start indices are clamped so the update fits (slice_update(zeros((3, 4)), [2, 3], ones((2, 2)))
  writes rows 1-2, columns 2-3);
- an update larger than the input, a rank mismatch or float indices are the kernel's errors.
Texts printed by TF 2.21 (/work/notes/progs/opsfuzz5).
"""
import numpy as np

from framework import backend
from framework import ops as _ops
from framework.errors import InvalidArgumentError, kernel_error
from framework.ops.graph_input_errors import kernel_dtype_name
from framework.tensor import Tensor
from .ops_dtypes import tensor

_OP = 'XlaDynamicUpdateSlice'
_STACK = '\n\nStack trace for op definition: \ndummy_file_name:10:dummy_function_name\n'


def slice_update(inputs, start_indices, updates):
    """``inputs`` with the block at ``start_indices`` replaced by ``updates``; both get gradients."""
    t, u = _one_dtype(inputs, updates)
    starts = _start_indices(start_indices, t)
    if u.ndim != t.ndim:
        raise _kernel('input and update must have the same rank, input shape is [%s]; update shape is [%s]%s'
                      % (_dims(t.shape), _dims(u.shape), _STACK))
    for n, d in zip(u.shape, t.shape):
        if n > d:
            raise _kernel('Update dim size %d greater than dynamic slice dimension: %d.' % (n, d))
    starts = [min(max(lo, 0), d - n) for lo, n, d in zip(starts, u.shape, t.shape)]     # XLA clamps
    widths = [[lo, d - lo - n] for lo, n, d in zip(starts, u.shape, t.shape)]
    xp = backend.array_module(t._data)
    inside = xp.pad(xp.ones(u.shape, bool), widths)
    return _ops.where(inside, _ops.pad(u, widths), t)


def _one_dtype(inputs, updates):
    t_given, u_given = isinstance(inputs, Tensor), isinstance(updates, Tensor)
    t, u = tensor(inputs, 'slice_update'), tensor(updates, 'slice_update')
    if t.dtype == u.dtype:
        return t, u
    if t_given and u_given:
        raise InvalidArgumentError('cannot compute %s as input #1(zero-based) was expected to be a %s tensor but is '
                                   'a %s tensor [Op:%s]' % (_OP, kernel_dtype_name(t.dtype),
                                                            kernel_dtype_name(u.dtype), _OP))
    if u_given and not t_given:
        return _ops.cast(t, u.dtype), u
    if t._data.dtype.kind == 'O' and u._data.dtype.kind != 'O':
        # TF converts the numeric array to the string tensor's dtype: numpy's object conversion refuses it
        error = ValueError('Failed to convert a NumPy array to a Tensor (Unsupported object type %s).'
                           % {'f': 'float', 'b': 'bool'}.get(u._data.dtype.kind, 'int'))
        error.add_note('keras.ops.slice_update: updates of dtype %s cannot go into a string tensor' % u.dtype.name)
        raise error
    return t, _ops.cast(u, t.dtype)


def _start_indices(start_indices, t):
    raw = np.asarray(backend.to_host(start_indices._data) if isinstance(start_indices, Tensor) else start_indices)
    if raw.dtype.kind not in 'iu':
        shown = kernel_dtype_name(raw.dtype if isinstance(start_indices, Tensor) else np.dtype('float32'))
        raise InvalidArgumentError("Value for attr 'Tindices' of %s is not in the list of allowed values: int32, "
                                   "int64\n\t; NodeDef: {{node %s}}; Op<name=%s; signature=input:T, update:T, "
                                   "indices:Tindices -> output:T; attr=T:type; attr=Tindices:type,allowed=[DT_INT32, "
                                   "DT_INT64]> [Op:%s]" % (shown, _OP, _OP, _OP))
    if raw.ndim != 1 or raw.size != t.ndim:
        raise _kernel('index must be a vector with length equal to the number of input dimensions' + _STACK)
    return [int(i) for i in raw]


def _kernel(text):
    return kernel_error(_OP, text + '\n\t [[{{node %s}}]]' % _OP, note='keras.ops.slice_update: see the kernel\'s '
                        'words above (XLA DynamicUpdateSlice semantics, as Keras 3 on TensorFlow)')


def _dims(shape):
    return ','.join(str(d) for d in shape)
