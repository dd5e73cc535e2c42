"""Tensors made from a shape or a range, on the current device."""
import numbers

import numpy as np

from ..errors import InvalidArgumentError, OpError, fast_path, kernel_error, noted
from ..given_op_name import given_name
from .. import dtypes
from ..autopacking import pack
from ..composite import map_ragged
from ..placement import current_xp
from ..ragged_shape_given import RaggedShapeGiven, ragged_given
from ..tensor import ConversionError, Tensor
from ..variable import Variable
from ..partial_shape_refusal import refuse_partial_shape
from ..tensor_shape import SHAPE_SEQUENCES, TensorShape
from .integer_arguments import refuse_non_integer
from .operands import _KERNEL_DTYPES, ACTIVE, as_tensor, named_errors, record
from .linspace import linspace  # noqa: F401  (tf.linspace, in its own file)
from .graph_input_errors import allowed_list_refusal, eager_input_error
from ..eager_graph_names import inside_function
from ..graph_conversion_errors import graph_conversion_error


_FILLS = ('zeros', 'ones', 'fill')     # ops TensorFlow runs as its Fill kernel, whose refusals they print


def _shape(shape, op):
    given = shape
    # unknown lengths: tf.fill's op builder names its input 'dims' in a tf.function; zeros / ones convert first
    if shape.__class__ is TensorShape and op in _FILLS:
        refuse_partial_shape(shape, '%s: a shape with unknown lengths has no values; use tf.shape(x)' % op,
                             'dims' if op == 'fill' else None)
    if isinstance(shape, (list, tuple)) and any(isinstance(d, Tensor) and d.ndim for d in shape):
        # TF packs such a list: a tensor that is no scalar there (the NMT tutorial's
        # rnn.get_initial_state(embedded) passes (batch_tensor, units)) is Pack's shape error
        pack(shape)
    if isinstance(shape, Tensor):
        if op in _FILLS and shape.dtype.name not in ('int32', 'int64'):
            raise _index_type_error(shape.dtype.name, op, True)
        shape = shape.numpy().tolist()
    if isinstance(shape, (np.ndarray, np.generic)) and shape.dtype.kind in 'fb' and op in _FILLS:
        shape = shape.astype(np.int64)      # TF converts a numpy shape to int32 as numpy casts: 2.5 -> 2
    if isinstance(shape, (int, np.integer)):
        shape = (shape,)
    try:
        dims = tuple(int(d) for d in shape)
        whole = all(d == i for d, i in zip(shape, dims))     # int() would cut 2.5 to 2 and read '3' as 3
        if op in _FILLS and any(isinstance(d, float) for d in shape):
            whole = False       # TensorFlow converts the shape to int32: a Python float never is one, not even 2.0
    except (TypeError, ValueError):
        whole = False
    if not whole:
        ragged_given(given)     # tf.shape(rt): zeros / ones / fill make a RaggedTensor (dynamic_shape_ops)
        note = '%s: shape must be a list of non-negative ints, got %r' % (op, given)
        if op not in _FILLS:
            raise TypeError(note)
        error = _fill_shape_error(given, op)
        error.add_note(note)
        raise error
    shape = dims
    if any(d < 0 for d in shape):
        note = '%s: shape must not have negative dimensions, got %s' % (op, shape)
        if op not in _FILLS:
            raise InvalidArgumentError(note)
        raise kernel_error('Fill', 'Dimension %d must be >= 0' % next(d for d in shape if d < 0),
                           named=_named(given, op), note=note)
    return shape


def _named(given, op):
    """Whether TF's Fill error ends in ' name: ': zeros and ones build a tensor first; fill of a Python
    list goes through the slow path, whose errors have no name."""
    return op != 'fill' or isinstance(given, (Tensor, np.ndarray, np.generic))


def _index_type_error(dtype_name, op, named):
    """Fill's registry error for dims of ``dtype_name``; in a trace op_def_library's TypeError naming 'dims'."""
    shown = _KERNEL_DTYPES.get(dtype_name, dtype_name)
    return allowed_list_refusal(InvalidArgumentError(
        "Value for attr 'index_type' of %s is not in the list of allowed values: int32, int64\n\t; NodeDef: "
        "{{node Fill}}; Op<name=Fill; signature=dims:index_type, value:T -> output:T; attr=T:type; "
        "attr=index_type:type,default=DT_INT32,allowed=[DT_INT32, DT_INT64]> [Op:Fill]%s"
        % (shown, ' name: ' if named else '')),
        'index_type', dtype_name, ('int32', 'int64'), 'dims:index_type, value:T -> output:T')


def _fill_shape_error(given, op):
    """TF's error for a Fill shape that is no vector of integers, in the order its conversion meets them."""
    try:
        array = np.asarray(given)
    except ValueError:
        array = None
    if array is not None and array.dtype == object and any(v is None for v in array.reshape(-1).tolist()):
        return _unknown_length_error(given, op)
    if isinstance(given, (list, tuple)) and (array is None or array.dtype.kind in 'OUS'):
        # a nested or mixed Python shape ((3, (2, 2)): a stacked RNN cell's nested state_size) is TF's
        # converter's refusal ('... mixed types' / 'non-rectangular ...'), or its None one where None leads
        if given and given[0] is None:
            return _unknown_length_error(given, op)
        try:
            as_tensor(given, op, np.int32)
        except (ValueError, TypeError) as error:
            return error
    if array is not None and array.dtype.kind in 'iu' and array.ndim > 1:
        return kernel_error('Fill', 'dims must represent a vector, got shape [%s]' % ','.join(map(str, array.shape)),
                            named=_named(given, op))
    if op == 'fill' and isinstance(given, str):
        return _index_type_error('string', op, False)
    return TypeError('Cannot convert %r to EagerTensor of dtype int32' % (given,))


def _unknown_length_error(given, op):
    """TF's refusal of a shape holding None (an unknown batch size: ops.zeros((x.shape[0], units)) in a
    layer that a functional model calls on an Input): eagerly the C++ converter's ValueError; where
    TensorFlow builds a graph (a tf.function, Keras's symbolic call) make_tensor_proto's TypeError,
    zeros and ones converting the shape to int32 ("Expected int32, but got None of type 'NoneType'."),
    fill with no dtype ('Failed to convert elements of (None, 3) to Tensor. ...')."""
    if not inside_function():
        if isinstance(given, (list, tuple)) and given and given[0] is not None:     # the converter's rule
            return ConversionError("Can't convert Python sequence with mixed types to Tensor.")
        return ConversionError("Attempt to convert a value (None) with an unsupported type (<class 'NoneType'>) "
                               "to a Tensor.")
    return graph_conversion_error(given, np.dtype(np.int32) if op in ('zeros', 'ones') else None)


_ONES_LIKE_TYPES = ('bfloat16', 'float16', 'float32', 'float64', 'int8', 'uint8', 'int16', 'uint16', 'int32', 'uint32',
                    'int64', 'uint64', 'complex64', 'complex128', 'bool')      # OnesLike's T, in its OpDef's order


def _constant_array(xp, shape, dtype, one, op):
    """zeros or ones of ``dtype``; a string tensor's zero is b'' (TensorFlow's), and strings have no
    one (TensorFlow's OnesLike refuses them), so ones of strings raise."""
    if dtype == np.dtype(object):
        if one:
            note = ("%s: string tensors have no ones (TensorFlow allows numbers and bools here); use "
                    "tf.fill(shape, 'text') for a string of your choice" % op)
            if op == 'ones_like':       # TF's OnesLike kernel refuses the dtype (a trace: op_def_library's)
                raise noted(allowed_list_refusal(InvalidArgumentError(
                    "Value for attr 'T' of string is not in the list of allowed values: bfloat16, half, float, double, "
                    "int8, uint8, int16, uint16, int32, uint32, int64, uint64, complex64, complex128, bool\n\t; "
                    "NodeDef: {{node OnesLike}}; Op<name=OnesLike; signature=x:T -> y:T; attr=T:type,allowed=["
                    "DT_BFLOAT16, DT_HALF, DT_FLOAT, DT_DOUBLE, DT_INT8, DT_UINT8, DT_INT16, DT_UINT16, DT_INT32, "
                    "DT_UINT32, DT_INT64, DT_UINT64, DT_COMPLEX64, DT_COMPLEX128, DT_BOOL]> [Op:OnesLike] name: "),
                    'T', 'string', _ONES_LIKE_TYPES, 'x:T -> y:T'), note)
            if op == 'ones':        # TF's ones converts the number 1 to the dtype
                raise noted(TypeError('Cannot convert 1 to EagerTensor of dtype string'), note)
            raise InvalidArgumentError(note)
        return np.full(shape, b'', dtype=object)
    return (xp.ones if one else xp.zeros)(shape, dtype)


def zeros(shape, dtype='float32', name=None):
    dtype = _fill_dtype(dtype)      # TF reads the dtype before the shape: tf.zeros(None, None) is as_dtype's error
    try:
        return Tensor(_constant_array(current_xp(), _shape(shape, 'zeros'), dtype, False, 'zeros'))
    except RaggedShapeGiven as given:
        from ..ragged import dynamic_shape_ops
        return dynamic_shape_ops.filled(given.shape, Tensor(_constant_array(current_xp(), (), dtype, False, 'zeros')))


def ones(shape, dtype='float32', name=None):
    dtype = _fill_dtype(dtype)      # TF reads the dtype before the shape: tf.ones(None, None) is as_dtype's error
    try:
        return Tensor(_constant_array(current_xp(), _shape(shape, 'ones'), dtype, True, 'ones'))
    except RaggedShapeGiven as given:
        from ..ragged import dynamic_shape_ops
        return dynamic_shape_ops.filled(given.shape, Tensor(_constant_array(current_xp(), (), dtype, True, 'ones')))


def _fill_dtype(dtype):
    if dtype is None:       # TF's as_dtype(None); numpy would make float64
        raise TypeError('Cannot convert the argument `type_value`: None to a TensorFlow DType.')
    return dtypes.numpy_dtype(dtype)


def fill(dims, value, name=None):
    try:
        if type(dims) in (list, tuple) and any(isinstance(d, float) for d in dims) \
                and all(isinstance(d, (int, float)) and not isinstance(d, bool) for d in dims):
            # a Python list of floats becomes Fill's float dims: its registry error (slow path, no ' name: ')
            error = _index_type_error('float32', 'fill', False)
            error.add_note('fill: dims must be integers, got %r' % (dims,))
            raise error
        v = as_tensor(value, 'fill')
        # Fill's check (numpy's full would broadcast the value instead); TF's eager kernel also takes a value of
        # one element along one axis (tf.fill([2], [1]) is [1 1]), where a trace's shape function wants rank 0
        if v.ndim != 0 and not (v.shape == (1,) and not inside_function()):
            raise kernel_error('Fill', 'value must represent a scalar, got shape [%s]' % ','.join(map(str, v.shape)),
                               named=fast_path(dims, value),
                               note='fill: value must be a scalar, got shape %s' % (tuple(v.shape),))
        try:
            dims = _shape(dims, 'fill')
        except RaggedShapeGiven as given:
            from ..ragged import dynamic_shape_ops
            return dynamic_shape_ops.filled(given.shape, v)
        out = Tensor(current_xp().full(dims, v.numpy() if v.ndim == 0 else v.numpy()[0], v.dtype))
        if ACTIVE:      # TF's Fill passes the value's gradient back as the sum over the filled tensor
            record('fill', (v,), out, (_FILL_VJP,))
        return out
    except OpError as error:
        given_name(error, name)
        raise


def _FILL_VJP(g, y, v):
    from .reductions import reduce_sum
    return reduce_sum(g)


def zeros_like(input, dtype=None, name=None):  # noqa: A002
    """Zeros of the input's shape (and dtype, unless given), on the input's device."""
    try:
        x = as_tensor(input, 'zeros_like')
    except TypeError:       # a RaggedTensor: zeros of its row layout (framework/composite.py)
        return map_ragged(input, lambda values: zeros_like(values, dtype), 'zeros_like')
    from ..backend import array_module
    return Tensor(_constant_array(array_module(x._data), x._data.shape, dtypes.numpy_dtype(dtype) or x._data.dtype,
                                  False, 'zeros_like'))


def ones_like(input, dtype=None, name=None):  # noqa: A002
    try:
        x = as_tensor(input, 'ones_like')
    except TypeError:       # a RaggedTensor: ones of its row layout
        return map_ragged(input, lambda values: ones_like(values, dtype), 'ones_like')
    from ..backend import array_module
    wanted = dtypes.numpy_dtype(dtype) or x._data.dtype
    # TF's OnesLike kernel runs for the input's own dtype; another dtype goes through tf.ones, whose string
    # case is the conversion of 1 (a TypeError, not OnesLike's registry error)
    return Tensor(_constant_array(array_module(x._data), x._data.shape, wanted, True,
                                  'ones_like' if wanted == x._data.dtype else 'ones'))


@named_errors('range')
def range(start, limit=None, delta=1, dtype=None, name='range'):  # noqa: A001
    """[start, limit) in steps of delta; int32 for ints, float32 for floats (as TensorFlow)."""
    if limit is None:
        start, limit = 0, start
    start, limit, delta = (_range_scalar(v, which) for v, which in ((start, 'start'), (limit, 'limit'), (delta, 'delta')))
    if dtype is None:       # first, as TF infers it: strings and bools fail its assert, None its conversion
        dtype = _range_dtype((start, limit, delta))
    else:
        missing = _refuse_range_dtype(dtypes.as_dtype(dtype).name, start)
        if missing is not None:
            return _range_without_kernel(missing, start, limit, delta, dtype)
    if dtypes.as_dtype(dtype).name == 'float16':
        _refuse_traced_half((start, limit, delta))
    for v in (start, limit, delta):
        if not isinstance(v, (int, float, np.integer, np.floating, Tensor)) or isinstance(v, bool):
            raise TypeError('range: start, limit and delta must be numbers, got %r (of type %s)'
                            % (v, type(v).__name__))
    values = [float(v) if isinstance(v, Tensor) and v._data.dtype.kind == 'f' else
              (int(v) if isinstance(v, Tensor) else v) for v in (start, limit, delta)]
    if values[2] == 0:
        raise kernel_error('Range', 'Requires delta != 0: 0', named=True, note='range: delta must not be 0')
    if dtype is not None and dtypes.as_dtype(dtype).is_integer:
        for v in (start, limit, delta):
            if isinstance(v, float) and not isinstance(v, np.floating):    # tensors and numpy scalars cast
                error = TypeError('Cannot convert %r to EagerTensor of dtype %s' % (v, dtypes.as_dtype(dtype).name))
                error.add_note('range: start, limit and delta must be Python ints for dtype=%s'
                               % dtypes.as_dtype(dtype).name)
                raise error
    # Range's kernel refuses a delta that walks away from the limit, where numpy gives nothing
    lo, hi, step = values
    if (step > 0 and hi < lo) or (step < 0 and hi > lo):
        from .. import unturned_loop_variables      # (late: it imports the trace's modules)
        if unturned_loop_variables.loops_on_range_inputs():     # (AutoGraph's loop of no turn: no Range op runs)
            empty = Tensor(current_xp().zeros([0], dtypes.numpy_dtype(dtype)))
            unturned_loop_variables.note_empty_range(empty, Tensor(current_xp().asarray(lo).astype(
                dtypes.numpy_dtype(dtype))))
            return empty
    if (step > 0 and not lo <= hi) or (step < 0 and not lo >= hi):      # NaN bounds fail too, as in Range
        words = 'start <= limit when delta > 0' if step > 0 else 'start >= limit when delta < 0'
        raise kernel_error('Range', 'Requires %s: %s/%s' % (words, _range_number(lo, dtype), _range_number(hi, dtype)),
                           named=True, note='range: start %s and limit %s do not lie in the direction of delta %s'
                           % (lo, hi, step))
    if abs((hi - lo) / step) > 2 ** 63 - 1:      # an infinite bound
        raise kernel_error('Range', 'Requires ((limit - start) / delta) <= 9223372036854775807', named=True,
                           note='range: %s to %s in steps of %s has no end' % (lo, hi, step))
    xp, np_dtype = current_xp(), dtypes.numpy_dtype(dtype)
    if np.dtype(np_dtype).kind != 'f' and dtypes.as_dtype(dtype).name != 'bfloat16':     # (bfloat16's kind is 'V')
        result = Tensor(xp.arange(*values).astype(np_dtype))
    else:
        # Range's kernel works in the result's dtype: size = ceil(|(limit - start) / delta|) and
        # element i = start + i * delta (arange's float64 steps differ: range(0., 1., .1)[9] is 0.90000004)
        lo, hi, step = (np.dtype(np_dtype).type(v) for v in values)
        size = int(np.ceil(np.abs((hi - lo) / step)))
        result = Tensor(lo + xp.arange(size).astype(np_dtype) * step)
    if not result._data.shape[0]:       # (a traced for loop over it gives its target the start)
        from .. import unturned_loop_variables      # (late: it imports the trace's modules)
        unturned_loop_variables.note_empty_range(result, Tensor(xp.asarray(values[0]).astype(np_dtype)))
    return result


_RANGE_TIDX = ('bfloat16', 'half', 'float', 'double', 'int8', 'int16', 'int32', 'int64', 'uint16', 'uint32', 'uint64')


def _refuse_traced_half(bounds):
    """In a trace (a tf.function, a Keras step) TF's graph infers a Range's length from constant bounds, and its
    shape function has no float16 case: raised as an InvalidArgumentError that the naming hook words as the graph's
    ValueError ('Unsupported dtype19 for ...': graph_shape_errors.range_error). Bounds read from tensors are not
    constants there: TF computes the range at run time, as here."""
    from ..eager_graph_names import inside_function
    if all(isinstance(v, (int, float, np.integer, np.floating)) and not isinstance(v, bool) for v in bounds) \
            and inside_function():
        error = InvalidArgumentError('range: a float16 range of constant bounds %s has no shape in a traced graph '
                                     '(TensorFlow refuses it); compute it in float32 and cast' % (tuple(bounds),))
        error.range_bounds = tuple(bounds)
        raise error


def _range_without_kernel(missing, start, limit, delta, dtype):
    """A Range of a Tidx no CPU kernel computes (``missing``: the eager NotFoundError): in a tf.function's trace TF
    builds the node and fails the graph's run (graph_missing_kernels: 'No OpKernel was registered to support Op
    'Range' ... [Tidx=DT_INT8]'), so the trace goes on with a stand-in of the range's length; else it raises."""
    from .. import graph_missing_kernels
    from ..eager_graph_names import inside_function
    if inside_function():
        length = range(start, limit, delta, dtype='int64')      # (its bounds' errors, as the int64 Range's)
        built = graph_missing_kernels.built_node(missing, Tensor(length._data.astype(dtypes.numpy_dtype(dtype))))
        if built is not None:
            return built
    raise missing


def _refuse_range_dtype(name, start):
    """TF converts the bounds to ``dtype`` (no string or bool holds 0), then Range's registry refuses a Tidx
    outside its list (uint8, complex): eagerly as the kernel's InvalidArgumentError, in a trace as the graph's
    op-definition TypeError. A Tidx in that list that no CPU kernel computes gives the eager NotFoundError, returned
    (None otherwise)."""
    if name in ('string', 'bool'):
        raise TypeError('Cannot convert %r to EagerTensor of dtype %s' % (start, name))
    shown = _KERNEL_DTYPES.get(name, name)
    from ..eager_graph_names import inside_function
    if shown not in _RANGE_TIDX and inside_function():
        raise TypeError("Value passed to parameter 'start' has DataType %s not in list of allowed values: bfloat16, "
                        'float16, float32, float64, int8, int16, int32, int64, uint16, uint32, uint64' % name)
    if shown not in _RANGE_TIDX:
        raise InvalidArgumentError(
            "Value for attr 'Tidx' of %s is not in the list of allowed values: %s\n\t; NodeDef: {{node Range}}; "
            "Op<name=Range; signature=start:Tidx, limit:Tidx, delta:Tidx -> output:Tidx; attr=Tidx:type,default="
            "DT_INT32,allowed=[%s]> [Op:Range] name: " % (shown, ', '.join(_RANGE_TIDX),
                                                           ', '.join('DT_' + t.upper() for t in _RANGE_TIDX)))
    if shown in ('int8', 'int16', 'uint16', 'uint32', 'uint64'):
        # in Range's op definition, but TF 2.21 has no CPU kernel for them
        from ..errors import NotFoundError
        error = NotFoundError(
            "Could not find device for node: {{node Range}} = Range[Tidx=DT_%s]\nAll kernels registered for op Range:"
            "\n  device='XLA_CPU_JIT'; Tidx in [DT_FLOAT, DT_DOUBLE, DT_INT32, DT_INT16, DT_INT8, DT_INT64, DT_BFLOAT16, "
            "DT_UINT16, DT_HALF, DT_UINT32, DT_UINT64]\n  device='DEFAULT'; Tidx in [DT_INT32]%s\n [Op:Range] name: "
            % (shown.upper(), ''.join("\n  device='CPU'; Tidx in [DT_%s]" % t
                                      for t in ('INT64', 'INT32', 'DOUBLE', 'FLOAT', 'BFLOAT16', 'HALF'))))
        error.add_note('range: TensorFlow computes int32, int64 and float ranges on the CPU; make an int32 range '
                       'and cast it to %s' % name)
        # the graph run's words: its attribute and the CPU's kernels (TF 2.21, notes progs/gradfuzz29/rg.py)
        error.missing_kernel = ('Range', shown.upper(), ["device='DEFAULT'; Tidx in [DT_INT32]"] + [
            "device='CPU'; Tidx in [DT_%s]" % t for t in ('INT64', 'INT32', 'DOUBLE', 'FLOAT', 'BFLOAT16', 'HALF')],
            'Tidx=DT_' + shown.upper())
        return error
    return None


def _range_scalar(v, which):
    """A tensor or array bound as the scalar Range's kernel reads: a one-element vector is taken
    (tf.range(tf.constant([3])) counts to 3), any other shape is its error."""
    if not isinstance(v, (Tensor, np.ndarray)) or not np.ndim(v):
        return v[()] if isinstance(v, np.ndarray) else v
    if np.ndim(v) == 1 and np.size(v) == 1:
        return Tensor(v._data.reshape(())) if isinstance(v, Tensor) else v.reshape(-1)[0]
    raise kernel_error('Range', '%s must be a scalar, not shape [%s]' % (which, ','.join(map(str, np.shape(v)))),
                       named=True, note='range: %s must be a number or a scalar tensor' % which)


# TensorFlow's range takes the widest of its arguments' dtypes in this order (an int64 limit gives
# int64: Dataset.range's elements); other dtypes fail its bare ``assert``.
_RANGE_DTYPES = ('int32', 'int64', 'float16', 'bfloat16', 'float32', 'float64')


def _range_dtype(arguments):
    """The dtype ``range`` infers: each argument's as convert_to_tensor gives it (a Python int int32, or
    int64 past int32; a Python float float32; numpy scalars and tensors their own), the widest in
    ``_RANGE_DTYPES``."""
    ranks = []
    for v in arguments:
        name = dtypes.display_name(as_tensor(v, 'range')._data.dtype)
        if name not in _RANGE_DTYPES:
            error = AssertionError()        # TF's bare assert over its arguments' dtypes
            error.add_note('range: start, limit and delta must be numbers, got %r (dtype %s)' % (v, name))
            raise error
        ranks.append(_RANGE_DTYPES.index(name))
    return dtypes.as_dtype(_RANGE_DTYPES[max(ranks)])


def _range_number(v, dtype):
    """A bound as Range's kernel prints it in ``dtype`` (5, 5.5, -0.9, 0.123457: six significant digits;
    a bfloat16 0.1 is 0.100098)."""
    if not isinstance(v, (float, np.floating)):
        return str(v)
    return '%g' % float(np.dtype(dtypes.numpy_dtype(dtype)).type(v) if dtypes.as_dtype(dtype).is_floating else v)


@named_errors('eye')
def eye(num_rows, num_columns=None, batch_shape=None, dtype='float32', name=None):
    _check_eye_arguments(num_rows, num_columns, batch_shape, dtype)
    xp = current_xp()
    (rows,) = _shape([num_rows], 'eye')
    columns = None if num_columns is None else _shape([num_columns], 'eye')[0]
    m = xp.eye(rows, columns, dtype=dtypes.numpy_dtype(dtype))
    if batch_shape is not None:
        m = xp.broadcast_to(m, tuple(batch_shape) + m.shape).copy()
    return Tensor(m)


def _check_eye_arguments(num_rows, num_columns, batch_shape, dtype):
    # TF's linalg eye checks Python sizes for integers, then fills ones (and zeros) of the diagonal's and the
    # batch's sizes: a negative size is Fill's error, a string dtype the ones' conversion error
    columns = num_rows if num_columns is None else num_columns
    if isinstance(num_rows, Variable) or isinstance(columns, Variable):
        # TF tests its sizes with is_tf_type, which a tf.Variable is not: it falls to the integer check
        raise TypeError('Arguments `num_rows` and `num_columns` must be positive integer values. Received: '
                        'num_rows=%s, num_columns=%s' % (num_rows, columns))
    if isinstance(num_rows, Tensor) or isinstance(columns, Tensor):
        # TF's diagonal size is minimum(num_rows, num_columns): Minimum refuses sizes of two dtypes
        # (eye(int32 tensor, float tensor): 'cannot compute Minimum as input #1(zero-based) ...')
        if not (isinstance(num_rows, Tensor) and isinstance(columns, Tensor) and num_rows.dtype == columns.dtype):
            from .arithmetic import minimum
            minimum(num_rows, columns)
        return
    if not all(isinstance(n, (numbers.Integral, np.integer)) for n in (num_rows, columns)):
        raise TypeError('Arguments `num_rows` and `num_columns` must be positive integer values. Received: '
                        'num_rows=%s, num_columns=%s' % (num_rows, columns))
    if isinstance(num_rows, bool) and isinstance(columns, bool):
        # TF's diagonal size np.minimum(True, True) is a NumPy bool, which its ones() refuses as a shape
        if isinstance(batch_shape, (list, tuple)) and batch_shape:
            raise ValueError("Can't convert Python sequence with mixed types to Tensor.")
        raise TypeError('Cannot convert [%r] to EagerTensor of dtype int32' % np.minimum(num_rows, columns))
    if isinstance(batch_shape, SHAPE_SEQUENCES) and None in batch_shape:
        # TF converts list(batch_shape) to a tensor: an unknown size (x.shape[:1] of a Keras batch) cannot be one
        from ..random import unknown_length_error
        error = unknown_length_error(list(batch_shape), list(batch_shape))
        error.add_note('eye: batch_shape must hold known sizes, got %s; use tf.shape(x) for sizes known when it '
                       'runs' % (batch_shape,))
        raise error
    sizes = [num_rows, columns] + (list(batch_shape) if isinstance(batch_shape, (list, tuple)) else [])
    negative = next((n for n in sizes if isinstance(n, (numbers.Integral, np.integer)) and n < 0), None)
    if negative is not None:
        raise kernel_error('Fill', 'Dimension %d must be >= 0' % negative, named=True,
                           note='eye: sizes must not be negative, got num_rows=%s, num_columns=%s, batch_shape=%s'
                                % (num_rows, num_columns, batch_shape))
    if dtypes.as_dtype(dtype).name == 'string':
        raise TypeError('Cannot convert 1 to EagerTensor of dtype string')


def _meshgrid_input(value):
    """TF 2.21 stacks each input (array_ops.stack(x)): a ragged list is Pack's shape error."""
    try:
        return as_tensor(value, 'meshgrid')
    except ValueError:
        if isinstance(value, (list, tuple)):
            from .shapes import stack
            stack(value)        # raises Pack's InvalidArgumentError where the rows differ
        raise


def meshgrid(*args, indexing='xy', name=None):
    """Coordinate grids from 1-D tensors, as ``tf.meshgrid``: with 'xy' the first
    two output axes are swapped (Cartesian), with 'ij' they are not (matrix).
    Built from reshape and broadcast_to, so gradients sum back to each input."""
    from .shapes import broadcast_to, reshape
    if indexing not in ('xy', 'ij'):
        raise noted(ValueError("Argument `indexing` parameter must be either 'xy' or 'ij', got '%s'" % (indexing,)),
                    "meshgrid: indexing must be 'xy' or 'ij', got %r" % (indexing,))      # TF 2.21's words
    tensors = [_meshgrid_input(a) for a in args]
    if not tensors:
        return []       # TF 2.21: no inputs, no grids
    if tensors[0]._data.dtype.kind == 'O':
        # TF multiplies each grid by ones(shapes, the first input's dtype): there is no string one
        raise noted(TypeError('Cannot convert 1 to EagerTensor of dtype string'),
                    'meshgrid: string inputs have no grids; got %s' % ', '.join(t.dtype.name for t in tensors))
    # TF 2.21 reshapes every input to a vector first: a scalar or a matrix gives its elements' grid
    tensors = [t if t.ndim == 1 else reshape(t, [-1]) for t in tensors]
    first_dtype = tensors[0]._data.dtype
    for t in tensors[1:]:
        # (TF 2.21 returns bool grids beside a float one: no refusal where a bool takes part)
        if t._data.dtype != first_dtype and 'b' not in (t._data.dtype.kind, first_dtype.kind):
            # TF multiplies each grid by ones of the first input's dtype: its Mul refuses the pair
            error = eager_input_error('Mul', 1, t.dtype, tensors[0].dtype)
            error.add_note('meshgrid: the inputs must have one dtype, got %s'
                           % ', '.join(x.dtype.name for x in tensors))
            raise error
    axes = list(range(len(tensors)))
    if indexing == 'xy' and len(tensors) > 1:
        axes[0], axes[1] = 1, 0
    shape = [0] * len(tensors)
    for t, ax in zip(tensors, axes):
        shape[ax] = t._data.shape[0]
    grids = []
    for t, ax in zip(tensors, axes):
        view = [1] * len(tensors)
        view[ax] = shape[ax]
        grids.append(broadcast_to(reshape(t, view), shape))
    return grids
