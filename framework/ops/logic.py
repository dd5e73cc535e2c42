"""Comparisons and boolean logic: values only, no gradients."""
import numpy as np

from ..composite import dispatch, has_composite
from ..errors import InvalidArgumentError, OpError, fast_path, kernel_error, noted
from ..given_op_name import given_name
from .. import backend, dtypes
from ..tensor import Tensor
from . import float_kernels
from .kernel_scalar_axis import checked_axis
from ..tape import record_blocked
from .bool_reduction_axis import axis_refusal
from .graph_input_errors import eager_input_error, input_mismatch
from .index_operands import refuse_out_dtype
from .type_attributes import refused_type
from .operands import ACTIVE, as_tensor, binary, named_errors, normalize_axis


_KERNELS = {'equal': 'Equal', 'not_equal': 'NotEqual', 'less': 'Less', 'less_equal': 'LessEqual',
            'greater': 'Greater', 'greater_equal': 'GreaterEqual'}


def _compare(name, fn, strings=None, ordered=False):
    def op(x, y, name=None, incompatible_shape_error=True):
        try:
            given = x, y        # as passed: a Python list among them changes TF's error text (its slow path)
            if strings is not None and _both_strings(x, y):
                x, y, dx, dy = x, y, as_tensor(x, name_)._data, as_tensor(y, name_)._data
                fn_ = lambda a, b: strings(a, b).astype(bool)      # noqa: E731  (object arrays compare to objects)
            else:
                try:
                    x, y, dx, dy = binary(x, y, name_)
                except TypeError:
                    if has_composite(x, y):         # a RaggedTensor: compared value by value (ragged/ragged_ops.py)
                        if incompatible_shape_error:
                            return dispatch(name_, x, y)
                        try:        # Tensor.__eq__ / __ne__: a ragged operand of another layout is just unequal
                            return dispatch(name_, x, y)
                        except (ValueError, InvalidArgumentError):
                            return name_ == 'not_equal'
                    raise
                fn_ = fn
                if ordered and (_is_complex(dx) or _is_complex(dy)):     # numpy orders complex values lexicographically
                    raise float_kernels.complex_error(name_, (dx if _is_complex(dx) else dy).dtype.name)
            if ACTIVE:
                record_blocked(name_, (x, y))     # so that a None gradient can name this op
            try:
                return Tensor(fn_(dx, dy))
            except ValueError:
                sx, sy = tuple(getattr(dx, 'shape', ())), tuple(getattr(dy, 'shape', ()))
                if not incompatible_shape_error:        # Tensor.__eq__ / __ne__: unequal, as one bool tensor
                    return Tensor(np.array(name_ == 'not_equal'))
                raise kernel_error(_KERNELS[name_], 'Incompatible shapes: [%s] vs. [%s]' % (
                    ','.join(map(str, sx)), ','.join(map(str, sy))), named=fast_path(*given),
                    note='%s: shapes %s and %s do not broadcast together' % (name_, sx, sy)) from None
        except OpError as error:
            given_name(error, name)
            raise
    name_ = name
    op.__name__ = op.__qualname__ = name   # (Python's argument errors print the qualname: 'greater()')
    op.__doc__ = 'Elementwise %s, broadcasting; a bool tensor.' % name
    return op


def _string_like(v):
    if isinstance(v, (str, bytes)):
        return True
    if not isinstance(v, (Tensor, list, tuple, np.ndarray)):
        return False
    data = v._data if isinstance(v, Tensor) else np.asarray(v)
    return data.dtype.kind in 'US' or (data.dtype == object and all(isinstance(e, (bytes, str)) for e in data.flat))


def _both_strings(x, y):
    # String tensors (object arrays of bytes) compare for equality only, as in TensorFlow.
    return _string_like(x) and _string_like(y)


equal = _compare('equal', lambda a, b: a == b, strings=np.equal)
not_equal = _compare('not_equal', lambda a, b: a != b, strings=np.not_equal)
less = _compare('less', lambda a, b: a < b, ordered=True)
less_equal = _compare('less_equal', lambda a, b: a <= b, ordered=True)
greater = _compare('greater', lambda a, b: a > b, ordered=True)
greater_equal = _compare('greater_equal', lambda a, b: a >= b, ordered=True)


def _is_complex(v):
    dtype = getattr(v, 'dtype', None)
    return dtype is not None and dtype.kind == 'c'


# the kernel whose eager dtype check refuses a non-bool operand (TF's logical_xor is built on LogicalOr)
_LOGICAL_KERNELS = {'logical_and': 'LogicalAnd', 'logical_or': 'LogicalOr', 'logical_xor': 'LogicalOr',
                    'logical_not': 'LogicalNot'}


def _not_bool(op, index, t):
    """TensorFlow's eager dtype-check text for operand ``index`` of a logical op, tapeflow's as a note."""
    kernel, name = _LOGICAL_KERNELS[op], t.dtype.name
    error = eager_input_error(kernel, index, 'bool', t.dtype)
    wanted = 'a bool tensor' if op == 'logical_not' else 'bool tensors'
    error.add_note('%s: expected %s, got %s; compare first (e.g. x > 0) or cast to bool' % (op, wanted, name))
    return input_mismatch(error, kernel, index, 'bool', t.dtype)     # (a TypeError where TF traces)


def _bool_pair(x, y, op):
    # The kernel's inputs are bool: numbers and arrays are converted to bool ("Cannot convert 1 to
    # EagerTensor of dtype bool"), tensors of another dtype fail the kernel's check below
    x, y = as_tensor(x, op, dtype=np.bool_), as_tensor(y, op, dtype=np.bool_)
    for index, t in enumerate((x, y)):
        if t._data.dtype.kind != 'b':
            raise _not_bool(op, index, t)
    return x._data, y._data


@named_errors('logical_and', passes_name=True)
def logical_and(x, y, name=None):
    a, b = _bool_pair(x, y, 'logical_and')
    return Tensor(a & b)


@named_errors('logical_or', passes_name=True)
def logical_or(x, y, name=None):
    a, b = _bool_pair(x, y, 'logical_or')
    return Tensor(a | b)


@named_errors('logical_xor')
def logical_xor(x, y, name=None):
    a, b = _bool_pair(x, y, 'logical_xor')
    return Tensor(a ^ b)


def _bool_tensor(x, op, axis=None):
    # TF 2.21's eager Any / All convert what is not a tensor to their bool input: numpy arrays and
    # scalars by numpy's cast (np.array([1., 0., nan]) -> [True, False, True], strings and complex too),
    # an empty list as an empty bool tensor, Python numbers and lists of them fail ('Cannot convert [1, 0]
    # to EagerTensor of dtype bool')
    try:
        t = x if isinstance(x, Tensor) else as_tensor(x, op, dtype=np.bool_)
    except TypeError as error:
        if str(error).startswith('Cannot convert'):
            raise noted(error, '%s: expected bool values, got %r; compare first (e.g. x > 0) or cast to bool'
                        % (op, x)) from None
        raise
    if t._data.dtype.kind != 'b':
        note = '%s: expected a bool tensor, got %s; compare first (e.g. x > 0) or cast to bool' % (op, t.dtype.name)
        kernel = _BOOL_KERNELS.get(op)
        if kernel:        # the kernel's input check, as TF's reductions meet it, unless the axis speaks first
            raise noted(axis_refusal(op, x, axis) or eager_input_error(kernel, 0, 'bool', t.dtype), note)
        raise InvalidArgumentError(note)
    return t


_BOOL_KERNELS = {'reduce_any': 'Any', 'reduce_all': 'All'}


def logical_not(x, name=None):
    try:
        try:
            # (non-tensors convert to LogicalNot's bool input as in _bool_tensor: numpy's cast, [] empty)
            x = x if isinstance(x, Tensor) else as_tensor(x, 'logical_not', dtype=np.bool_)
        except TypeError:      # a RaggedTensor (framework/ragged/ragged_array_dispatch.py); else re-raised
            return dispatch('logical_not', x)
        if x._data.dtype.kind != 'b':
            raise _not_bool('logical_not', 0, x)
        return Tensor(~x._data)
    except OpError as error:
        given_name(error, name)
        raise


def _arg(name, fn):
    def op(input, axis=None, output_type=dtypes.int64, name=None):  # noqa: A002  (TensorFlow's name)
        try:
            x = as_tensor(input, name_)
            if x._data.dtype.kind in 'OSUc':      # TF's ArgMax / ArgMin kernels have no string or complex type
                error = float_kernels.refusal('ArgMax' if name_ == 'argmax' else 'ArgMin', x.dtype.name)
                # TF's fast path: a ' name: ' tail (Keras's output_type='int32': none; a trace's TypeError: none)
                if fast_path(input) and not isinstance(output_type, str) and isinstance(error, OpError):
                    error = type(error)('%s name: %s' % (error, name or ''))
                error.add_note("%s: Value for attr 'T' of %s is not in the list of allowed values (numbers and bool); "
                               "got a tensor of shape %s" % (name_, x.dtype.name, tuple(x.shape)))
                raise error
            if name_ == 'argmin' and type(axis) is float and not (fast_path(input) and not isinstance(output_type, str)):
                # TF's slow path (Keras's output_type='int32', a list input) hands the float to ArgMin itself, whose
                # registry refuses a float Tidx (the fast path converts it to int32 first: 'Cannot convert 1.0 ...')
                raise noted(InvalidArgumentError("Value for attr 'Tidx' of float is not in the list of allowed values: "
                                                 'int32, int64\n\t; NodeDef: {{node ArgMin}}; '
                                                 + float_kernels._op_text(float_kernels.KERNELS['ArgMin'])),
                            'argmin: axis must be an integer, got %r' % (axis,))
            try:
                # TF 2.21's axis checks (argmax's Python ones, the kernels' conversion): kernel_scalar_axis.py
                (ax,) = normalize_axis(checked_axis(name_, input, axis), x.ndim, name_)
            except InvalidArgumentError as error:
                if (fast_path(input) and not isinstance(output_type, str)) or not str(error).endswith(' name: '):
                    raise
                # an output_type given by name ('int32', as Keras passes it) or a list input sends TF's call down
                # the slow path, whose kernel errors end at [Op:ArgMax]
                raise float_kernels._without_tail(error) from None
            if x._data.shape[ax] == 0:      # numpy's 'attempt to get argmax of an empty sequence'; TF's kernel words
                raise kernel_error('ArgMax' if name_ == 'argmax' else 'ArgMin', 'Reduction axis %d is empty in shape [%s]'
                                   % (_given_axis(axis, ax), ','.join(str(d) for d in x._data.shape)),
                                   named=fast_path(input) and not isinstance(output_type, str),     # (as above)
                                   note='%s: axis %d of shape %s holds no element to pick' % (name_, ax, tuple(x.shape)))
            if ACTIVE:
                record_blocked(name_, (x,))
            xp = backend.array_module(x._data)
            try:
                out = fn(xp, x._data, ax).astype(dtypes.numpy_dtype(output_type))
            except (TypeError, ValueError):     # a tensor, 'abc', 1.5: the op wrapper's make_type
                raise refused_type(output_type, 'output_type') from None
            if out.dtype.name not in _OUTPUT_TYPES[name_]:
                if output_type is None:     # TF's argmax / argmin: None is the default, int64
                    return op(input, axis, dtypes.int64)
                kernel = 'ArgMax' if name_ == 'argmax' else 'ArgMin'
                entry = float_kernels.KERNELS[kernel]
                signature = '%s; attr=T:type,allowed=[%s]%s' % (entry[1], ', '.join(
                    'DT_' + ('HALF' if t == 'half' else t.upper()) for t in entry[2]), entry[3])
                refuse_out_dtype(kernel, dtypes.as_dtype(output_type).name, True, name_, signature,
                                 _OUTPUT_TYPES[name_], 'output_type')
            return Tensor(out)
        except OpError as error:
            given_name(error, name)
            raise
    name_ = name
    op.__name__ = op.__qualname__ = name    # (Python's argument errors print the qualname: 'argmax()')
    op.__doc__ = 'Index of the %s along ``axis`` (default 0), as int64.' % name[3:]
    return op


# the output_type each kernel takes (ArgMax also int16 / uint16)
_OUTPUT_TYPES = {'argmax': ('int16', 'uint16', 'int32', 'int64'), 'argmin': ('int32', 'int64')}


def _given_axis(axis, ax):
    # TF's kernel prints the axis as given (-1 stays -1)
    try:
        return int(axis)
    except (TypeError, ValueError):
        return ax


def _skipping_nan(pick, sign):
    """numpy's argmax / argmin as Eigen's ArgMax / ArgMin reducers give them: these start from
    (index 0, the dtype's lowest / highest value) and take an element only when it is strictly
    greater / smaller, so a NaN never wins (numpy returns the first NaN) and a row where nothing
    beats the start value gives index 0."""
    def fn(xp, a, ax):
        if a.dtype.kind != 'f' or not xp.isnan(a).any():
            return pick(xp, a, ax)
        b = xp.where(xp.isnan(a), a.dtype.type(-sign * np.inf), a)
        found = pick(xp, b, ax)
        best = xp.take_along_axis(b, xp.expand_dims(found, ax), axis=ax).squeeze(ax)
        start = np.finfo(a.dtype).min if sign > 0 else np.finfo(a.dtype).max
        return xp.where(best * sign <= start * sign, 0, found)
    return fn


argmax_array = _skipping_nan(lambda xp, a, ax: xp.argmax(a, axis=ax), 1)     # (accuracy metrics' array form)
argmax = _arg('argmax', argmax_array)
argmin = _arg('argmin', _skipping_nan(lambda xp, a, ax: xp.argmin(a, axis=ax), -1))


def reduce_any(input_tensor, axis=None, keepdims=False, name=None):
    return _bool_reduction('reduce_any', 'any', input_tensor, axis, keepdims, name)


def reduce_all(input_tensor, axis=None, keepdims=False, name=None):
    return _bool_reduction('reduce_all', 'all', input_tensor, axis, keepdims, name)


def _bool_reduction(op, method, input_tensor, axis, keepdims, name):
    """``op`` (reduce_any / reduce_all): the array module's ``method`` over the axes of a bool tensor; a kernel
    error ends in the caller's ``name`` (given_op_name.py)."""
    try:
        try:
            x = _bool_tensor(input_tensor, op, axis)
        except TypeError:      # a RaggedTensor (framework/ragged/ragged_array_dispatch.py); else re-raised
            return dispatch(op, input_tensor, axis, keepdims)
        axes = normalize_axis(axis, x.ndim, op)
        return Tensor(getattr(backend.array_module(x._data), method)(x._data, axis=axes, keepdims=bool(keepdims)))
    except OpError as error:
        given_name(error, name)
        raise
