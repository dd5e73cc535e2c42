"""Keras 3 reads a Python generator through ``tf.data.Dataset.from_generator``, with an output signature
taken from the first two batches it peeked at: the batch axis, and every axis whose size differs between
those two, is left open (None); the others are fixed. A later batch whose shape does not fit fails when
its step reads it, inside TF's traced function (TF 2.21: InvalidArgumentError 'Graph execution error: ...
TypeError: Generator yielded an element of shape (2, 2) where an element of shape (None, 3) was
expected. ...'). tapeflow ran such a batch and failed further on (the loss's Sub, a layer's input check),
or trained on it. The text leaves out TF's Python traceback and graph id, as framework/function_end_of_sequence.py.
"""
import numpy as np

from framework import nest
from framework.errors import InvalidArgumentError
from framework.tensor import Tensor


def batch_signature(peeked):
    """The shape each array leaf of the peeked batches fixes (None for an open axis), or None for a leaf
    that is no array. Peeked batches of different structures are refused as Keras refuses them."""
    for other in peeked[1:]:
        check_same_structure(peeked[0], other)
    flats = [nest.flatten(batch) for batch in peeked]
    if any(len(flat) != len(flats[0]) for flat in flats):
        return None
    signature = []
    for index, leaves in enumerate(zip(*flats)):
        shapes = [_shape(leaf) for leaf in leaves]
        try:
            _check_ranks(leaves, shapes)
        except ValueError:
            # Keras made a KerasTensor for each leaf before the refused one: their automatic names are taken
            # (TF 2.21: (x, 1.0) leaves the next tensor keras_tensor_N one further on, gen3.py)
            take_spec_names(flats[0][:index])
            raise
        if any(shape is None for shape in shapes) or len({len(shape) for shape in shapes}) != 1 or not shapes[0]:
            signature.append(None)
            continue
        first = shapes[0]
        signature.append((None,) + tuple(d if all(s[i] == d for s in shapes) else None
                                         for i, d in enumerate(first) if i > 0))
    return signature


def _check_ranks(leaves, shapes):
    """Keras 3's get_keras_tensor_spec refuses, before any step, a peeked array of rank 0 or of another
    rank than the first batch's (TF 2.21: 'When passing a dataset to a Keras model, the corresponding
    arrays in each batch must have the same rank. Received: [[1. 1. 1.] ...] and [1. 1. 1.]'); tapeflow
    left that axis open and failed in the step. (Keras's f-string: arrays and tensors by their values.)
    A leaf with no shape (a Python number or string, the items of a Python list) is read as np.array
    reads it, as Keras does: 'Received: 1.0 of rank 0.' (/work/notes/progs/errors60/gen2.py)."""
    if shapes[0] is None:
        if leaves[0] is None or hasattr(leaves[0], 'shape'):
            return
        leaves, shapes = [np.array(leaves[0])] + list(leaves[1:]), [()] + list(shapes[1:])
    if not shapes[0]:
        raise ValueError('When passing a dataset to a Keras model, the arrays must be at least rank 1. Received: '
                         '%s of rank 0.' % format(leaves[0]))
    for leaf, shape in zip(leaves[1:], shapes[1:]):
        if shape is not None and len(shape) != len(shapes[0]):
            raise ValueError('When passing a dataset to a Keras model, the corresponding arrays in each batch must '
                             'have the same rank. Received: %s and %s' % (format(leaves[0]), format(leaf)))


def check_same_structure(first, other):
    """Refuse ``other`` (a peeked batch) unless it nests as ``first``, in the words of Keras 3's
    ``tree.map_structure(..., none_is_leaf=False)`` over the peeked batches (optree's): TF 2.21 gives
    'tuple arity mismatch; expected: 2, got: 3; tuple: (array(...), ...).' for (x, y) then (x, y, w), where
    tapeflow trained on (gen2.py). optree checks the nodes first (None one with no children), then that each
    leaf of ``first`` meets a leaf."""
    from framework.keras import tree       # (lazy, as framework/losses/loss.py: optree's words live there)
    problem = _node_problem(first, other, tree)
    if problem is not None:
        raise ValueError(problem)
    for index, part in enumerate(_up_to(first, other, tree)):
        if tree.is_nested(part) or part is None:
            # (Keras made the KerasTensors of the leaves before this one: their names are taken, gen4.py)
            take_spec_names(list(_up_to(first, first, tree))[:index])
            raise ValueError("Structures don't have the same nested structure.")


def _node_problem(first, other, tree):
    if first is None:
        return None if other is None else 'Expected None, got %r.' % (other,)
    if not tree.is_nested(first):
        return None
    problem = tree._node_problem(first, other)
    if problem is not None:
        return problem
    for a, b in tree._children(first, other):
        problem = _node_problem(a, b, tree)
        if problem is not None:
            return problem
    return None


def _up_to(first, other, tree):
    """The parts of ``other`` at ``first``'s leaves (``first`` and ``other`` nest alike down to them)."""
    if first is None:
        return
    if not tree.is_nested(first):
        yield other
        return
    for a, b in tree._children(first, other):
        yield from _up_to(a, b, tree)


def take_spec_names(batch):
    """Keras 3 builds a generator's or PyDataset's signature from the peeked batches as KerasTensors
    (data_adapter_utils.get_keras_tensor_spec), one per leaf of a batch, once per adapter: they take the
    next automatic names, so a model's KerasTensors printed after fit(generator) read keras_tensor_N two
    further on (x and y) than after fit(x, y) (TF 2.21). ``batch``: the first batch as Keras reads it."""
    from layers.naming import unique_name
    for leaf in nest.flatten(batch):
        if leaf is not None:
            unique_name('keras_tensor')


def signature_specs(first, signature):
    """TensorSpecs of the first batch's leaves with ``signature``'s shapes (None where not known)."""
    from framework.ops.tensor_spec import TensorSpec
    if signature is None:
        return None
    leaves = nest.flatten(first)
    if len(leaves) != len(signature):
        return None
    return [None if shape is None else TensorSpec(shape, _dtype(leaf)) for leaf, shape in zip(leaves, signature)]


def _dtype(leaf):
    return leaf._data.dtype.name if isinstance(leaf, Tensor) else leaf.dtype.name


def checked_batches(iterator, signature):
    """``iterator``'s batches, each checked against ``signature`` as it is read."""
    for batch in iterator:
        if signature is not None:
            _check(batch, signature)
        yield batch


def _check(batch, signature):
    flat = nest.flatten(batch)
    if len(flat) != len(signature):
        return
    for leaf, expected in zip(flat, signature):
        shape = _shape(leaf)
        if expected is None or shape is None:
            continue
        if len(shape) != len(expected) or any(e is not None and e != d for e, d in zip(expected, shape)):
            text = ('Generator yielded an element of shape %s where an element of shape %s was expected. Your '
                    'generator provides tensors with variable input dimensions other than the batch size. Make sure '
                    "that the generator's first two batches do not have the same dimension value wherever there is "
                    'a variable input dimension.' % (shape, _shape_text(expected)))
            error = InvalidArgumentError(None, None, 'Graph execution error:\n\nDetected at node PyFunc defined at '
                                         '(most recent call last):\n<stack traces unavailable>\nTypeError: %s\n\n\n'
                                         '\t [[{{node PyFunc}}]]\n\t [[IteratorGetNext]] '
                                         '[Op:__inference_multi_step_on_iterator]' % text)
            error.add_note('the generator\'s batches must keep the shapes of its first two batches, but for the batch '
                           'size (a part of shape %s after %s)' % (shape, _shape_text(expected)))
            raise error


def _shape(leaf):
    if isinstance(leaf, Tensor):
        return tuple(leaf._data.shape)
    if isinstance(leaf, (np.ndarray, np.generic)):
        return tuple(leaf.shape)
    return None


def _shape_text(shape):
    """A TensorShape's text: (None, 3), (None,)."""
    return '(%s,)' % shape[0] if len(shape) == 1 else '(%s)' % ', '.join(str(d) for d in shape)
