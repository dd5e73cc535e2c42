"""tf.math.bincount as TF 2.21 runs it: its Python wrapper (bincount_ops.bincount) then the DenseBincount kernel.

The wrapper casts a non-integer ``arr`` to int32, refuses an axis other than 0 and -1, sizes the output as
max(arr) + 1 (0 for an empty arr) raised to ``minlength`` and cut to ``maxlength`` (both converted to arr's
dtype), and flattens arr and weights for axis 0. The kernel checks its dtypes (arr int32 / int64, counts int32,
int64, float, double), arr's rank (at most 2: a matrix counts each row), the weights' shape, the size and then
the values, each in its own words. Weighted counts add up in the weights' dtype in arr's order, as the kernel's
loop does (np.add.at; numpy's bincount would sum in float64).
"""
import numpy as np

from .. import backend, dtypes
from ..errors import InvalidArgumentError, kernel_error
from ..tensor import Tensor, convert_to_tensor
from .graph_input_errors import allowed_list_refusal, kernel_dtype_name

_SIGNATURE = ('Op<name=DenseBincount; signature=input:Tidx, size:Tidx, weights:T -> output:T; '
              'attr=Tidx:type,allowed=[DT_INT32, DT_INT64]; attr=T:type,allowed=[DT_INT32, DT_INT64, DT_FLOAT, '
              'DT_DOUBLE]; attr=binary_output:bool,default=false> [Op:DenseBincount] name: ')
_ALLOWED = {'Tidx': ('int32', 'int64'), 'T': ('int32', 'int64', 'float', 'double')}


def check_bincount_dtype(dtype_name):
    """DenseBincount's InvalidArgumentError for counts of a dtype its kernel has no registration for
    (half, bfloat16, uint8, ...): what Keras's count / multi_hot encodings raise on TF 2.21."""
    _registry_check('T', dtype_name)


def _registry_check(attr, dtype_name):
    shown = kernel_dtype_name(dtype_name)
    if shown not in _ALLOWED[attr]:
        error = InvalidArgumentError("Value for attr '%s' of %s is not in the list of allowed values: %s\n\t; "
                                     "NodeDef: {{node DenseBincount}}; %s"
                                     % (attr, shown, ', '.join(_ALLOWED[attr]), _SIGNATURE))
        # (in a trace op_def_library's TypeError names the input: 'input' for Tidx, 'weights' for T)
        error = allowed_list_refusal(error, attr, dtype_name, _ALLOWED[attr], 'input:Tidx, size:Tidx, weights:T')
        error.add_note('bincount: %s must be %s; cast it first'
                       % ('arr' if attr == 'Tidx' else 'the weights (or dtype)',
                          'int32 or int64' if attr == 'Tidx' else 'int32, int64, float32 or float64'))
        raise error


def _bound(value, arr, what):
    """minlength / maxlength as the wrapper converts them: a tensor of arr's dtype (a float is TF's TypeError)."""
    bound = convert_to_tensor(value, dtype=arr.dtype, name=what)
    if bound.ndim != 0:
        raise kernel_error('DenseBincount', 'Shape must be rank 0 but is rank %d' % bound.ndim, named=True,
                           note='bincount: %s must be a scalar, got shape %s' % (what, tuple(bound.shape)))
    return int(backend.to_host(bound._data))


def dense_bincount(arr, weights, minlength, maxlength, dtype, axis, binary_output):
    """TF 2.21's bincount wrapper and kernel for a dense ``arr`` (see the module docstring)."""
    from .shapes import cast
    if weights is not None and binary_output:      # TF 2.21's bincount_ops checks this first, whatever arr is
        raise ValueError('Arguments `binary_output` and `weights` are mutually exclusive. Please specify only one.')
    arr = convert_to_tensor(arr, name='arr')
    if arr._data.dtype.kind not in 'iu':
        arr = cast(arr, 'int32')        # 0.7 counts as 0, True as 1; a string tensor is Cast's UnimplementedError
    axis = 0 if axis is None else axis
    if axis not in (0, -1):
        raise ValueError('Unsupported value for argument axis=%s. Only 0 and -1 are currently supported.' % (axis,))
    a = backend.to_host(arr._data)
    size = int(a.max()) + 1 if a.size else 0
    if minlength is not None:
        size = max(_bound(minlength, arr, 'minlength'), size)
    if maxlength is not None:
        size = min(_bound(maxlength, arr, 'maxlength'), size)
    w = None if weights is None else convert_to_tensor(weights, name='weights')
    _registry_check('Tidx', arr.dtype.name)
    out_dtype = w.dtype if w is not None else dtypes.as_dtype(dtype)
    _registry_check('T', out_dtype.name)
    w_host = None if w is None else backend.to_host(w._data)
    if axis == 0:
        a = a.reshape(-1)
        w_host = None if w_host is None else w_host.reshape(-1)
    if a.ndim > 2:
        raise kernel_error('DenseBincount', 'Shape must be at most rank 2 but is rank %d' % a.ndim, named=True,
                           note='bincount: axis=-1 counts the rows of a matrix; arr has shape %s' % (a.shape,))
    if w_host is not None and w_host.shape != a.shape and w_host.size:
        raise kernel_error('DenseBincount', '`weights` must be the same shape as `arr` or a length-0 `Tensor`, in '
                           'which case it acts as all weights equal to 1. Received [%s]'
                           % ','.join(map(str, w_host.shape)), named=True,
                           note='bincount: weights of shape %s do not match arr of shape %s'
                                % (tuple(w_host.shape), tuple(a.shape)))
    if size < 0:
        raise kernel_error('DenseBincount', 'size (%d) must be non-negative' % size, named=True,
                           note='bincount: maxlength must be non-negative, got %d' % size)
    if a.size and a.min() < 0:
        text = ('Input arr must be non-negative!' if a.ndim < 2 else
                "Input 'in' must be non-negative! Negative input value found: %d" % a.min())
        raise kernel_error('DenseBincount', text, named=True,
                           note='bincount: arr must be non-negative, got a minimum of %d' % a.min())
    return Tensor(backend.place(_counts(a, w_host if w_host is not None and w_host.size else None, size,
                                        out_dtype.as_numpy_dtype, binary_output)))


def _counts(a, w, size, out_dtype, binary_output):
    rows = a.reshape(1, -1) if a.ndim < 2 else a
    weight_rows = None if w is None else w.reshape(rows.shape)
    out = np.zeros((rows.shape[0], size), out_dtype)
    for r in range(rows.shape[0]):
        keep = rows[r] < size
        if binary_output:
            out[r, rows[r][keep]] = 1
        else:       # in arr's order, in the count dtype (the kernel's loop)
            np.add.at(out[r], rows[r][keep], 1 if weight_rows is None else weight_rows[r][keep].astype(out_dtype))
    return out if a.ndim == 2 else out[0]
