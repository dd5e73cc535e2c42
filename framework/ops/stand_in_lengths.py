"""An open length's stand-in, resized to the length another operand fixes, in get_concrete_function's stand-in run.

get_concrete_function runs a trace on stand-in values: an open length (None) is 1, then 12. TF 2.21's graph merges
an open length with the known one an op's shape function pairs it with: tf.concat([x, np.ones((2, 4))], 1) of a
(None, 4) x builds Tensor("concat:0", shape=(2, 8)), where the kernel would refuse the stand-in's 1 rows against 2
and the trace (its prints) be lost. There the stand-in's axis is repeated or cut to the fixed length: its values are
never read. A call on real values (the graph's run, a first call's trace) is left to the kernel, which refuses
mismatched lengths as TF's run does (framework/ops/einsum_stand_ins.py does the same for einsum's letters).
"""
import numpy as np

from .. import backend, graph_missing_kernels, trace_names
from ..tape import ACTIVE, record
from ..tensor import Tensor


def in_stand_in_run():
    """Whether a trace runs now on stand-in values (get_concrete_function's: no graph run follows it)."""
    return trace_names.ACTIVE and not graph_missing_kernels.runs_graph()


def traced_shape(t):
    """``t``'s shape in the running trace (None where a length is open), else its array's."""
    entry = trace_names.entry_of(t)
    shape = entry[1] if entry is not None else trace_names.noted_shape(t)      # (a Cast's: noted, not named)
    return tuple(shape) if shape is not None else tuple(t.shape)


def matched_axes(tensors, skip=None):
    """``tensors`` (of one rank: a concat's operands, joined along axis ``skip``, or a stack's, ``skip`` None), each
    stand-in axis the trace leaves open resized to the length the first operand that knows it fixes there;
    ``tensors`` itself outside a stand-in run, or where a traced rank is not its array's (the kernel says why)."""
    if not in_stand_in_run() or len(tensors) < 2:
        return tensors
    traced = [traced_shape(t) for t in tensors]
    if any(len(shape) != t.ndim for shape, t in zip(traced, tensors)) or len({len(s) for s in traced}) != 1:
        return tensors
    resized = list(tensors)
    for axis in range(len(traced[0])):
        fixed = next((shape[axis] for shape in traced if shape[axis] is not None), None)
        if axis == skip or fixed is None:
            continue
        for k, (t, shape) in enumerate(zip(resized, traced)):
            if shape[axis] is None and t.shape[axis] and t.shape[axis] != fixed:
                resized[k] = resized_axis(t, axis, fixed)
    return resized


def resized_axis(t, axis, length):
    """``t`` with its ``axis`` taken round-robin to ``length`` (a stand-in's values); gradients go back to the
    positions taken, summed."""
    index = np.arange(length) % t.shape[axis]
    xp = backend.array_module(t._data)
    out = Tensor(xp.take(t._data, xp.asarray(index), axis=axis))

    def vjp(g, y, x):
        total = np.zeros(tuple(x.shape), g._data.dtype)
        np.add.at(np.moveaxis(total, axis, 0), index, np.moveaxis(np.asarray(backend.to_host(g._data)), axis, 0))
        return Tensor(backend.place(total))
    if ACTIVE:
        record('stand_in_length', (t,), out, (vjp,))
    return out
