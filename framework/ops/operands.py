"""Turning op arguments into tensors, with errors that name the op.

Binary ops keep Python numbers as they are: numpy's weak-scalar rules then
give ``float32_tensor * 2.0`` a float32 result, as TensorFlow does, with no
conversion cost. Tensors of two dtypes are refused, as TensorFlow refuses them.
"""
import functools
import re
import sys

import numpy as np

from ..errors import InvalidArgumentError, OpError, fast_path, kernel_error
from ..given_op_name import call_name, given_name
from .. import backend, dtypes, onednn_policy
from ..tape import ACTIVE, record  # noqa: F401  (re-exported for the op modules)
from ..autopacking import holds_tensor, pack
from ..composite import handler_for
from ..indexed_slices import IndexedSlices
from ..tensor import ConversionError, SymbolicTensorError, Tensor, _to_array, convert_to_tensor
from ..tensor_conversion import BOOL_TARGETS
from ..leaked_tensors import SymbolicTensor
from ..variable import Variable
from ..keras_operands import conversion_refusal
from . import axis_errors, broadcast_kernels, float_kernels
from .dispatched_ops import DISPATCHED, dispatcher_error
from .graph_input_errors import (eager_input_error, graph_conversion_refusal, input_mismatch, kernel_dtype_name,
                                 python_float_refusal)

_PY_SCALARS = (int, float, bool)
# the dtypes TF's eager converter makes of a Python bool (int8 + True fails to convert True, as bfloat16 does)
_BOOL_TARGETS = BOOL_TARGETS


def as_tensor(x, op, dtype=None):
    """``x`` as a Tensor; the error names ``op`` when it cannot be one."""
    if isinstance(x, Tensor):
        return x
    try:
        return convert_to_tensor(x, dtype=dtype)
    except SymbolicTensorError as err:      # Keras's own text, as TensorFlow raises it
        err.add_note('raised by %s' % op)
        raise
    except (TypeError, ValueError) as err:      # TensorFlow's own text (as tf.convert_to_tensor words it)
        err.add_note('%s: cannot use %r (of type %s) as a tensor' % (op, _short(x), type(x).__name__))
        raise


def _bfloat16(t):
    # ml_dtypes' bfloat16 is numpy kind 'V', not 'f': asked only once the float kinds failed
    return t._data.dtype.name == 'bfloat16'


def as_float_tensor(x, op):
    """A floating tensor, or an InvalidArgumentError (a TypeError too) naming the op and the dtype,
    the class TensorFlow raises for a dtype outside an op's allowed list."""
    t = as_tensor(x, op)
    kind = t._data.dtype.kind
    if kind == 'c' and op in float_kernels.REAL_ONLY:     # Erf, Lgamma, Elu, ...: real kernels only
        raise float_kernels.complex_error(op, t.dtype.name)
    if kind not in 'fc' and not _bfloat16(t):
        note = ('%s: expected a floating-point tensor, got dtype %s (shape %s); cast it first, e.g. '
                'framework.cast(x, framework.float32)' % (op, t.dtype.name, tuple(t.shape)))
        error = float_kernels.refusal(op, t.dtype.name, float_kernels.named_for(op, x))     # TF's registry words
        if error is None:
            raise InvalidArgumentError(note)
        error.add_note(note)
        raise error
    return t


def as_real_tensor(x, op):
    """A float or integer tensor (no bool, complex or string), as TensorFlow's Relu and MaxPool
    kernels take; else an InvalidArgumentError naming the op and the dtype."""
    t = as_tensor(x, op)
    if t._data.dtype.kind not in 'fiu' and not _bfloat16(t):
        note = '%s: expected a floating-point or integer tensor, got dtype %s (shape %s)' % (op, t.dtype.name,
                                                                                          tuple(t.shape))
        error = float_kernels.refusal(op, t.dtype.name, float_kernels.named_for(op, x))     # TF's registry words
        if error is None:
            raise InvalidArgumentError(note)
        error.add_note(note)
        raise error
    return t


def as_numeric_tensor(x, op):
    t = as_tensor(x, op)
    if t._data.dtype.kind not in 'fciub' and not _bfloat16(t):
        note = '%s: expected a numeric tensor, got dtype %s' % (op, t.dtype.name)
        error = float_kernels.refusal(op, t.dtype.name, float_kernels.named_for(op, x))     # TF's registry words
        if error is None:
            raise InvalidArgumentError(note)
        error.add_note(note)
        raise error
    return t


def as_size(value, what, op):
    """``value`` (a depth, a count) as a Python int, refused as TensorFlow's conversion to an int32 scalar
    refuses it: TypeError for a Python float (even 3.0) or string, ValueError for None or a tensor of
    another dtype. The caller checks the sign (its kernel words that)."""
    note = '%s: %s must be a non-negative integer, got %s (of type %s)' % (op, what, _short(value),
                                                                           type(value).__name__)
    if isinstance(value, Tensor) and value.ndim == 0:
        if value.dtype.name != 'int32':
            error = ValueError('Tensor conversion requested dtype int32 for Tensor with dtype %s: %r'
                               % (value.dtype.name, value))
            error.add_note(note)
            raise error
        value = backend.to_host(value._data).item()
    if isinstance(value, np.floating) and float(value).is_integer():     # TF converts a numpy float 3.0
        return int(value)
    if isinstance(value, (int, np.integer)) and not isinstance(value, bool):
        return int(value)
    if value is None:
        error = ConversionError("Attempt to convert a value (None) with an unsupported type (<class 'NoneType'>) "
                                "to a Tensor.")
    elif isinstance(value, (float, str)):
        error = TypeError('Cannot convert %r to EagerTensor of dtype int32' % (value,))
    else:
        raise InvalidArgumentError(note)
    error.add_note(note)
    raise error


def binary(a, b, op):
    """(a, b, a_data, b_data) for a binary op; at least a or b becomes a Tensor."""
    # Fast paths first: every op runs through here, so the common cases
    # (tensor with Python float, tensor with tensor of one float dtype) cost
    # a few attribute reads.
    if isinstance(a, Tensor):
        da = a._data
        tb = type(b)
        if tb is float or tb is int:
            if da.dtype.kind in 'fc':
                return a, b, da, b
        elif isinstance(b, Tensor):
            db = b._data
            # Mixed devices are impossible while cupy has never been loaded, so a numpy
            # scalar (a reduction's result) meeting an array needs no device check.
            if (dtype := da.dtype) is db.dtype and (type(da) is type(db) or not backend._cupy) \
                    and dtype.kind in 'fciu':          # (bools: _slow_pair, which knows TF's refusals)
                return a, b, da, db
            return _slow_pair(a, b, da, db, op)
        b, db = _other(b, da, op)
        return a, b, da, db
    if isinstance(b, Tensor):
        db = b._data
        ta = type(a)
        if (ta is float or ta is int) and db.dtype.kind in 'fc':
            return a, b, a, db
        a, da = _other(a, db, op, left=False)
        return a, b, da, db
    a = as_tensor(a, op)
    b, db = _other(b, a._data, op)
    return a, b, a._data, db


def _slow_pair(a, b, da, db, op):
    if da.dtype != db.dtype:
        raise conversion_refusal(a, b, op) or _dtype_mismatch(da, db, op)
    if backend.is_device_array(da) != backend.is_device_array(db):
        raise ValueError('%s: operands are on different devices: %s and %s; move one with '
                         'framework.device or .numpy()'
                         % (op, backend.device_name(da), backend.device_name(db)))
    _check_numeric(da, op)
    return a, b, da, db


# TensorFlow's kernel for each binary op, whose name its eager dtype check gives ([Op:AddV2]).
_KERNELS = {'add': 'AddV2', 'subtract': 'Sub', 'multiply': 'Mul', 'pow': 'Pow', 'maximum': 'Maximum',
            'minimum': 'Minimum', 'floordiv': 'FloorDiv', 'floormod': 'FloorMod', 'atan2': 'Atan2',
            'less': 'Less', 'less_equal': 'LessEqual', 'greater': 'Greater', 'greater_equal': 'GreaterEqual',
            'equal': 'Equal', 'not_equal': 'NotEqual', 'where': 'SelectV2', 'squared_difference': 'SquaredDifference',
            'truncatediv': 'TruncateDiv', 'truncatemod': 'TruncateMod', 'realdiv': 'RealDiv', 'nextafter': 'NextAfter'}
# ... and its kernels' names for dtypes
_KERNEL_DTYPES = {'float32': 'float', 'float64': 'double', 'float16': 'half'}


def _dtype_mismatch(da, db, op):
    """Two operands of different dtypes: TensorFlow's error (programs print it: float32 + float64 is
    the common slip), tapeflow's explanation attached as a note. TF's kernel first takes its type from
    the first operand, so a bool or string there that the kernel has no type for is refused first, in
    the op registry's words; then the second operand's dtype fails the match ('cannot compute ...')."""
    note = ('%s: both operands must have the same dtype, got %s (shape %s) and %s (shape %s); use framework.cast '
            'to convert one of them' % (op, da.dtype.name, tuple(da.shape), db.dtype.name, tuple(db.shape)))
    first = da.dtype.kind
    if op == 'divide':       # truediv's Python check comes first in TensorFlow
        error = TypeError('`x` and `y` must have the same dtype, got tf.%s != tf.%s.'
                          % (_tf_dtype_name(da.dtype), _tf_dtype_name(db.dtype)))
    elif op == 'matmul':
        if first in 'bOSU':
            error = float_kernels.refusal(op, 'bool' if first == 'b' else 'string')
            if error is None:
                return InvalidArgumentError(note)
        else:
            # TensorFlow's MatMul / BatchMatMulV2; oneDNN's _Mkl kernel where it takes the first dtype
            kernel = 'MatMul' if da.ndim <= 2 and db.ndim <= 2 else 'BatchMatMulV2'
            runs = '_Mkl' + kernel if da.dtype.name in ('float32', 'float16', 'bfloat16') and onednn_policy.enabled() \
                else kernel
            error = eager_input_error(kernel, 1, da.dtype, db.dtype, runs)
            error.add_note(note)
            return input_mismatch(error, kernel, 1, da.dtype, db.dtype)     # (a TypeError in a traced function)
    elif op in _KERNELS:
        kernel = _KERNELS[op]
        if first in 'OSU' and op == 'add':
            kernel = 'Add'          # TF adds strings with Add (concatenation), not AddV2
        elif first in 'bOSU' and op not in _ANY_DTYPE_KERNELS:
            error = float_kernels.string_refusal(op, 'bool' if first == 'b' else 'string', True)
            if error is None:
                return InvalidArgumentError(note)
            error.add_note(note)
            return error
        refusal = _first_operand_refusal(da.dtype, op)
        if refusal is not None:
            refusal.add_note(note)
            return refusal
        # tf.where's values are SelectV2's inputs 1 and 2 (after the condition), and its wrapper adds no name
        second = 2 if op == 'where' else 1
        error = eager_input_error(kernel, second, da.dtype, db.dtype, named=op != 'where')
        error.add_note(note)
        return input_mismatch(error, kernel, second, da.dtype, db.dtype)
    else:
        return InvalidArgumentError(note)
    error.add_note(note)
    return error


def _first_operand_refusal(dtype, op):
    """TF takes a binary kernel's T from the first operand and looks it up before matching the second
    operand: a first dtype the op has no kernel for (complex for Less / Maximum / FloorMod, uint8 for Pow,
    ints for Atan2, complex FloorDiv on the CPU) is refused first, as with equal dtypes; else None."""
    name = _KERNEL_DTYPES.get(dtype.name, dtype.name)
    entry = float_kernels.BINARY_KERNELS.get(op)
    if entry is not None and name not in entry[1]:
        return float_kernels.string_refusal(op, name, True)
    if op in ('floordiv', 'truncatediv') and dtype.kind == 'c':
        from . import missing_kernels
        return missing_kernels.not_found(_KERNELS[op], dtype.name, op)
    if op == 'truncatemod' and dtype.kind == 'c':       # (TruncateMod's registry has no complex)
        return float_kernels.complex_error(op, dtype.name)
    if op == 'atan2' and dtype.kind != 'f' and dtype.name != 'bfloat16':
        return float_kernels.refusal('atan2', dtype.name)
    if op == 'realdiv' and dtype.kind in 'iu':      # (RealDiv's registry takes integers; no CPU kernel does)
        from . import missing_kernels
        return missing_kernels.listed_not_found('RealDiv', dtype.name, op)
    return None


# the kernels with a type for every dtype (bools and strings too): only the second operand's dtype fails
_ANY_DTYPE_KERNELS = frozenset(('equal', 'not_equal', 'where'))


def _tf_dtype_name(dtype):
    return 'string' if dtype.kind in 'OSU' else dtype.name


def _other(v, ref, op, left=True):
    """The non-tensor operand of a binary op, matched to the tensor's dtype (``left``: the tensor is
    the op's first operand)."""
    dtype = ref.dtype
    if dtype.kind in 'bOSU':
        if dtype.kind != 'b' and not isinstance(v, (str, bytes, list, tuple, np.ndarray)):
            raise _refused(v, dtype, op, left)        # 'a' + 1: TensorFlow converts 1 to a string first
        _check_numeric(ref, op, v)
    if type(v) in _PY_SCALARS:
        if type(v) is float and dtype.kind in 'iub' or type(v) is bool and dtype not in _BOOL_TARGETS:
            raise _refused(v, dtype, op, left)
        return v, _as_scalar(v, dtype)
    if type(v) is complex and dtype.name == 'bfloat16':     # (numpy would drop the imaginary part)
        raise _refused(v, dtype, op, left)
    try:
        if isinstance(v, (list, tuple)) and holds_tensor(v):     # x + [y, 2 * y]: packed, recorded
            return _packed_other(v, ref)
        if isinstance(v, IndexedSlices):    # x * tape.gradient(...): densified on the tapes (a 2nd derivative)
            t = v._to_dense(dtype)
        else:
            t = Tensor(_to_array(v, dtype))
    except SymbolicTensorError as err:          # Keras's own text, as TensorFlow raises it
        err.add_note('raised by %s' % op)
        raise
    except (TypeError, ValueError) as err:
        if op == 'add' and left and isinstance(v, np.ndarray) and v.dtype.kind in 'US' and dtype.kind in 'iufc':
            # tf.add converts its second operand with only a dtype hint (strings add): a numpy array of strings
            # is a string tensor, which AddV2 refuses (the other ops convert to the tensor's dtype: numpy's error)
            raise _dtype_mismatch(ref, _to_array(v, None), op) from None
        if str(err).startswith('Cannot convert') or (isinstance(v, (str, bytes)) and dtype.kind in 'iufc'):
            raise _refused(v, dtype, op, left) from None        # (a string: a graph's conversion words it otherwise)
        # TensorFlow's words ('Attempt to convert a value ...'); a tf.function's graph conversion keeps its class
        error = err if getattr(err, 'tf_graph_conversion', False) else ConversionError(str(err))
        error.add_note('%s: cannot combine %s (of type %s) with a %s tensor'
                       % (op, _short(v), type(v).__name__, dtype.name))
        if left and error is err and not isinstance(v, SymbolicTensor):     # a tf.function's graph: TF refuses
            # it while building the op, in other words (a tensor leaked from another trace keeps its own)
            error = graph_conversion_refusal(err, _KERNELS.get(op, op), v, dtype)
        raise error from None
    if backend.is_device_array(ref) and not backend.is_device_array(t._data):
        t = Tensor(backend.array_module(ref).asarray(t._data))
    return t, t._data


def _refused(v, dtype, op, left):
    """A Python value that TensorFlow 2.21 does not convert to the tensor's dtype, refused in its words:
    ``x + v`` reaches the Add kernel with v in v's own dtype, ``x / v`` fails truediv's dtype check,
    and every other op (and ``v + x``) fails the conversion itself (TypeError: a Python float never
    joins an integer tensor, not even 2.0)."""
    mine = dtypes.of_numpy(dtype).name
    try:
        natural = convert_to_tensor(v).dtype.name
    except (TypeError, ValueError):
        natural = None
    if left and op == 'add' and natural is not None:
        kernel = 'Add' if mine == 'string' else 'AddV2'
        error = eager_input_error(kernel, 1, mine, natural)
    elif left and op == 'divide' and natural is not None:
        error = TypeError('`x` and `y` must have the same dtype, got tf.%s != tf.%s.' % (mine, natural))
    else:
        error = TypeError('Cannot convert %r to EagerTensor of dtype %s' % (v, _KERNEL_DTYPES.get(mine, mine)))
    error.add_note('%s: cannot combine %s (of type %s) with a %s tensor; convert one of them first (e.g. tf.cast '
                   'the tensor)' % (op, _short(v), type(v).__name__, mine))
    if (type(v) is float and dtype.kind in 'iu' or isinstance(v, (str, bytes))) and not (left and op == 'divide'):
        # inside a tf.function TensorFlow refuses the float (or string) while building the op, in other words
        if left and op == 'add':
            return input_mismatch(error, 'AddV2', 1, mine, natural)
        return python_float_refusal(error, _KERNELS.get(op), v, mine, left, not left and _reflected_operator())
    return error


def _reflected_operator():
    """Whether Python's reflected operator (``0.9 ** step``: Tensor.__rpow__) made the op that refuses a
    value, not a function given it first (tf.pow(0.9, step)). Asked on the error path only."""
    frame = sys._getframe(2)
    for _ in range(8):
        if frame is None:
            return False
        if frame.f_code.co_name in _REFLECTED:
            return True
        frame = frame.f_back
    return False


_REFLECTED = frozenset(('__radd__', '__rsub__', '__rmul__', '__rtruediv__', '__rfloordiv__', '__rmod__', '__rpow__'))


def _packed_other(v, ref):
    t = pack(v, ref.dtype)
    return t, t._data


def _as_scalar(v, dtype):
    # numpy keeps weak Python scalars in the tensor's dtype; ints in float16/32 and
    # floats in float32 need no conversion. Integer tensors take ints exactly.
    if dtype.kind in 'iu':
        if type(v) is float:
            return int(v)
        if type(v) is int:
            bounds = _INT_BOUNDS.get(dtype)
            if bounds is not None and not bounds[0] <= v <= bounds[1]:
                return _wrapped(v, dtype)
    return v


_INT_BOUNDS = {np.dtype(t): (int(np.iinfo(t).min), int(np.iinfo(t).max))
               for t in (np.int8, np.int16, np.int32, np.int64, np.uint8, np.uint16, np.uint32, np.uint64)}


def _wrapped(v, dtype):
    """A Python int outside an integer tensor's dtype, as TensorFlow converts it for a binary op: cut to
    the dtype's bits (tf.constant(1) + 2**40 is 1); beyond int64 it cannot be converted at all."""
    if not -2 ** 63 <= v < 2 ** 63:
        raise ConversionError("Can't convert Python sequence with out-of-range integer to Tensor.")
    return np.array(v, dtype=np.int64).astype(dtype)[()]


def _check_numeric(data, op, other=None):
    """Refuse a bool or string tensor ``data`` for arithmetic ``op`` in TensorFlow's words. ``other``: the
    operand that is no tensor, if any: TF's eager fast path (whose errors end in ' name: ') takes tensors
    and arrays, while a Python list (or, beside a string tensor, a str or bytes) sends it the slow way."""
    if data.dtype.kind == 'b':
        # TensorFlow's kernels take no bool for these
        error = float_kernels.string_refusal(op, 'bool', other is None or fast_path(other))
        if error is not None:
            error.add_note('%s: a bool tensor has no arithmetic; cast it first, e.g. tf.cast(x, tf.int32)' % op)
            raise error
    if data.dtype.kind in 'OUS':
        note = '%s: string tensors have no arithmetic (got dtype %s)' % (op, data.dtype.name)
        named = other is None or (fast_path(other) and not isinstance(other, (str, bytes)))
        error = float_kernels.string_refusal(op, 'string', named)       # TensorFlow's words, where known
        if error is None and op == 'matmul':        # (MatMul's wrapper converts first: its tail is always there)
            error = float_kernels.refusal(op, 'string')
        elif error is None and op == 'atan2':       # (Atan2's y:T, x:T registry entry sits in KERNELS)
            error = float_kernels.refusal(op, 'string', named)
        if error is None:
            raise InvalidArgumentError(note)
        error.add_note(note)
        raise error


def snapshot(x):
    """x's array, copied when x is a Variable: a view of a variable's buffer
    would change under a later in-place update, and tensors never change."""
    data = x._data
    return data.copy() if type(x) is not Tensor and isinstance(x, Variable) else data


# TF's reduction kernel behind each op that checks its axes here: its errors name it ([Op:Max] for logsumexp)
_REDUCTION_KERNELS = {'reduce_sum': 'Sum', 'reduce_mean': 'Mean', 'reduce_max': 'Max', 'reduce_min': 'Min',
                      'reduce_prod': 'Prod', 'reduce_all': 'All', 'reduce_any': 'Any', 'reduce_logsumexp': 'Max',
                      'reduce_euclidean_norm': 'EuclideanNorm', 'count_nonzero': 'Sum'}


def normalize_axis(axis, ndim, op):
    """A sorted tuple of non-negative axes; None means every axis. A bad axis raises
    InvalidArgumentError (also a ValueError and TypeError), as TensorFlow's kernels do."""
    if axis is None:
        return tuple(range(ndim))
    # One Python int is what most calls pass (a loss's axis=-1, a bias gradient's
    # axis 0) on every training step: skip the general loop below.
    if type(axis) is int and -ndim <= axis < ndim:
        return (axis % ndim,)
    # TF's eager fast path (and its ' name: ' tail) takes ints, arrays and tensors; Python lists and numpy
    # scalars go through the fallback, whose kernel errors end at [Op:Sum]
    given = axis
    axis = axis_errors.int32_converted(op, axis)        # np.float32(1), True: TF casts them to int32
    named = not isinstance(axis, (list, tuple, np.integer))
    if isinstance(axis, Tensor) and _REDUCTION_KERNELS.get(op) and axis._data.dtype.kind not in 'iu':
        error = _tidx_refusal(op, axis.dtype.name, named=True)
        if error is not None:
            error.add_note('%s: the axis must be an int32 or int64 tensor, got %s' % (op, axis.dtype.name))
            raise error
    if isinstance(axis, Tensor):
        axis = axis.numpy().tolist()
    if isinstance(axis, np.ndarray):
        axis = axis.tolist()
    axes = axis if isinstance(axis, (list, tuple)) else (axis,)
    kernel = _REDUCTION_KERNELS.get(op)
    out = []
    for a in axes:
        if not isinstance(a, (int, np.integer)) or isinstance(a, bool):
            listed = _python_list_axes(given) if kernel and isinstance(given, (list, tuple)) else None
            flat = _nested_axes(axes) if listed is None else listed
            if flat is not None and flat != 'float':    # TF's reduction kernels read an axis of any rank as a flat list
                return normalize_axis(flat, ndim, op)
            text = '%s: an axis must be an integer (or a list of them), got %r' % (op, axis)
            error = axis_errors.float_axis(op, axis) if type(axis) is float else None
            if kernel and isinstance(a, (str, bytes)):      # the reduction kernel's Tidx attribute refuses strings
                error = _tidx_refusal(op, 'string', named=isinstance(given, Tensor))
            elif flat == 'float':
                # a Python list with a float converts to a float32 axis, which TF's slow path hands to the kernel:
                # its Tidx refusal without the ' name: ' tail (reduce_sum(x, [1.0]), [0, 1.5], [[1.0]])
                error = _tidx_refusal(op, 'float', named=False)
            if error is None:
                raise InvalidArgumentError(text)
            error.add_note(text)
            raise error
        a = int(a)
        if not -ndim <= a < ndim:
            text = '%s: axis %d is out of range for a tensor of rank %d (axes lie in [%d, %d))' % (op, a, ndim, -ndim,
                                                                                                  ndim)
            if kernel:          # the reduction kernel's words, tapeflow's in a note
                raise kernel_error(kernel, 'Invalid reduction dimension (%d for input with %d dimension(s)'
                                   % (a, ndim), named=named, note=text)
            raise axis_errors.out_of_range(op, a, ndim, len(out), named, text) or InvalidArgumentError(text)
        if a % ndim in out:
            text = '%s: axis %r names axis %d twice; give each axis once' % (op, axis, a % ndim)
            if kernel:
                raise kernel_error(kernel, 'Invalid reduction arguments: Axes contains duplicate dimension: %d'
                                   % (a % ndim), named=named, note=text)
            raise axis_errors.repeated(op, a, ndim, named, text) or InvalidArgumentError(text)
        out.append(a % ndim)
    return tuple(sorted(out))


def _tidx_refusal(op, dtype_name, named):
    # the reduction kernel's registry error for an axis of another dtype than int32 / int64 (a string, a float
    # tensor); count_nonzero sums, reduce_logsumexp starts with Max
    if op in ('reduce_any', 'reduce_all'):      # bool kernels: no T attribute in their signature
        kernel = _REDUCTION_KERNELS[op]
        return InvalidArgumentError(
            "Value for attr 'Tidx' of %s is not in the list of allowed values: int32, int64\n\t; NodeDef: {{node %s}}; "
            "Op<name=%s; signature=input:bool, reduction_indices:Tidx -> output:bool; "
            "attr=keep_dims:bool,default=false; attr=Tidx:type,default=DT_INT32,allowed=[DT_INT32, DT_INT64]> "
            "[Op:%s]%s"
            % (kernel_dtype_name(dtype_name), kernel, kernel, kernel, ' name: ' if named else ''))
    key = {'count_nonzero': 'reduce_sum', 'reduce_logsumexp': 'reduce_max'}.get(op, op)
    return float_kernels.index_refusal(key, 'Tidx', dtype_name, named=named)


def _python_list_axes(axes):
    """A Python list (or tuple) axis as TF's conversion to the reduction kernel's axis tensor reads it: bools as
    ints ([True] is axis 1), nested lists flat, scalar int tensors by value; 'float' where it converts to a float
    tensor ([1.0], [0, 1.5], [np.float32(1)]: the kernel's Tidx refusal); else None."""
    try:
        array = np.asarray([v.numpy() if isinstance(v, Tensor) else v for v in axes])
    except ValueError:
        return None
    if array.dtype.kind in 'biu':
        return array.astype(np.int64).ravel().tolist()
    return 'float' if array.dtype.kind == 'f' else None


def _nested_axes(axes):
    """A rectangular nested list of ints (axis=[[0], [1]]) as the flat list TF's kernels reduce over,
    else None."""
    if not isinstance(axes[0], (list, tuple)):
        return None
    try:
        array = np.asarray(axes)
    except ValueError:
        return None
    return array.ravel().tolist() if array.dtype.kind in 'iu' else None


def named_errors(op, passes_name=False):
    """Decorate an op so that a TypeError or ValueError raised inside it (by the
    primitives it is made of, or by int()/float() on an argument) names ``op``. Another
    kernel error (Cast's UnimplementedError for a string argument) keeps TensorFlow's class and
    words, and names ``op`` in a note. ``passes_name``: TensorFlow's function hands its ``name`` argument
    to the kernel that fails (a generated op wrapper), so the kernel error's ' name: ' tail gives it;
    a composite function (tf.norm's Sqrt, tf.math.reduce_std's Mean) leaves that tail empty."""
    def decorate(fn):
        @functools.wraps(fn)
        def op_with_named_errors(*args, **kwargs):
            try:
                return fn(*args, **kwargs)
            except (TypeError, ValueError) as err:
                if type(err) is TypeError and op in DISPATCHED:     # a wrong call: TF's dispatcher words it
                    reworded = dispatcher_error(err, fn)
                    if reworded is not None:
                        raise reworded from None
                # (a RaggedTensor's refusal is TF's ValueError as well: its composite_refusal mark says so)
                handler = handler_for(op, args, kwargs) \
                    if type(err) is TypeError or getattr(err, 'composite_refusal', False) else None
                if handler is None:     # else a RaggedTensor / SparseTensor argument the op cannot take: below
                    if passes_name:
                        given_name(err, call_name(fn, args, kwargs))
                    if _names(err, op):
                        raise       # named already (a kernel error keeps TF's text and names the op in a note)
                    kind = (type(err) if isinstance(err, (InvalidArgumentError, ConversionError))  # keeps TF's class
                            else TypeError if isinstance(err, TypeError) else ValueError)
                    if kind is ValueError and ('could not be broadcast' in str(err) or 'cannot be broadcast' in str(err)):
                        shapes = _incompatible_shapes(op, err)
                        raise (given_name(shapes, call_name(fn, args, kwargs)) if passes_name else shapes) from err
                    # the message stays the inner one (TensorFlow's text where the inner op gives it, as Keras 3's
                    # ops let it through); the note names the op, in the words this wrapper used to raise
                    named = err if type(err) is kind else kind(str(err))
                    named.add_note('%s: %s' % (op, err))
                    if named is err:
                        raise
                    raise named from err
            except OpError as err:        # not a TypeError / ValueError, so not InvalidArgumentError
                if passes_name:
                    given_name(err, call_name(fn, args, kwargs))
                if not _names(err, op):
                    err.add_note('raised inside %s' % op)
                raise
            return handler(*args, **kwargs)     # outside the except block: its own errors carry no context
        return op_with_named_errors
    return decorate


def _incompatible_shapes(op, err):
    """numpy's 'operands could not be broadcast together with shapes (2,3) (5,7)' (or its 'shape mismatch:
    objects cannot be broadcast ... arg 0 with shape (5, 7)') as TensorFlow's kernels say it: an
    InvalidArgumentError, 'Incompatible shapes: [2,3] vs. [5,7]'."""
    shapes = re.findall(r'\(([\d, ]*)\)', str(err).split('remapped')[0])
    text = ' vs. '.join('[%s]' % s.replace(' ', '').rstrip(',') for s in shapes) if shapes else str(err)
    words = '%s: Incompatible shapes: %s (the operands do not broadcast together)' % (op, text)
    kernel = broadcast_kernels.KERNELS.get(op)
    if kernel is None or not shapes:
        return InvalidArgumentError(words)
    return kernel_error(kernel, 'Incompatible shapes: %s' % text, named=True, note=words)   # TF's eager text


def _names(err, op):
    return op in str(err) or any(op in note for note in getattr(err, '__notes__', ()))


def _short(x):
    text = repr(x)
    return text if len(text) < 80 else text[:77] + '...'
