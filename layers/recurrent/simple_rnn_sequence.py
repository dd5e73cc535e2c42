"""A whole SimpleRNN loop (tanh) as one recorded op: lstm_sequence.py's design for the simplest cell.

Each step ``h_t = tanh(p_t + h_{t-1} @ kernel)`` recorded three ops (the product, the sum, tanh) and
the sequence output one more. Here the loop runs the same numpy expressions on the raw arrays (in a
traced step on static shapes, the sum as grappler regroups it: regrouped_step_sum.py) and records
one node whose inputs are the projected steps (last loop step first, as TensorFlow's queue visited
their producers) and the recurrent kernel's read. Its rules give what the per-step rules gave:
tanh's g * (1 - h_t * h_t) to p_t (the sum passes it on) and to the product, whose rules give
h_{t-1} g @ kernel^T and the kernel h_{t-1}^T @ g, one term per step added last step first (AddN's
chunks in an eager loop of ten or more steps: step_term_sums.py). h_t has
two readers at most (the next product and the sequence output): two terms add alike in any order.

Only with tanh, no recurrent dropout, no mask, zero initial state, no return_state or stateful
state, float32/float64 numpy arrays, a Variable kernel read in the layer's dtype, and no tape or one
GradientTape (``applies``). A sweep that another tape records gets the Tensor rules: the separate
ops' rules with framework ops, computed once per gradient (one graph, as the per-step rules made).
"""
import numpy as np

from framework.ops import matmul, tanh, zeros_like
from framework.ops.linalg import _NT, _TN, _matmul_array
from framework.ops.operands import ACTIVE
from framework.ops.unary import tanh_value
from framework.tape import GradientTape
from framework.tensor import Tensor
from framework.variable import Variable

from .. import activations
from .regrouped_step_sum import regrouped_sum
from .step_gradients import dense_gradient
from .sequence_op import once_per_gradient, record_sequence
from .step_term_sums import chunked, step_sum

_FLOATS = (np.dtype(np.float32), np.dtype(np.float64))


def applies(cell, steps, weights, recurrent_mask, keep, layer, initial_state):
    """Whether ``run`` computes this loop (else rnn.py's per-step loop runs)."""
    from .simple_rnn import SimpleRNNCell       # (simple_rnn.py imports the RNN layer, which imports this)
    if ACTIVE and not (len(ACTIVE) == 1 and type(ACTIVE[0]) is GradientTape):
        return False
    if not isinstance(cell, SimpleRNNCell) or type(cell).step is not SimpleRNNCell.step or \
            cell.activation is not activations.tanh or recurrent_mask is not None or keep is not None or \
            initial_state is not None or layer.return_state or layer.stateful or cell._compute is not None or \
            type(cell.recurrent_kernel) is not Variable:
        return False
    (kernel,) = weights
    first = steps[0][0] if type(steps[0]) is tuple else steps[0]
    if type(first) is not Tensor or type(first._data) is not np.ndarray or type(kernel) is not Tensor:
        return False
    a, u, k = first._data, cell.units, kernel._data
    if a.dtype not in _FLOATS or a.ndim != 2 or a.shape[1] != u or type(k) is not np.ndarray or \
            k.dtype != a.dtype or k.shape != (u, u) or a.dtype != np.dtype(layer.compute_dtype):
        return False
    return all(type(p) is Tensor and type(p._data) is np.ndarray and p._data.shape == a.shape and
               p._data.dtype == a.dtype for p in (s[0] if type(s) is tuple else s for s in steps))


def run(cell, steps, weights, return_sequences):
    """The loop over ``steps`` (projected inputs, loop order; in a regrouping trace each with its
    bias-free product) from a zero state: every h stacked with ``return_sequences``, else the last."""
    (kernel_t,) = weights
    kernel = kernel_t._data
    bias = cell.input_bias()._data if type(steps[0]) is tuple else None
    tensors = [s[0] if type(s) is tuple else s for s in steps]
    a0 = tensors[0]._data
    h = np.zeros(a0.shape, a0.dtype)
    hs = [h]            # h_{t-1} of each step, then the last h
    for step in steps:
        if bias is None:
            h = tanh_value(step._data + _matmul_array(np, h, kernel))
        else:
            h = tanh_value((step[1] + _matmul_array(np, h, kernel)) + bias)     # grappler's regrouped sum
        hs.append(h)
    out = Tensor(np.stack(hs[1:], axis=1) if return_sequences else h)
    if ACTIVE:
        inputs = tuple(tensors[::-1]) + (kernel_t,)
        walk = _array_walk(hs, kernel, return_sequences)
        bias_free = [s[1] for s in steps] if bias is not None else None
        tensor_walk = _tensor_walk(len(steps), return_sequences, bias_free, bias)
        record_sequence('simple_rnn_sequence', inputs, out, walk, tensor_walk)
    return out


def _array_walk(hs, kernel, return_sequences):
    """The gradients of (p_{T-1}, ..., p_0, kernel) from the output's, computed once per ``g``."""
    chunks = chunked(len(hs) - 1)

    def walk(g):
        g = dense_gradient(g)
        steps = len(hs) - 1
        gp, gk = [], []
        gh = g[:, steps - 1] if return_sequences else g
        for t in range(steps - 1, -1, -1):
            y = hs[t + 1]
            ga = gh * (1 - y * y)           # tanh's rule; the sum passes it to p_t and the product
            gp.append(ga)
            term = _TN(hs[t], ga)
            gk.append(term)
            if t:
                from_product = _NT(ga, kernel)
                gh = g[:, t - 1] + from_product if return_sequences else from_product
        result = gp + [step_sum(gk, chunks)]
        return result
    return once_per_gradient(walk)


def _tensor_walk(steps, return_sequences, bias_free, bias):
    """``_array_walk`` with framework ops, from the op's Tensor inputs (p_{T-1}, ..., p_0, kernel): the
    forward pass again as the per-step ops ran it (the regrouped sum's value where it was one)."""
    chunks = chunked(steps)

    def walk(g, tensors):
        ps = tensors[:steps][::-1]
        kernel = tensors[steps]
        hs = [zeros_like(ps[0])]
        for t, p in enumerate(ps):
            product = matmul(hs[-1], kernel)
            hs.append(tanh(p + product if bias_free is None else regrouped_sum(p, product, bias_free[t], bias)))
        gp, gk = [], []
        gh = g[:, steps - 1] if return_sequences else g
        for t in range(steps - 1, -1, -1):
            y = hs[t + 1]
            ga = gh * (1 - y * y)
            gp.append(ga)
            from_product = matmul(ga, kernel, transpose_b=True) if t else None
            term = matmul(hs[t], ga, transpose_a=True)
            gk.append(term)
            if t:
                gh = g[:, t - 1] + from_product if return_sequences else from_product
        result = gp + [step_sum(gk, chunks)]
        return result
    return once_per_gradient(walk)
