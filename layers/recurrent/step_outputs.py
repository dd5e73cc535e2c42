"""A recurrent layer's sequence output (return_sequences): its steps' outputs stacked along axis 1 as one op.

``stack(outputs, axis=1)`` joins T steps as T expand_dims ops and a concat: T + 1 recorded ops, whose
rules (a slice of the concat's gradient, a reshape) have no array form, so the array sweep wraps the
gradient and runs two framework ops per step. Under one GradientTape (a fit step, a custom loop),
here the join is one recorded op whose rule for step t is the view ``g[:, t]``: the values the slice
and the reshape gave (a view as theirs), for one node instead of 21 over 20 steps (a stacked LSTM's
first layer: 14k of its 100k Python opcodes per forward pass went to the join). Each step's output
keeps its readers (this op and the next step's), so the tape adds its gradients as before.

Under nested tapes or an observer of ops, and for steps that are not one shape and dtype (the
layer's own error then comes from ``stack``), the steps go through ``stack``.
"""
from framework.backend import array_module
from framework.ops import stack
from framework.ops.operands import ACTIVE, record
from framework.tape import GradientTape, array_rule
from framework.tensor import Tensor

from .step_gradients import dense_gradient


def stacked_steps(outputs):
    """``stack(outputs, axis=1)`` for the (batch, ...) Tensors a recurrent loop made, first step first."""
    first = outputs[0]
    if not _joins(outputs, first):
        return stack(outputs, axis=1)
    arrays = [o._data for o in outputs]
    out = Tensor(array_module(first._data).stack(arrays, axis=1))
    if ACTIVE:
        record('stack', tuple(outputs), out, tuple(_step_rule(t) for t in range(len(outputs))))
    return out


def _joins(outputs, first):
    if ACTIVE and not (len(ACTIVE) == 1 and type(ACTIVE[0]) is GradientTape):
        return False
    shape, dtype = first._data.shape, first._data.dtype
    for o in outputs:
        if type(o) is not Tensor or o._data.shape != shape or o._data.dtype != dtype:
            return False
    # (one tensor given as two steps would have its gradients added in this op's order: stack's then)
    return len(set(map(id, outputs))) == len(outputs)


def _step_rule(t):
    index = (slice(None), t)
    return array_rule(lambda g, y, *steps: g[index], lambda g, y, *arrays: dense_gradient(g)[index])
