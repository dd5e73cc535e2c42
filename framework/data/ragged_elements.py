"""RaggedTensor components in tf.data, as tf.data handles them (the Ragged Tensor guide's
"Datasets" section): ``from_tensor_slices`` and ``unbatch`` slice them by row, ``batch`` stacks
them back into a RaggedTensor, and ``ragged_batch`` makes one of dense components of varying length.

A row of a RaggedTensor whose ragged rank is 1 is a dense tensor, but its spec stays a
RaggedTensorSpec of ragged rank 0, so that batching such rows gives a RaggedTensor again: inside
the pipeline that row is a ``RaggedRow`` (a numpy array that remembers it), handed out as a Tensor.
"""
import numpy as np

from ..ragged.ragged_tensor import RaggedTensor
from ..tensor import Tensor
from ..tensor_shape import TensorShape
from ..ragged.ragged_spec import RaggedTensorSpec


class RaggedRow(np.ndarray):
    """A dense row cut from a ragged component (see the module docstring)."""
    row_splits_dtype = 'int64'


def is_ragged(value):
    return type(value) is RaggedTensor


def is_ragged_row(value):
    return type(value) is RaggedRow


def is_ragged_spec(spec):
    return type(spec) is RaggedTensorSpec


def ragged_row(rt, i):
    """Row ``i`` of a RaggedTensor: a RaggedRow (ragged rank 1) or a RaggedTensor of one rank less."""
    row = rt[i]
    if isinstance(row, RaggedTensor):
        return row
    marked = np.asarray(row.numpy()).view(RaggedRow)
    marked.row_splits_dtype = rt.row_splits.dtype.name
    return marked


def stack_ragged(parts, what):
    """Rows (RaggedRows or dense arrays of one rank, or RaggedTensors) as one RaggedTensor."""
    if any(is_ragged(p) for p in parts):
        if not all(is_ragged(p) for p in parts):
            raise ValueError('%s: cannot batch RaggedTensor and dense components together' % what)
        from ..ragged.ragged_ops import stack
        return stack(list(parts), axis=0)
    ranks = {np.ndim(p) for p in parts}
    if len(ranks) > 1 or ranks == {0}:
        raise ValueError('%s: cannot batch ragged rows of ranks %s; each row needs the same rank >= 1'
                         % (what, sorted(ranks)))
    splits_dtype = getattr(parts[0], 'row_splits_dtype', 'int64')
    values = np.concatenate([np.asarray(p) for p in parts]) if parts else np.zeros(0)
    lengths = np.array([np.shape(p)[0] for p in parts], splits_dtype)
    return RaggedTensor.from_row_lengths(Tensor(values), Tensor(lengths))


def spec_of_ragged(value, batched=None):
    """The RaggedTensorSpec of a RaggedRow or RaggedTensor component (``batched``: with a batch axis)."""
    if is_ragged_row(value):
        shape, ragged_rank, splits = (None,) + tuple(np.shape(value)[1:]), 0, value.row_splits_dtype
    else:
        shape, ragged_rank, splits = tuple(value.shape), value.ragged_rank, value.row_splits.dtype
    spec = RaggedTensorSpec(TensorShape(shape), value.dtype, ragged_rank, splits)
    return ragged_spec_with_batch(spec, batched) if batched is not None else spec


def ragged_spec_with_batch(spec, size):
    shape = None if spec.shape.rank is None else TensorShape((size,) + tuple(spec.shape))
    return RaggedTensorSpec(shape, spec.dtype, spec.ragged_rank + 1, spec.row_splits_dtype)


def ragged_spec_without_batch(spec, what):
    if spec.ragged_rank == 0 and spec.shape.rank:
        # a ragged slice's dense row (from_tensor_slices of a 2-level ragged tensor): TF 2.21 unbatches it to
        # RaggedTensorSpec(TensorShape([]), tf.int32, -1, tf.int64), whose elements are plain scalars
        return RaggedTensorSpec(spec.shape[1:], spec.dtype, -1, spec.row_splits_dtype)
    if spec.shape.rank == 0 or spec.ragged_rank == 0:
        raise ValueError('%s: cannot unbatch a component of spec %s' % (what, spec))
    shape = None if spec.shape.rank is None else spec.shape[1:]
    return RaggedTensorSpec(shape, spec.dtype, spec.ragged_rank - 1, spec.row_splits_dtype)


def _ragged_rank_for(spec):
    """TF's dense-to-ragged rule: a TensorSpec of partly unknown shape becomes ragged up to its last
    unknown axis; a fully known (or unknown-rank) shape stays dense."""
    if type(spec).__name__ != 'TensorSpec' or spec.shape.rank is None or spec.shape.is_fully_defined():
        return None
    return max(axis for axis, size in enumerate(spec.shape.as_list()) if size is None)


def ragged_specs(element_spec, row_splits_dtype):
    """The element spec once ragged_batch has made its varying components ragged (before batching)."""
    from .. import nest

    def one(spec):
        rank = _ragged_rank_for(spec)
        return spec if rank is None else RaggedTensorSpec(spec.shape, spec.dtype, rank, row_splits_dtype)
    return nest.map_structure(one, element_spec)


def marked_ragged(source, element_spec, row_splits_dtype):
    """The elements of ``source`` with each varying component made a RaggedRow (ragged rank 0) or a
    RaggedTensor (higher ragged ranks), so that batch stacks it into a RaggedTensor."""
    from .. import nest
    ranks = [_ragged_rank_for(spec) for spec in nest.flatten(element_spec)]
    splits = np.dtype(str(getattr(row_splits_dtype, 'name', row_splits_dtype)))

    def convert(component, rank):
        if rank is None:
            return component
        if rank == 0:
            row = np.asarray(component).view(RaggedRow)
            row.row_splits_dtype = splits.name
            return row
        return RaggedTensor.from_tensor(Tensor(np.asarray(component)), ragged_rank=rank, row_splits_dtype=splits)

    def elements():
        for element in source():
            leaves = nest.flatten(element)
            yield nest.pack_sequence_as(element, [convert(c, r) for c, r in zip(leaves, ranks)])
    return elements


_LOOKED_AT = 1000


def sizes_seen(dataset, element_spec):
    """``element_spec`` with None on every axis whose size varies among the first 1000 elements.

    TensorFlow's specs come from tracing (``ds.map(tf.range)`` gives shape (None,)); tapeflow's map
    reads its spec from the first element, so ragged_batch looks at more elements to find the
    axes TF's trace would leave unknown."""
    from .. import nest
    from .iteration_seeds import peeking
    specs = nest.flatten(element_spec)
    shapes = [None] * len(specs)
    with peeking():                  # reads for a spec spend no shuffle seeds
        for count, element in enumerate(dataset._make_iterator()):
            if count >= _LOOKED_AT:
                break
            for k, component in enumerate(nest.flatten(element)):
                shape = np.shape(component) if not is_ragged(component) else tuple(component.shape)
                if shapes[k] is None:
                    shapes[k] = list(shape)
                elif len(shapes[k]) == len(shape):
                    shapes[k] = [a if a == b else None for a, b in zip(shapes[k], shape)]

    def refined(spec, shape):
        if type(spec).__name__ != 'TensorSpec' or shape is None or spec.shape.rank != len(shape):
            return spec
        known = [None if d is None or s is None else d for d, s in zip(spec.shape.as_list(), shape)]
        return type(spec)(TensorShape(known), spec.dtype, spec.name)
    return nest.pack_sequence_as(element_spec, [refined(s, shape) for s, shape in zip(specs, shapes)])
