"""The spec of ``from_tensors`` / ``from_tensor_slices`` made inside a stage function's trace.

TensorFlow traces flat_map's / interleave's (and map's) functions on the input's spec, so a dataset they
build from a traced tensor takes that tensor's static shape: ``flat_map(lambda x:
Dataset.from_tensors(tf.fill([x], x)))`` is ``(None,)`` there. tapeflow calls the function on real
elements; the trace (trace_names) still records each tensor's traced shape, which these sources read
while they are made (the spec itself is read later, after the trace has ended).
"""
from .. import nest, trace_names
from ..tensor import Tensor
from .spec import TensorSpec
from .stage_function import UNKNOWN_RANK


def traced_shapes(tensors):
    """For each leaf of ``tensors``, its traced shape (a tuple with None for lengths the trace leaves open)
    where a trace is running and names it, else None; None for all when no leaf has one."""
    shapes = [None] * len(nest.flatten(tensors))
    for i, leaf in enumerate(nest.flatten(tensors)):
        entry = trace_names.entry_of(leaf) if isinstance(leaf, Tensor) else None
        if entry is not None:       # (named with no shape: a tensor of unknown rank, TF's TensorSpec(<unknown>))
            shapes[i] = tuple(entry[1]) if entry[1] is not None else UNKNOWN_RANK
    return shapes if any(s is not None for s in shapes) else None


def with_traced_shapes(spec, shapes, sliced=False):
    """``spec`` with each TensorSpec leaf's shape opened where its traced shape (``shapes``, from
    ``traced_shapes``; without its first axis for ``sliced``) leaves a length open."""
    leaves = nest.flatten(spec)
    if shapes is None or len(shapes) != len(leaves):
        return spec
    opened = []
    for leaf, shape in zip(leaves, shapes):
        if shape is UNKNOWN_RANK and type(leaf) is TensorSpec:     # (its slices have no known rank either)
            leaf = TensorSpec(None, leaf.dtype, leaf.name)
        if type(shape) is tuple and sliced:
            shape = shape[1:]
        if (type(shape) is tuple and type(leaf) is TensorSpec and leaf.shape.rank == len(shape)
                and None in shape):
            leaf = TensorSpec(tuple(None if t is None else d for d, t in zip(leaf.shape, shape)), leaf.dtype,
                              leaf.name)
        opened.append(leaf)
    return nest.pack_sequence_as(spec, opened)
