"""``tf.scan``, ``tf.foldl`` and ``tf.foldr``: a function carried along the first axis of ``elems``.

Eagerly they are Python loops over ``unstack``ed slices, so the gradient is the chain of the
recorded ops inside ``fn`` (and of unstack / stack), as TensorFlow's while-loop gradient.
``elems`` and ``initializer`` may be nested structures, as in TensorFlow.
"""
from .. import nest
from ..errors import InvalidArgumentError, OutOfRangeError, shown_as
from ..nest_compare import assert_same_structure
from .graph_input_errors import traced
from .operands import as_tensor, named_errors
from ..tf_python_names import tf_named
from ..tensor import Tensor, convert_to_tensor
from .shapes import stack, unstack


class EmptyElemsError(OutOfRangeError, ValueError):
    """No slice to start from: TensorFlow's OutOfRangeError, and a ValueError (a bad argument)."""


shown_as(EmptyElemsError, OutOfRangeError)     # type(e).__name__ and a traceback show TF's class


def _slices(fn, elems, op, reverse=False):
    """[structure of slice i] for every i, from each leaf's first axis. Refusals in TF 2.21's order and words
    (its functional_ops: fn.__name__ in the callable check, the first leaf's shape[0], TensorArray unstacks of
    every leaf, then reads in the loop's order), tapeflow's sentence in a note."""
    if not callable(fn):
        _refuse(AttributeError("'%s' object has no attribute '__name__'" % type(fn).__name__),
                '%s: fn must be callable (a function of the accumulator and a slice), got %r' % (op, fn))
    leaves = [convert_to_tensor(leaf) for leaf in nest.flatten(elems)]
    scalar = '%s: elems must have a first axis to iterate over; got a scalar' % op
    if leaves and leaves[0].ndim == 0:
        _refuse(IndexError('tuple index out of range'), scalar)
    n = leaves[0].shape[0]
    sizes = '%s: every tensor of elems needs the same first dimension, got %s' % (op, [
        leaf.shape[0] if leaf.ndim else None for leaf in leaves])
    for leaf in leaves[1:]:
        if leaf.ndim == 0:
            _refuse(ValueError('Argument `axis` = 0 not in range [0, 0)'), scalar)
        if leaf.shape[0] > n:
            _refuse(ValueError('Cannot unstack %d tensors into a TensorArray of static size %d ' % (leaf.shape[0], n)),
                    sizes)
    short = min(leaf.shape[0] for leaf in leaves)
    if short < n:       # the loop's first read past the shortest leaf
        _refuse(OutOfRangeError(None, None, 'Tried to read from index %d but array size is: %d '
                                % (n - 1 if reverse else short, short)), sizes)
    columns = [unstack(leaf) if n else [] for leaf in leaves]
    return [nest.pack_sequence_as(elems, [col[i] for col in columns]) for i in range(n)]


def _refuse(error, note):
    error.add_note(note)
    raise error


def _start(slices, initializer, reverse, op):
    """(accumulator, the slices still to be folded in, in order)."""
    order = slices[::-1] if reverse else slices
    if initializer is not None:
        return nest.map_structure(convert_to_tensor, initializer), order
    if not order:
        _refuse(EmptyElemsError(None, None, 'Tried to read from index 0 but array size is: 0 '),
                '%s: elems is empty: give an initializer for empty elems' % op)
    return order[0], order[1:]


@tf_named('scan_v2')
@named_errors('scan')
def scan(fn, elems, initializer=None, parallel_iterations=10, back_prop=True, swap_memory=False,
         infer_shape=True, reverse=False, name=None):
    """Every accumulator of ``a = fn(a, x)`` over the slices ``x`` of ``elems``, stacked along a new
    first axis. Without ``initializer`` the first slice starts ``a`` and is the first output.
    ``reverse=True`` runs from the last slice; each output stays at its slice's position.
    """
    slices = _slices(fn, elems, 'scan', reverse)
    acc, rest = _start(slices, initializer, reverse, 'scan')
    outputs = [acc] if initializer is None else []
    firsts, eager = nest.flatten(acc), not traced()
    for x in rest:
        acc = fn(acc, x)
        # TF checks fn's result against elems (or initializer), then writes each leaf into a TensorArray
        # of the first accumulator's dtype and (infer_shape) shape: their eager errors
        assert_same_structure(elems if initializer is None else initializer, acc)
        _check_writes(nest.flatten(acc), firsts, infer_shape, eager)
        outputs.append(acc)
    if reverse:
        outputs = outputs[::-1]
    columns = zip(*[nest.flatten(out) for out in outputs])
    return nest.pack_sequence_as(outputs[0], [stack(list(col)) for col in columns])


def _check_writes(leaves, firsts, infer_shape, eager):
    """The errors of TF's writes of ``leaves`` into TensorArrays made for ``firsts``: eagerly the
    TensorArray's own; traced, its TensorList's shape check (the loop's dtype error names graph tensors:
    left to stack)."""
    for leaf, first in zip(leaves, firsts):
        if not isinstance(first, Tensor):       # (composite accumulators: their own checks)
            continue
        value = as_tensor(leaf, 'scan', dtype=first.dtype)      # (a Python number takes the array's dtype)
        if eager and value.dtype != first.dtype:
            raise InvalidArgumentError('TensorArray dtype is %s but Op is trying to write dtype %s '
                                       % (first.dtype.name, value.dtype.name))
        if infer_shape and tuple(value.shape) != tuple(first.shape):
            saw, expected = tuple(value.shape), tuple(first.shape)
            raise ValueError('Incompatible shape for value (%s), expected (%s)' % (saw, expected) if eager else
                             'Inconsistent shapes: saw %s but expected %s ' % (saw, expected))


@tf_named('foldl_v2')
@named_errors('foldl')
def foldl(fn, elems, initializer=None, parallel_iterations=10, back_prop=True, swap_memory=False, name=None):
    """``a = fn(a, x)`` over the slices of ``elems`` from the first; the last ``a``."""
    acc, rest = _start(_slices(fn, elems, 'foldl'), initializer, False, 'foldl')
    for x in rest:
        acc = fn(acc, x)
    return acc


@tf_named('foldr_v2')
@named_errors('foldr')
def foldr(fn, elems, initializer=None, parallel_iterations=10, back_prop=True, swap_memory=False, name=None):
    """``a = fn(a, x)`` over the slices of ``elems`` from the last; the last ``a``."""
    acc, rest = _start(_slices(fn, elems, 'foldr', True), initializer, True, 'foldr')
    for x in rest:
        acc = fn(acc, x)
    return acc
