"""RaggedTensors as GradientTape sources and targets, as TensorFlow's composite_tensor_gradient takes them:
a ragged tensor is watched and differentiated through its flat values, and its gradient is a RaggedTensor
with its row partitions. Other composites (a SparseTensor) are TensorFlow's ValueError."""
from . import nest
from .composite import CompositeTensor
from .ragged.ragged_tensor import RaggedTensor


def involves_composites(*structures):
    return any(isinstance(x, CompositeTensor) for s in structures for x in nest.flatten(s))


def gradient_tensor(x):
    """The tensor a tape differentiates for ``x``: a RaggedTensor's flat values, a tensor itself."""
    if isinstance(x, RaggedTensor):
        return x.flat_values
    if isinstance(x, CompositeTensor):
        raise ValueError('Type %s is not supported as a gradient source or gradient target.' % type(x).__name__)
    return x


def gradient(tape, target, sources, output_gradients, unconnected_gradients):
    """``tape.gradient`` with RaggedTensors among the target, sources or output gradients."""
    flat_sources = nest.flatten(sources)
    seeds = None if output_gradients is None else [gradient_tensor(g) for g in nest.flatten(output_gradients)]
    grads = tape.gradient([gradient_tensor(t) for t in nest.flatten(target)],
                          [gradient_tensor(s) for s in flat_sources], seeds, unconnected_gradients)
    return nest.pack_sequence_as(sources, [s.with_flat_values(g) if isinstance(s, RaggedTensor) and g is not None
                                           else g for s, g in zip(flat_sources, grads)])
