"""``tf.scan``, ``tf.foldl`` and ``tf.foldr``: a function carried along the first axis of ``elems``.

Eagerly they are Python loops over ``unstack``ed slices, so the gradient is the chain of the
recorded ops inside ``fn`` (and of unstack / stack), as TensorFlow's while-loop gradient.
``elems`` and ``initializer`` may be nested structures, as in TensorFlow.
"""
from .. import nest
from ..errors import OutOfRangeError
from .operands import named_errors
from ..tensor import convert_to_tensor
from .shapes import stack, unstack


class EmptyElemsError(OutOfRangeError, ValueError):
    """No slice to start from: TensorFlow's OutOfRangeError, and a ValueError (a bad argument)."""


EmptyElemsError.__name__ = EmptyElemsError.__qualname__ = 'OutOfRangeError'     # as type(e).__name__ shows TF's


def _slices(fn, elems, op):
    """[structure of slice i] for every i, from each leaf's first axis."""
    if not callable(fn):
        raise TypeError('%s: fn must be callable (a function of the accumulator and a slice), got %r' % (op, fn))
    leaves = [convert_to_tensor(leaf) for leaf in nest.flatten(elems)]
    if any(leaf.ndim == 0 for leaf in leaves):
        raise ValueError('%s: elems must have a first axis to iterate over; got a scalar' % op)
    n = leaves[0].shape[0]
    if any(leaf.shape[0] != n for leaf in leaves):
        raise ValueError('%s: every tensor of elems needs the same first dimension, got %s'
                         % (op, [leaf.shape[0] for leaf in leaves]))
    columns = [unstack(leaf) if n else [] for leaf in leaves]
    return [nest.pack_sequence_as(elems, [col[i] for col in columns]) for i in range(n)]


def _start(slices, initializer, reverse, op):
    """(accumulator, the slices still to be folded in, in order)."""
    order = slices[::-1] if reverse else slices
    if initializer is not None:
        return nest.map_structure(convert_to_tensor, initializer), order
    if not order:
        raise EmptyElemsError('%s: Tried to read from index 0 but array size is: 0 (give an initializer '
                              'for empty elems)' % op)
    return order[0], order[1:]


@named_errors('scan')
def scan(fn, elems, initializer=None, parallel_iterations=10, back_prop=True, swap_memory=False,
         infer_shape=True, reverse=False, name=None):
    """Every accumulator of ``a = fn(a, x)`` over the slices ``x`` of ``elems``, stacked along a new
    first axis. Without ``initializer`` the first slice starts ``a`` and is the first output.
    ``reverse=True`` runs from the last slice; each output stays at its slice's position.
    """
    slices = _slices(fn, elems, 'scan')
    acc, rest = _start(slices, initializer, reverse, 'scan')
    outputs = [acc] if initializer is None else []
    for x in rest:
        acc = fn(acc, x)
        outputs.append(acc)
    if reverse:
        outputs = outputs[::-1]
    columns = zip(*[nest.flatten(out) for out in outputs])
    return nest.pack_sequence_as(outputs[0], [stack(list(col)) for col in columns])


@named_errors('foldl')
def foldl(fn, elems, initializer=None, parallel_iterations=10, back_prop=True, swap_memory=False, name=None):
    """``a = fn(a, x)`` over the slices of ``elems`` from the first; the last ``a``."""
    acc, rest = _start(_slices(fn, elems, 'foldl'), initializer, False, 'foldl')
    for x in rest:
        acc = fn(acc, x)
    return acc


@named_errors('foldr')
def foldr(fn, elems, initializer=None, parallel_iterations=10, back_prop=True, swap_memory=False, name=None):
    """``a = fn(a, x)`` over the slices of ``elems`` from the last; the last ``a``."""
    acc, rest = _start(_slices(fn, elems, 'foldr'), initializer, True, 'foldr')
    for x in rest:
        acc = fn(acc, x)
    return acc
