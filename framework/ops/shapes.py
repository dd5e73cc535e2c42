"""Ops that move elements around without arithmetic: reshape, broadcast,
transpose, concatenate, tile, pad, cast. Each gradient moves g back
the same way. Indexing (getitem, gather) lives in indexing.py; split in splitting.py, one_hot in one_hot_encoding.py."""
import numbers

import numpy as np

from ..composite import CompositeTensor, dispatch, map_elementwise
from ..errors import _EAGER_CPU, InvalidArgumentError, OpError, UnimplementedError, fast_path, kernel_error, noted
from ..given_op_name import given_name
from .. import backend, dtypes
from ..indexed_slices import IndexedSlices, map_values
from ..autopacking import holds_tensor
from ..partial_shape_refusal import refuse_partial_shape
from ..ragged_shape_given import RaggedShapeGiven, ragged_given
from ..tensor import ConversionError, Tensor, convert_to_tensor
from ..tensor_shape import TensorShape
from ..variable import Variable
from ..tape import record_blocked, sum_to_array
from .indexing import getitem
from .cast_packets import cast_float_to_int
from . import stand_in_lengths
from .index_operands import refuse_operand_dtype, refuse_out_dtype
from .list_operands import list_kernel_error, list_operands, list_tail_name, shape_text
from .operands import ACTIVE, as_tensor, named_errors, normalize_axis, record, snapshot
from .axis_errors import float_unstack_axis, int32_converted
from .graph_input_errors import eager_input_error, kernel_dtype_name
from .axis_attr_refusal import axis_attr_refusal
from ..tf_python_names import tf_named
from .type_attributes import refused_type


def _ints(shape, op):
    given = shape
    if isinstance(shape, Tensor):
        shape = shape.numpy().tolist()
    if isinstance(shape, (int, np.integer)):
        if op == 'broadcast_to':        # TF's BroadcastTo takes no scalar shape (tf.zeros(3) and reshape(x, 5) do)
            raise kernel_error('BroadcastTo', 'shape must be a vector of {int32,int64}, got shape []',
                               named=fast_path(given), note='broadcast_to: give the shape as a list, e.g. [%d]' % shape)
        return (int(shape),)
    if shape is None:
        _unknown_dim(op, shape)
    # reshape / broadcast_to name their input 'shape' when a graph's op builder refuses it (transpose: 'perm')
    refuse_partial_shape(shape, '%s: a shape with unknown lengths has no values; use tf.shape(x)' % op,
                         {'reshape': 'shape', 'broadcast_to': 'shape', 'transpose': 'perm'}.get(op))
    try:
        ints = tuple(_unknown_dim(op, given) if d is None else int(d) for d in shape)
        whole = all(d is None or d == i for d, i in zip(shape, ints))     # int() would cut 2.5 to 2
    except ConversionError:
        raise
    except (TypeError, ValueError) as err:
        if getattr(err, 'tf_graph_conversion', False):
            raise
        whole = False
    if not whole:
        ragged_given(given)     # tf.shape(rt): reshape / broadcast_to make a RaggedTensor (dynamic_shape_ops)
    if op in _FLOAT_REFUSING and (not whole or float in map(type, shape)):
        refuse_operand_dtype(op, given)     # TF's kernel takes no float shape, not even (3., 2.)
    if not whole:
        note = '%s: expected a shape (a list of ints), got %r' % (op, shape)
        if op == 'reshape':
            _refuse_reshape_operand(given, note)
        raise InvalidArgumentError(note)
    return ints


def _refuse_reshape_operand(given, note):
    """Reshape's words for a shape of strings (its Tshape attribute) or of another rank than 1 (its kernel)."""
    try:
        array = np.asarray(backend.to_host(given._data) if isinstance(given, Tensor) else given)
    except ValueError:
        return
    if array.dtype.kind in 'USO':
        raise noted(InvalidArgumentError(
            "Value for attr 'Tshape' of string is not in the list of allowed values: int32, int64\n\t; NodeDef: "
            "{{node Reshape}}; Op<name=Reshape; signature=tensor:T, shape:Tshape -> output:T; attr=T:type; "
            "attr=Tshape:type,default=DT_INT32,allowed=[DT_INT32, DT_INT64]> [Op:Reshape]%s"
            % (' name: ' if isinstance(given, Tensor) else '')), note)
    if array.ndim != 1 and array.dtype.kind in 'iu':
        raise kernel_error('Reshape', 'sizes input must be 1-D, not [%s]' % ','.join(map(str, array.shape)),
                           named=fast_path(given), note=note)


_FLOAT_REFUSING = frozenset(('reshape', 'tile', 'transpose'))


def _unknown_dim(op, given):
    """-1 for a None in the shape of an op that reads it so (a TensorShape holding None was refused before, in
    refuse_partial_shape's words); a Python list or tuple holding None
    is no shape TensorFlow's reshape, broadcast_to or tile converts (tf.reshape(x, [None, 3])): eagerly the C++
    converter's ValueError, where TensorFlow builds a graph (a tf.function, Keras's symbolic call of a
    layer on an Input of unknown batch size) make_tensor_proto's TypeError ('Failed to convert elements
    of (None, 3) to Tensor. ...')."""
    if op in ('reshape', 'broadcast_to', 'tile') and (given is None or isinstance(given, (list, tuple))):
        from ..eager_graph_names import inside_function     # (it imports this module)
        from ..graph_conversion_errors import graph_conversion_error
        if inside_function() and given is not None:
            error = graph_conversion_error(given, None)
            error.tf_graph_conversion = True        # (_ints lets it through)
        elif given and given[0] is not None:     # the eager converter names None only when it leads
            error = ConversionError("Can't convert Python sequence with mixed types to Tensor.")
        else:
            error = ConversionError("Attempt to convert a value (None) with an unsupported type (<class "
                                    "'NoneType'>) to a Tensor.")
        if op == 'reshape':
            error.add_note('reshape: a shape holds ints, one of them -1 for the size to infer; got %r' % (given,))
        else:
            error.add_note('%s: a shape holds known lengths; got %r' % (op, given))
        raise error
    return -1


def reshape(tensor, shape, name=None):
    """The same elements in a new shape (one dimension may be -1)."""
    try:
        try:
            x = as_tensor(tensor, 'reshape')
        except (TypeError, ValueError):      # a RaggedTensor (framework/composite.py); else re-raised
            return dispatch('reshape', tensor, shape)
        try:
            ints = _ints(shape, 'reshape')
        except RaggedShapeGiven as given:
            from ..ragged import dynamic_shape_ops
            return dynamic_shape_ops.reshape(x, given.shape)
        # (TF's kernel errors end in ' name: ' unless the tensor or the shape given is a list, a string or a
        # numpy scalar: fast_path)
        if any(d < -1 for d in ints):      # numpy reads any negative size as -1
            _refuse_reshape(x, ints, fast_path(tensor, shape))
        try:
            out = Tensor(snapshot(x).reshape(ints))
        except ValueError:
            _refuse_reshape(x, ints, fast_path(tensor, shape))
            # 0 values into a shape holding a 0 and a -1: TF's kernel fills the -1 with the product of the
            # input's nonzero sizes over that of the shape's ((0, 3) to (-1, 0) is (3, 0)); numpy refuses
            nonzero = int(np.prod([d for d in x._data.shape if d], dtype=np.int64))
            missing = nonzero // int(np.prod([d for d in ints if d > 0], dtype=np.int64))
            out = Tensor(snapshot(x).reshape([missing if d == -1 else d for d in ints]))
        if ACTIVE:
            in_shape = x._data.shape
            record('reshape', (x,), out, (lambda g, y, x: reshape(g, in_shape),))
        return out
    except OpError as error:
        given_name(error, name)
        raise


def _refuse_reshape(x, shape, named=False):
    """Raise TensorFlow's Reshape kernel error for a shape numpy refused (or would misread); returns
    only for 0 values into a shape holding a 0 and a -1, which TensorFlow allows (see reshape)."""
    size = x._data.size
    note = ('reshape: cannot reshape a tensor with %d elements (shape %s) to shape %s; the sizes must multiply '
            'to %d, with at most one -1 standing for the rest' % (size, tuple(x.shape), shape, size))
    unknown = [i for i, d in enumerate(shape) if d == -1]
    for i, d in enumerate(shape):
        if d < -1:
            raise kernel_error('Reshape', 'Size %d must be non-negative, not %d' % (i, d), named=named, note=note)
    if len(unknown) > 1:
        raise kernel_error('Reshape', 'Only one input size may be -1, not both %d and %d' % tuple(unknown[:2]),
                           named=named, note=note)
    known = int(np.prod([d for d in shape if d != -1], dtype=np.int64))
    if unknown and known and size % known:
        raise kernel_error('Reshape', 'Input to reshape is a tensor with %d values, but the requested shape '
                                      'requires a multiple of %d' % (size, known), named=named, note=note)
    if (not unknown or not known) and known != size:
        error = kernel_error('Reshape', 'Input to reshape is a tensor with %d values, but the requested shape has %d'
                             % (size, known), named=named, note=note)
        error.reshape_sizes = (size, known)     # a symbolic call's batch-of-1 run finds the batch from them
        raise error


@tf_named('squeeze_v2')
def squeeze(input, axis=None, name=None):  # noqa: A002
    """Remove size-1 dimensions (all of them, or those in ``axis``)."""
    try:
        x = as_tensor(input, 'squeeze')
    except TypeError:       # a RaggedTensor: TF dispatches squeeze to ragged_squeeze_op
        from ..composite import dispatch
        return dispatch('squeeze', input, axis)
    if axis is None:
        shape = tuple(d for d in x._data.shape if d != 1)
    else:
        if isinstance(axis, (Tensor, np.ndarray)) and axis.ndim:
            # TF wraps only a scalar (np.isscalar) in a list: the op refuses any other non-list
            raise noted(TypeError("Expected list for 'axis' argument to 'squeeze' Op, not %r." % (axis,)),
                        'squeeze: axis must be an int or a list of ints, got shape %s' % (tuple(axis.shape),))
        given, axis = axis, _squeeze_dims_attr(axis)
        named = fast_path(input) and axis is given      # (a float axis sends TF down its slow path: no tail)
        if x.ndim == 0:
            first = axis[0] if isinstance(axis, (list, tuple)) and len(axis) else axis
            if isinstance(first, (int, np.integer)):
                raise kernel_error('Squeeze', 'Tried to squeeze dim index %d for tensor with 0 dimensions.' % first,
                                   named=named,
                                   note='squeeze: a scalar (shape ()) has no axis %r to squeeze' % (axis,))
        axes = normalize_axis(axis, x.ndim, 'squeeze')
        for a in axes:
            if x._data.shape[a] != 1:
                raise kernel_error('Squeeze', 'Can not squeeze dim[%d], expected a dimension of 1, got %d'
                                   % (a, x._data.shape[a]), named=named,
                                   note='squeeze: cannot squeeze axis %d of size %d (shape %s)'
                                        % (a, x._data.shape[a], tuple(x.shape)))
        shape = tuple(d for i, d in enumerate(x._data.shape) if i not in axes)
    return reshape(x, shape)


def _squeeze_dims_attr(axis):
    """``axis`` as TF's Squeeze takes it, as its list(int) attribute: a float is cut to an int (1.0 is
    axis 1), a bool is its int (True is axis 1, as TF 2.21 squeezes), a string refused in the attribute's words."""
    items = axis if isinstance(axis, (list, tuple)) else [axis]
    if not any(isinstance(a, (float, np.floating, str, bytes, bool, np.bool_)) for a in items):
        return axis
    for a in items:
        if isinstance(a, (str, bytes)):
            raise noted(TypeError("Expected int for argument 'axis' not %r." % (a,)),
                        'squeeze: an axis must be an integer (or a list of them), got %r' % (axis,))
    ints = [int(a) if isinstance(a, (float, np.floating, bool, np.bool_)) else a for a in items]
    return ints if isinstance(axis, (list, tuple)) else ints[0]


@tf_named('expand_dims_v2')
@named_errors('expand_dims', passes_name=True)
def expand_dims(input, axis, name=None):  # noqa: A002
    """Insert a size-1 dimension at ``axis``."""
    x = as_tensor(input, 'expand_dims')
    refusal = axis_attr_refusal('ExpandDims', 'expand_dims', input, axis)
    if refusal is not None:
        raise refusal
    # a numpy float or bool is cast to int32 (a Python bool too, which takes TF's slow path here)
    axis = np.int32(axis) if isinstance(axis, bool) else int32_converted('expand_dims', axis)
    if isinstance(axis, (int, np.integer)) and not -x.ndim - 1 <= axis <= x.ndim:
        raise kernel_error('ExpandDims', 'Tried to expand dim index %d for tensor with %d dimensions.'
                           % (axis, x.ndim), named=fast_path(input) and not isinstance(axis, np.integer),
                           note='expand_dims: axis %d is out of range for a tensor of rank %d (axes lie in [%d, %d])'
                           % (axis, x.ndim, -x.ndim - 1, x.ndim))
    if axis is None:        # TF converts the axis to a tensor
        raise noted(ValueError("Attempt to convert a value (None) with an unsupported type (<class 'NoneType'>) to "
                               "a Tensor."), 'expand_dims: axis must be an integer, got None')
    if isinstance(axis, (list, tuple, np.ndarray)) and np.size(axis) != 1:
        raise kernel_error('ExpandDims', "'dim' must be a tensor with a single value", named=fast_path(input, axis),
                           note='expand_dims: axis must be one integer, got %r' % (axis,))
    (axis,) = normalize_axis(axis, x.ndim + 1, 'expand_dims')     # an axis of the result
    shape = list(x._data.shape)
    shape.insert(axis, 1)
    return reshape(x, shape)


def broadcast_to_text(source, target):
    """TensorFlow's BroadcastTo kernel text for ``source`` that does not broadcast to ``target``: the
    rank first, then 'Incompatible shapes' where the two do not broadcast together at all, else 'Unable
    to broadcast' ([8, 3] and [8, 1] do, to [8, 3], which is not the target)."""
    if len(source) > len(target):
        return 'Rank of input (%d) must be no greater than rank of output shape (%d).' % (len(source), len(target))
    dims = '[%s]' % ','.join(map(str, source)), '[%s]' % ','.join(map(str, target))
    try:
        np.broadcast_shapes(tuple(source), tuple(target))
    except ValueError:
        return 'Incompatible shapes: %s vs. %s' % dims
    return 'Unable to broadcast tensor of shape %s to tensor of shape %s' % dims


def _broadcast_to_error(x, shape):
    """TensorFlow's BroadcastTo kernel error, tapeflow's words as a note."""
    return kernel_error('BroadcastTo', broadcast_to_text(x._data.shape, shape),
                        note='broadcast_to: cannot broadcast shape %s to %s' % (tuple(x.shape), shape))


def broadcast_to(input, shape, name=None):  # noqa: A002
    """Broadcast to ``shape``; the gradient sums back (in the tape's sweep)."""
    try:
        x = as_tensor(input, 'broadcast_to')
        if type(shape) is not tuple or float in map(type, shape):
            # BroadcastTo takes int32 / int64 sizes: TF 2.21 refuses a float list or a tensor of another dtype in
            # its registry's words, but casts a numpy float array to int32 first (np.array([2.5]) is [2])
            refuse_operand_dtype('broadcast_to', shape)
            if isinstance(shape, np.ndarray) and shape.dtype.kind == 'f':
                shape = shape.astype(np.int32)
        try:
            shape = _ints(shape, 'broadcast_to')
        except RaggedShapeGiven as given:
            from ..ragged import dynamic_shape_ops
            return dynamic_shape_ops.broadcast_to(x, given.shape)
        if shape and min(shape) < 0:        # the kernel's check (numpy said 'negative dimensions are not allowed')
            raise kernel_error('BroadcastTo', 'Dimension %d must be >= 0' % next(d for d in shape if d < 0),
                               note='broadcast_to: shape %s has a negative size' % (shape,))
        data = snapshot(x)
        if data.ndim > len(shape):          # the kernel checks the ranks before the sizes
            raise kernel_error('BroadcastTo', 'Rank of input (%d) must be no greater than rank of output shape (%d).'
                               % (data.ndim, len(shape)),
                               note='broadcast_to: cannot broadcast shape %s to %s' % (tuple(x.shape), shape))
        # A filled new array: numpy's broadcast_to view costs several microseconds of
        # Python, and the consumers of a broadcast gradient run faster on contiguous data.
        out = backend.array_module(data).empty(shape, data.dtype)
        try:
            out[...] = data
        except ValueError:
            raise _broadcast_to_error(x, shape) from None
        out = Tensor(out)
        if ACTIVE:
            record('broadcast_to', (x,), out, _PASS_THROUGH)
        return out
    except OpError as error:
        given_name(error, name)
        raise


@named_errors('sum_to')
def sum_to(x, shape):
    """Sum ``x`` down to ``shape``: the inverse of broadcasting, shared by every op."""
    if type(x) is not Tensor:
        x = as_tensor(x, 'sum_to')
    a = x._data
    out = Tensor(sum_to_array(a, tuple(shape)))     # the array sweep's own sum_to, so both agree
    if ACTIVE:
        in_shape = a.shape
        record('sum_to', (x,), out, (lambda g, y, x: broadcast_to(g, in_shape),))
    return out


def _checked_perm(perm, shape, named=False):
    """``perm`` with negative axes counted from the end, checked as TensorFlow's Transpose kernel
    checks it (its order and words; tapeflow's own in a note). ``named``: whether the error ends in a
    bare ' name: ' (TF's fast path, where perm was a tensor or array: transpose runs in a name scope)."""
    dims = len(shape)
    note = 'transpose: perm %s is not a permutation of the %d axes of shape %s' % (perm, dims, tuple(shape))
    if len(perm) != dims:
        raise kernel_error('Transpose', 'transpose expects a vector of size %d. But input(1) is a vector of size %d'
                           % (dims, len(perm)), named=named, note=note)
    adjusted = tuple(p + dims if p < 0 else p for p in perm)
    for p in adjusted:
        if not 0 <= p < dims:
            raise kernel_error('Transpose', '%d is out of range [0 .. %d)' % (p, dims), named=named, note=note)
    for i in range(dims):
        if i not in adjusted:
            raise kernel_error('Transpose', '%d is missing from {%s}.' % (i, ','.join(map(str, adjusted))),
                               named=named, note=note)
    return adjusted


@tf_named('transpose_v2')
def transpose(a, perm=None, conjugate=False, name=None):
    """Permute dimensions (reverse them when ``perm`` is None)."""
    x = as_tensor(a, 'transpose')
    perm = tuple(range(x.ndim))[::-1] if perm is None else _checked_perm(_ints(perm, 'transpose'), x.shape,
                                                                         fast_path(perm))
    xp = backend.array_module(x._data)
    out = Tensor(xp.transpose(snapshot(x), perm))
    if ACTIVE:
        inverse = tuple(int(i) for i in np.argsort(perm))
        record('transpose', (x,), out, (lambda g, y, x: transpose(g, inverse),))
    if conjugate and x._data.dtype.kind == 'c':     # TF's ConjugateTranspose; real dtypes ignore the flag
        from .complex_parts import conj
        out = conj(out)
    return out


@named_errors('concat')
def concat(values, axis, name=None):
    """Join tensors along an existing axis."""
    if axis is None:          # normalize_axis reads None as every axis: one-axis inputs were joined silently
        raise noted(ValueError("Attempt to convert a value (None) with an unsupported type (<class 'NoneType'>) to a "
                               "Tensor."), 'concat: axis must be an integer, got None')
    if not isinstance(values, (list, tuple, CompositeTensor)):
        values = [values]         # TensorFlow wraps a lone value in a list
    if isinstance(values, (list, tuple)) and len(values) == 1 and not isinstance(values[0], CompositeTensor):
        # the degenerate concat, of a string or number too (tf.concat('ab', 0) is 'ab')
        only = values[0]
        return _concat_of_one(only if isinstance(only, (Tensor, np.ndarray)) else convert_to_tensor(only), axis)
    if isinstance(values, (list, tuple)) and not values:
        raise _empty_concat_error(axis, name or 'concat')
    try:
        tensors = list_operands(values, 'concat', 'ConcatV2', name or 'concat')
    except TypeError:      # RaggedTensors or SparseTensors (framework/composite.py); else re-raised
        return dispatch('concat', values, axis)
    ax = _concat_axis(tensors, axis, name or 'concat', values)
    tensors = stand_in_lengths.matched_axes(tensors, ax)    # (a trace's stand-in lengths: TF's graph merges them)
    xp = backend.array_module(tensors[0]._data)
    try:
        out = Tensor(xp.concatenate([t._data for t in tensors], axis=ax))
    except ValueError:
        raise _concat_shapes_error(tensors, ax, list_tail_name(values, name or 'concat')) from None
    if ACTIVE:
        bounds = np.cumsum([0] + [t._data.shape[ax] for t in tensors])
        vjps = tuple(_slicer(ax, int(lo), int(hi)) for lo, hi in zip(bounds[:-1], bounds[1:]))
        record('concat', tuple(tensors), out, vjps)
    return out


def _concat_of_one(value, axis):
    """TensorFlow's degenerate concat: the value itself (identity), whatever the axis, which
    must only be a scalar integer (TF converts it with convert_to_tensor(axis, name='concat_dim', dtype=int32):
    a float tensor is 'concat_dim: Tensor conversion requested dtype int32 for Tensor with dtype float32 ...')."""
    converted = convert_to_tensor(axis, dtype='int32', name='concat_dim')
    if converted.ndim != 0:
        raise ValueError('Shape %s must have rank 0' % (TensorShape(converted.shape),))
    return identity(value)


def _empty_concat_error(axis, name):
    """TF 2.21 sends an empty list to the ConcatV2 kernel, which no registration fits: its message then
    quotes a kernel definition behind bytes that differ from run to run ('goo.gle/debugonly'), left out here."""
    index = 'DT_INT64' if getattr(getattr(axis, 'dtype', None), 'name', None) == 'int64' else 'DT_INT32'
    error = InvalidArgumentError("OpKernel 'ConcatV2' has constraint on attr 'T' not in NodeDef '[N=0, Tidx=%s]', "
                                 "KernelDef: 'op: \"ConcatV2\" device_type: \"CPU\" constraint { name: \"T\" "
                                 "allowed_values { list { type: DT_QINT32 } } } host_memory_arg: \"axis\"' "
                                 "[Op:ConcatV2] name: %s" % (index, name))
    error.add_note('concat: values is an empty list; pass at least one tensor')
    return error


def _slicer(axis, lo, hi):
    index = (slice(None),) * axis + (slice(lo, hi),)
    return lambda g, y, *inputs: getitem(g, index)


@named_errors('stack')
def _stacked_rows(values, axis):
    """One tensor or array given to tf.stack along an axis other than 0, as TF 2.21's Pack takes it: its fast path
    iterates a tensor (or variable) into its rows and a 1-D array into its numbers, refuses an array of higher
    rank; a float axis sends the call to the slow path, which wants a list."""
    if isinstance(axis, (float, np.floating)):
        raise noted(TypeError("Expected list for 'values' argument to 'pack' Op, not %r." % (values,)),
                    'stack: give a list of tensors (and an int axis), got one %s' % type(values).__name__)
    if isinstance(values, np.ndarray):
        if values.ndim > 1:
            raise noted(ValueError('expected a sequence for attr N, got an ndarray with rank %d instead'
                                   % values.ndim), 'stack: give a list of arrays, got one array of shape %s'
                        % (values.shape,))
        return values
    return unstack(values)


def stack(values, axis=0, name=None):
    """Join tensors of one shape along a new axis."""
    if axis == 0 and isinstance(values, (numbers.Number, str, bytes, np.generic)):
        return convert_to_tensor(values)        # TensorFlow's stack tries convert_to_tensor(values) first
    if isinstance(values, (str, bytes)) and isinstance(axis, (int, np.integer)) and not -1 <= axis < 1:
        # (TF checks axis against the rank of values[0], a one-character string, plus one)
        raise noted(ValueError('Argument `axis` = %s not in range [-1, 1)' % axis),
                    'stack: %r is one string, not a list of tensors' % (values,))
    if not hasattr(values, '__getitem__'):       # a generator, a set, a map: TF's stack reads values[0]
        raise noted(TypeError("'%s' object is not subscriptable" % type(values).__name__),
                    'stack: pass a list of tensors, e.g. list(...) of the %s' % type(values).__name__)
    if axis == 0 and _plain_numbers(values):
        try:
            return convert_to_tensor(values)       # TensorFlow packs a list of numbers as one constant ([1, 2.5]: float32)
        except (TypeError, ValueError):
            pass        # arrays of two shapes: TF then packs them one by one, and Pack names the shapes
    if axis == 0 and isinstance(values, (Tensor, np.ndarray)):
        return identity(values)        # TensorFlow's stack tries convert_to_tensor(values) first along axis 0
    if isinstance(values, (Tensor, np.ndarray)) and isinstance(axis, (int, np.integer, float, np.floating)):
        if not -values.ndim <= axis < values.ndim:      # TF's range check, by the rank of values[0] plus one
            raise noted(ValueError('Argument `axis` = %s not in range [%d, %d)' % (axis, -values.ndim, values.ndim)),
                        'stack: axis %s for tensors of rank %d' % (axis, values.ndim - 1))
        values = _stacked_rows(values, axis)
    if isinstance(values, (list, tuple)) and not values:     # TF reads values[0]'s rank to check axis
        raise noted(IndexError('list index out of range'), 'stack: nothing to stack along axis %r' % (axis,))
    if axis == 0 and isinstance(values, (list, tuple)):
        # TF's stack tries convert_to_tensor(values) first along axis 0, whose packing refuses a
        # Keras variable as the first tensor (an AttributeError, not among the errors stack catches)
        from ..autopacking import first_tensor_dtype
        first_tensor_dtype(values)
    try:
        named = 'stack' if name is None else name       # (autopacking's nested lists: '')
        tensors = list_operands(values, 'stack', 'Pack', named)
    except TypeError:      # RaggedTensors or SparseTensors (framework/composite.py); else re-raised
        return dispatch('stack', values, axis)
    rank = tensors[0].ndim + 1
    if not isinstance(axis, (int, np.integer)) or not -rank <= axis < rank:
        if isinstance(axis, (float, np.floating)) and -rank <= axis < rank:
            axis = int(axis)        # Pack's int attribute truncates a float axis (stack(.., axis=1.5) is axis 1)
        elif isinstance(axis, (int, np.integer, float, np.floating)):     # TF's Python check, before the kernel
            error = ValueError('Argument `axis` = %s not in range [%d, %d)' % (axis, -rank, rank))
            error.add_note('stack: axis %s for tensors of rank %d' % (axis, rank - 1))
            raise error
        elif isinstance(axis, (str, bytes)):        # TF's Python range check compares it with an int
            raise noted(TypeError("'<' not supported between instances of '%s' and 'int'" % type(axis).__name__),
                        'stack: axis must be an integer, got %r' % (axis,))
        else:
            (axis,) = normalize_axis(axis, rank, 'stack')
    tensors = stand_in_lengths.matched_axes(tensors)
    for index, t in enumerate(tensors[1:], 1):
        if t._data.shape != tensors[0]._data.shape:
            if axis == 0 and holds_tensor(values) and not all(isinstance(v, Tensor) for v in values):
                named = ''      # TF's stack packs a list that mixes tensors with other values in a name scope
            else:
                named = list_tail_name(values, named)
            raise list_kernel_error('Pack', len(tensors), 'Shapes of all inputs must match: values[0].shape = %s '
                                    '!= values[%d].shape = %s' % (shape_text(tensors[0].shape), index,
                                                                  shape_text(t.shape)),
                                    named, 'stack: all tensors must have the same shape, got %s'
                                    % [tuple(t.shape) for t in tensors])
    ax = axis % rank
    return concat([expand_dims(t, ax) for t in tensors], ax)


@named_errors('unstack')
def unstack(value, num=None, axis=0, name=None):
    """Split along ``axis`` into a list of tensors of one rank less."""
    x = as_tensor(value, 'unstack')
    if num is not None and (isinstance(num, (str, bytes, list, tuple)) or getattr(num, 'ndim', 0)):
        # Unpack's make_int: a string, list or non-scalar tensor is no int
        raise noted(TypeError("Expected int for argument 'num' not %r." % (num,)),
                    'unstack: num must be an int, got %r' % (num,))
    if isinstance(axis, (float, np.floating)):
        axis = float_unstack_axis(axis, num, x.ndim)
    elif isinstance(axis, bool):
        axis = int(axis)        # TF indexes the shape's list of dims with it: True is axis 1
    elif num is None and (isinstance(axis, np.bool_) or (isinstance(axis, np.ndarray) and axis.ndim == 0
                                                         and axis.dtype.kind not in 'iu')):
        # ... which a numpy bool or a 0-d float array cannot index (Python's TypeError, as TF raises it)
        raise noted(TypeError('list indices must be integers or slices, not numpy.bool' if isinstance(axis, np.bool_)
                              else 'only integer scalar arrays can be converted to a scalar index'),
                    'unstack: axis must be an int, got %r' % (axis,))
    (ax,) = normalize_axis(axis, x.ndim, 'unstack')
    n = x._data.shape[ax]
    if num is not None and num != n:        # Unpack's kernel, run under the name 'unstack'
        raise kernel_error('Unpack', 'Input shape axis %d must equal %d, got shape [%s]'
                           % (ax, num, ','.join(map(str, x.shape))), named='unstack', node='Unpack_num_%d' % num,
                           note='unstack: num=%d but axis %d has size %d' % (num, ax, n))
    from .split_parts import split_parts          # (split_parts imports this module)
    return split_parts(x, ax, [(i, i + 1) for i in range(n)], drop_axis=True)


def tile(input, multiples, name=None):  # noqa: A002
    """Repeat the tensor ``multiples[i]`` times along axis i."""
    try:
        try:
            x = as_tensor(input, 'tile')
        except TypeError:      # a RaggedTensor (framework/composite.py); else re-raised
            return dispatch('tile', input, multiples)
        refuse_partial_shape(multiples, 'tile: multiples must be a list of integers, got %r' % (multiples,), 'multiples')
        rank = np.ndim(_values_of(multiples))
        if rank != 1:
            raise _tile_error('Expected multiples to be 1-D, but got shape [%s]'
                              % ','.join(map(str, np.shape(getattr(multiples, '_data', multiples)))), x, multiples)
        reps = _ints(multiples, 'tile')
        if len(reps) != x.ndim:
            raise _tile_error('Expected multiples argument to be a vector of length %d but got length %d'
                              % (x.ndim, len(reps)), x, multiples)
        if min(reps, default=0) < 0:
            i = next(i for i, r in enumerate(reps) if r < 0)
            raise _tile_error('Expected multiples[%d] >= 0, but got %d' % (i, reps[i]), x, multiples)
        xp = backend.array_module(x._data)
        out = Tensor(xp.tile(x._data, reps))
        if ACTIVE:
            shape = x._data.shape
            folded = tuple(d for pair in zip(reps, shape) for d in pair)

            def grad(g, y, x):
                from .reductions import reduce_sum
                return reduce_sum(reshape(g, folded), tuple(range(0, 2 * len(shape), 2)))
            record('tile', (x,), out, (grad,))
        return out
    except OpError as error:
        given_name(error, name)
        raise


def _values_of(value):
    """``value`` with its tensors as numpy values: a list holding a traced length (``[tf.shape(x)[0], 1]``,
    keras.io's masked-autoencoder tiling its position embeddings per batch) converts through TF's auto-packing,
    where NumPy would meet the graph tensor's refusal of a numpy conversion."""
    if isinstance(value, Tensor):
        return value.numpy()
    if isinstance(value, (list, tuple)) and holds_tensor(value):
        return [_values_of(v) for v in value]
    return value


def _tile_error(text, x, multiples):
    """TF's Tile kernel error (its ' name: ' tail unless multiples came as a list)."""
    return kernel_error('Tile', text, named=fast_path(multiples),
                        note='tile: multiples %s must hold one non-negative count per axis of shape %s'
                             % (tuple(np.ravel(getattr(multiples, '_data', multiples)).tolist()), tuple(x.shape)))


@tf_named('reverse_v2')
@named_errors('reverse', passes_name=True)
def reverse(tensor, axis, name=None):
    if isinstance(tensor, CompositeTensor):      # a RaggedTensor (framework/ragged/ragged_dispatch_more.py)
        return dispatch('reverse', tensor, axis)
    x = as_tensor(tensor, 'reverse')
    if axis is None:        # TF converts the axis to a tensor
        raise noted(ValueError("Attempt to convert a value (None) with an unsupported type (<class 'NoneType'>) to "
                               "a Tensor."), 'reverse: give the axes to reverse, e.g. axis=[0]')
    refusal = axis_attr_refusal('ReverseV2', 'reverse', tensor, axis)
    if refusal is not None:
        raise refusal
    if isinstance(axis, np.ndarray) and axis.dtype.kind in 'fb':
        axis = axis.astype(np.int32)        # TF casts a numpy float / bool axis array to int32 (1.7 is 1)
    rank = _rank_of(axis)
    if rank != 1:       # ReverseV2's axis is a vector: reverse(x, 0) is its error, not axis [0]
        # (TF's fast path takes np.float64, a Python float, and adds the ' name: ' tail; other numpy scalars not)
        raise kernel_error('ReverseV2', "'dims' must be 1-dimension, not %d" % rank,
                           named=not isinstance(axis, (list, tuple, np.generic)) or isinstance(axis, float),
                           note='reverse: axis must be a list of axes, e.g. [%r]' % (axis,))
    if x.ndim == 0:
        return getitem(x, ())       # ReverseV2's kernel passes a scalar through before it reads the axes
    if isinstance(axis, (list, tuple)):     # TF converts Python bools among the axes to its int32 axis tensor
        axis = [int(a) if type(a) is bool else a for a in axis]
    axes = normalize_axis(axis, x.ndim, 'reverse')
    index = tuple(slice(None, None, -1) if i in axes else slice(None) for i in range(x.ndim))
    return getitem(x, index)


def _rank_of(value):
    try:
        return np.ndim(value.numpy() if isinstance(value, Tensor) else value)
    except ValueError:      # a ragged list: normalize_axis refuses it
        return 1


@tf_named('pad_v2')
@named_errors('pad', passes_name=True)
def pad(tensor, paddings, mode='CONSTANT', constant_values=0, name=None):
    """Pad with ``constant_values`` (mode 'CONSTANT'), or mirror the edges ('REFLECT' / 'SYMMETRIC').

    Mirrored padding is a gather of the input (an index per output position), its gradient
    TF's MirrorPadGrad sums (mirror_pad.py).
    """
    x = as_tensor(tensor, 'pad')
    refuse_operand_dtype('pad', paddings)
    given = paddings.numpy().tolist() if isinstance(paddings, Tensor) else paddings
    try:
        widths = [tuple(int(v) for v in p) for p in given]
    except TypeError:
        widths = None
    if widths is None or len(widths) != x.ndim or any(len(w) != 2 for w in widths) or \
            (not widths and np.ndim(given) != 2):         # a scalar's paddings: a (0, 2) matrix, not []
        raise _paddings_error(x, paddings, given)
    named = isinstance(paddings, (Tensor, np.ndarray))       # eager dispatch's ' name: ' tail; a list has none
    if any(v < 0 for w in widths for v in w):
        raise kernel_error('Pad', 'Paddings must be non-negative: %d %d' % next(w for w in widths if min(w) < 0),
                           named=named, note='pad: paddings must not be negative, got %r' % (widths,))
    modes = {'CONSTANT': 'constant', 'REFLECT': 'reflect', 'SYMMETRIC': 'symmetric'}
    mode = str(mode).upper()
    if mode not in modes:
        raise noted(ValueError('Value of argument `mode` expected to be one of "CONSTANT", "REFLECT", or "SYMMETRIC". '
                               'Received `mode` = %s' % mode),
                    'pad: mode must be one of %s, got %r' % (sorted(modes), mode))
    xp = backend.array_module(x._data)
    if mode != 'CONSTANT':
        from .mirror_pad import mirror_pad
        return mirror_pad(x, _mirror_index(xp, widths, x._data.shape, mode, named), widths, mode)
    if not (type(constant_values) in (int, float) and constant_values == 0):    # TF's PadV2, not Pad
        constant_values = _pad_value(constant_values, x)
    elif x._data.dtype.kind == 'O':
        constant_values = b''         # TF's Pad fills strings with T(), the empty string
    if x._data.dtype.kind == 'O':
        out = Tensor(_pad_strings(x._data, widths, constant_values))
    else:
        out = Tensor(xp.pad(x._data, widths or 0, mode='constant', constant_values=constant_values))  # (0: a scalar's)
    if ACTIVE:
        index = tuple(slice(lo, lo + d) for (lo, _), d in zip(widths, x._data.shape))
        record('pad', (x,), out, (lambda g, y, x: getitem(g, index),))
    return out


def _pad_strings(data, widths, fill):
    """Constant padding of a string (object) array with the bytes ``fill``: numpy's pad would store
    its np.asarray(fill) element, an np.bytes_, where every string tensor holds Python bytes."""
    out = np.full(tuple(lo + d + hi for (lo, hi), d in zip(widths, data.shape)), fill, dtype=object)
    out[tuple(slice(lo, lo + d) for (lo, _), d in zip(widths, data.shape))] = data
    return out


def _paddings_error(x, paddings, given):
    """The Pad kernel's words for paddings that are no [rank, 2] matrix (tapeflow's in a note)."""
    note = 'pad: paddings must be [[before, after]] for each of the %d axes, got %r' % (x.ndim, paddings)
    try:
        shape = np.shape(given)
    except ValueError:
        return InvalidArgumentError(note)
    named = isinstance(paddings, (Tensor, np.ndarray))       # eager dispatch's ' name: ' tail; a list has none
    if len(shape) != 2 or shape[1] != 2:
        return kernel_error('Pad', 'paddings must be a matrix with 2 columns: [%s]' % ','.join(map(str, shape)),
                            named=named, note=note)
    return kernel_error('Pad', 'The first dimension of paddings must be the rank of inputs[%s] [%s]'
                        % (','.join(map(str, shape)), ','.join(map(str, x.shape))), named=named, note=note)


def _pad_value(value, x):
    """PadV2's constant_values: converted to x's dtype (a tensor must already be of it), one scalar."""
    if isinstance(value, Tensor):
        if value._data.dtype != x._data.dtype:
            raise eager_input_error('PadV2', 2, x.dtype, value.dtype, named=False)
    else:
        value = convert_to_tensor(value, dtype=x.dtype)
    if value.ndim:
        raise kernel_error('PadV2', 'constant_values must be a scalar. Found: [%s]' % ','.join(map(str, value.shape)),
                           note='pad: constant_values must be one value, got shape %s' % (tuple(value.shape),))
    return backend.to_host(value._data)[()]       # (a host scalar: cupy's pad reads it with numpy)


def _mirror_index(xp, widths, shape, mode, named=False):
    """Open-mesh index arrays: for each output position, the input element it mirrors."""
    limit_of = {'REFLECT': lambda d: d - 1, 'SYMMETRIC': lambda d: d}
    index = []
    for axis, ((lo, hi), d) in enumerate(zip(widths, shape)):
        if max(lo, hi) > limit_of[mode](d):
            text = ('paddings must be less than the dimension size: %d, %d not less than %d' if mode == 'REFLECT'
                    else 'paddings must be no greater than the dimension size: %d, %d greater than %d')
            raise kernel_error('MirrorPad', text % (lo, hi, d), named=named,
                               note='pad: %s padding of (%d, %d) on axis %d needs at most %d on each side for its '
                                    'size %d' % (mode, lo, hi, axis, limit_of[mode](d), d))
        source = np.pad(np.arange(d), (lo, hi), mode=mode.lower())
        view = [1] * len(shape)
        view[axis] = source.size
        index.append(xp.asarray(source.reshape(view)))
    return tuple(index)


@named_errors('cast')
def cast(x, dtype, name=None):
    """Convert to ``dtype``; gradients flow only between floating dtypes. An IndexedSlices
    stays one, its values converted."""
    # TF's first line is as_dtype(dtype): a bad dtype is refused before x is read (tf.cast(None, None))
    try:
        dtype = dtypes.numpy_dtype(dtype)
    except TypeError as err:        # TF's words; the note names the op
        err.add_note('cast: %r names no dtype' % (dtype,))
        raise
    if dtype is None:
        error = TypeError('Cannot convert the argument `type_value`: None to a TensorFlow DType.')
        error.add_note('cast: dtype must be given (e.g. framework.float32), got None')
        raise error
    if isinstance(x, IndexedSlices):
        return map_values(lambda values: cast(values, dtype), x)
    if isinstance(x, CompositeTensor):      # a RaggedTensor or SparseTensor: its values cast, as TF's dispatch
        return x._map_values(lambda values: cast(values, dtype), 'cast')
    x = as_tensor(x, 'cast')
    if x._data.dtype == dtype:
        # TF returns the tensor itself (a tf.Variable too), mask and all; a Keras variable is no TF tensor
        # there: it is read into a new one
        return x if type(x) is Tensor or (type(x) is Variable and x._path is None) else identity(x)
    if (x._data.dtype.kind == 'O') is not (dtype.kind == 'O'):
        raise _string_cast_error(x, dtype)
    data = x._data
    if data.dtype.kind == 'c' and dtype.kind != 'c':
        data = data.real        # TF's Cast keeps the real part silently (numpy's astype warns ComplexWarning)
        if dtype.kind == 'f' or dtype.name == 'bfloat16':
            # TensorFlow's math_ops.cast logs this on every Python call: each eager one, each trace of a
            # tf.function or fit step (a Cast gradient's, keras.io's text_generation_fnet), none on replays
            from ..tf_logging import logger
            from ..trace_time_logs import log_as_traced
            text = ('You are casting an input of type %s to an incompatible dtype %s.  This will discard the '
                    'imaginary part and may not be what you intended.' % (x._data.dtype.name, dtype.name))
            log_as_traced(lambda: logger().warning(text))
    if dtype.kind in 'iu' and (data.dtype.kind == 'f' or data.dtype.name == 'bfloat16') \
            and isinstance(data, np.ndarray):       # out-of-range values as TF's kernel converts them
        out = Tensor(cast_float_to_int(data, dtype))
    elif dtype.itemsize == 2 and data.dtype.itemsize >= 8 and dtype.kind in 'fV' and data.dtype.kind in 'fc':
        out = Tensor(_through_float32(data).astype(dtype))
    else:
        out = Tensor(data.astype(dtype))
    if ACTIVE:
        if _differentiable(dtype) and _differentiable(x._data.dtype):
            src = x._data.dtype
            record('cast', (x,), out, (lambda g, y, x: cast(g, src),))
        else:
            record_blocked('cast to %s' % dtype.name, (x,))
    return out


def _through_float32(data):
    """float64 / complex128 ``data`` as TF's Cast kernel takes it to float16 or bfloat16: Eigen's half(double) and
    bfloat16(double) convert to float first, so a value just above a half-way point rounds twice
    (1 + 2**-11 + 2**-30 is 1.0 in float16 there, 1.0009765625 rounded once; 65519.99999 is inf, not 65504)."""
    xp = backend.array_module(data)
    return (xp.real(data) if data.dtype.kind == 'c' else data).astype(np.float32)


def _differentiable(dtype):
    return dtype.kind in 'fc' or dtype.name == 'bfloat16'      # ml_dtypes' bfloat16 is numpy kind 'V'


# TensorFlow's names for dtypes in its Cast kernel's messages.


def _string_cast_error(x, dtype):
    """TensorFlow's Cast kernel converts no string to a number nor back (numpy's astype would parse
    '0.5' silently): its UnimplementedError, with what to call instead as a note."""
    source, target = (kernel_dtype_name(d) for d in (x._data.dtype, dtype))
    error = UnimplementedError('{{function_node __wrapped__Cast_device_%s}} Cast %s to %s is not supported '
                               '[Op:Cast] name: ' % (_EAGER_CPU, source, target))
    helper = 'framework.strings.to_number(x, out_type)' if source == 'string' else 'framework.strings.as_string(x)'
    error.add_note('cast: cannot convert a %s tensor (shape %s) to %s; use %s'
                   % (x.dtype.name, tuple(x.shape), 'string' if target == 'string' else dtype.name, helper))
    return error


def identity(input, name=None):  # noqa: A002
    try:
        x = as_tensor(input, 'identity')
    except TypeError:       # a RaggedTensor or SparseTensor: a copy of its values, the layout kept
        return map_elementwise(input, identity, 'identity')
    out = Tensor(snapshot(x))
    if ACTIVE:
        record('identity', (x,), out, _PASS_THROUGH)
    return out


def stop_gradient(input, name=None):  # noqa: A002
    """The same value, cut off from every tape: no gradient flows through it. TF maps a composite
    tensor (IndexedSlices, RaggedTensor, SparseTensor) component by component: one comes back."""
    if type(input) is IndexedSlices:
        return map_values(stop_gradient, input)
    try:
        x = as_tensor(input, 'stop_gradient')
    except TypeError:
        if not isinstance(input, CompositeTensor):
            raise
        if hasattr(input, 'flat_values'):       # a RaggedTensor: its row partitions are integers
            return input.with_flat_values(stop_gradient(input.flat_values))
        return input.with_values(stop_gradient(input.values))
    if ACTIVE:
        record_blocked('stop_gradient', (x,))
    return Tensor(snapshot(x))


@tf_named('shape_v2')
def shape(input, out_type='int32', name=None):  # noqa: A002
    if isinstance(input, CompositeTensor):
        if hasattr(input, 'nested_row_lengths'):     # a RaggedTensor
            from ..ragged.dynamic_shape import DynamicRaggedShape
            return DynamicRaggedShape.from_tensor(input, out_type)
        handler = type(input)._DISPATCH.get('shape')
        if handler is not None:                      # a SparseTensor: its dense_shape (sparse_math.py)
            return handler(input, out_type)
    try:
        out = np.asarray(as_tensor(input, 'shape')._data.shape, dtype=out_type)
    except (TypeError, ValueError) as error:     # out_type 'abc', 1.5, [1]: the op wrapper's make_type; an array
        try:
            out_type = dtypes.numpy_dtype(out_type)
        except (TypeError, ValueError):
            if isinstance(out_type, Tensor):    # TF fails on a tensor's truth value (its ValueError), by accident
                raise error from None
            raise refused_type(out_type, 'out_type') from None
        out = np.asarray(as_tensor(input, 'shape')._data.shape, dtype=out_type)
    if out.dtype.itemsize not in (4, 8) or out.dtype.kind != 'i':      # Shape's out_type is int32 or int64
        refuse_out_dtype('Shape', dtypes.as_dtype(out_type).name, True, 'shape')
    return Tensor(out)


@tf_named('size_v2')
def size(input, out_type='int32', name=None):  # noqa: A002
    try:
        x = as_tensor(input, 'size')
    except TypeError:      # a RaggedTensor (framework/ragged/ragged_array_dispatch.py); else re-raised
        return dispatch('size', input, out_type)
    return Tensor(np.asarray(x._data.size, dtype=out_type))


def rank(input, name=None):  # noqa: A002
    try:
        x = as_tensor(input, 'rank')
    except TypeError:      # a RaggedTensor (framework/ragged/ragged_array_dispatch.py); else re-raised
        return dispatch('rank', input)
    return Tensor(np.asarray(x._data.ndim, dtype='int32'))


def _plain_numbers(values):
    """Whether ``values`` is a list of numbers, lists of them or numpy arrays, no tensor among them."""
    return (isinstance(values, (list, tuple)) and not holds_tensor(values)
            and all(isinstance(v, _PLAIN) for v in values))


_PLAIN = (int, float, complex, list, tuple, np.ndarray, np.generic)


def _concat_axis(tensors, axis, name, values):
    """ConcatV2's axis, checked against the first tensor's rank as its kernel does."""
    rank = tensors[0].ndim
    axis = int32_converted('concat', axis)      # np.float32(1), True: TF casts them to int32
    if isinstance(axis, np.integer):        # a numpy scalar takes TF's slow path: no ' name: ' tail
        name = None
    elif rank == 0 or isinstance(axis, int):
        name = list_tail_name(values, name)
    axis_shape = np.shape(axis) if isinstance(axis, (list, tuple, np.ndarray, Tensor)) else ()
    if axis_shape not in ((), (1,)):        # ConcatV2 reads a scalar or a one-element vector, first of all
        raise list_kernel_error('ConcatV2', len(tensors), 'axis tensor should be a scalar integer, but got shape [%s]'
                                % ','.join(map(str, axis_shape)),
                                # (a Python list takes TF's slow path: no ' name: ' tail)
                                None if isinstance(axis, (list, tuple)) else list_tail_name(values, name),
                                'concat: axis must be one integer, got %r' % (axis,))
    if rank == 0 and (not isinstance(axis, (int, np.integer)) or axis == 0):      # (axis 0 passes the range check)
        raise list_kernel_error('ConcatV2', len(tensors), "ConcatOp : Can't concatenate scalars (use tf.stack "
                                'instead)', name, 'concat: the tensors are scalars; stack them with framework.stack')
    if isinstance(axis, (int, np.integer)) and not -rank <= axis < rank:
        raise list_kernel_error('ConcatV2', len(tensors), 'ConcatOp : Expected concatenating dimensions in the '
                                'range [%d, %d), but got %d' % (-rank, rank, axis), name,
                                'concat: axis %d is out of range for tensors of rank %d' % (axis, rank))
    if isinstance(axis, (str, bytes)):      # ConcatV2's Tidx attribute (the axis is a Python value: no name tail)
        raise noted(InvalidArgumentError(
            "Value for attr 'Tidx' of string is not in the list of allowed values: int32, int64\n\t; NodeDef: "
            "{{node ConcatV2}}; Op<name=ConcatV2; signature=values:N*T, axis:Tidx -> output:T; attr=N:int,min=2; "
            "attr=T:type; attr=Tidx:type,default=DT_INT32,allowed=[DT_INT32, DT_INT64]> [Op:ConcatV2]"),
            'concat: axis must be an integer, got %r' % (axis,))
    (ax,) = normalize_axis(axis, rank, 'concat')
    return ax


def _concat_shapes_error(tensors, ax, name):
    """ConcatV2's kernel error for the first tensor whose rank or sizes off ``ax`` differ from the first's."""
    first = tensors[0].shape
    for index, t in enumerate(tensors[1:], 1):
        if t.ndim == 0:     # the kernel's loop refuses a scalar input before comparing ranks
            return list_kernel_error('ConcatV2', len(tensors), "ConcatOp : Can't concatenate scalars (use tf.stack "
                                     'instead)', name, 'concat: input %d is a scalar; stack scalars with '
                                     'framework.stack, or reshape it to [1]' % index)
        if t.ndim != len(first):
            text = 'Ranks of all input tensors should match'
        else:
            dims = [d for d in range(len(first)) if d != ax and t.shape[d] != first[d]]
            if not dims:
                continue
            text = 'Dimension %d in both shapes must be equal' % dims[0]
        return list_kernel_error('ConcatV2', len(tensors), 'ConcatOp : %s: shape[0] = %s vs. shape[%d] = %s'
                                 % (text, shape_text(first), index, shape_text(t.shape)), name,
                                 'concat: shapes %s differ outside axis %d' % ([tuple(t.shape) for t in tensors], ax))
    return InvalidArgumentError('concat: shapes %s differ outside axis %d' % ([tuple(t.shape) for t in tensors], ax))


_PASS_THROUGH = (lambda g, y, x: g,)


from .splitting import split  # noqa: E402,F401  (split and one_hot have modules of their own)
from .one_hot_encoding import one_hot  # noqa: E402,F401
