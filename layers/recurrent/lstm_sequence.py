"""A whole LSTM loop as one recorded op, with its own back-propagation through time on arrays.

Under one GradientTape (a fit step, a custom loop) each LSTM step recorded three ops (z, c_t, h_t:
lstm_gates.step_from_state) and the sequence output one more: 3T + 1 nodes for the tape to record,
order (backward_order.py) and sweep, ~60% of an LSTM(32)'s Python work per batch. Here the loop
runs the same numpy expressions on the raw arrays, in the same order (so the same outputs), and
records one node whose inputs are the projected steps (last loop step first), the recurrent
kernel and the bias. Its rules walk the steps back and give each input what the per-step rules
gave it, added as the sweep added them:
  - z_t's gradient is the sum of its two readers' parts (zeros in the other's columns: a + 0.0,
    which is ``gz + 0.0`` here), passed on to p_t unchanged;
  - h_{t-1} and c_{t-1} have two readers each (two terms add alike in either order);
  - the recurrent kernel's read and the bias's (identity ops of their Variables: not the AddN
    chunks that unproduced reads get, addn_chunks.py) took one term per step, visited last step
    first: a running sum from the last step back, or AddN's chunks where Keras's eager loop reads
    them at every step (step_term_sums.py).
The projected steps keep their own ops; they are inputs here last loop step first, so TensorFlow's
queue visits their producers in the order the per-step ops did.

Only where that holds (``applies``): Keras's default activations, no recurrent dropout, no mask,
zero initial states, no return_state or stateful states, float32/float64 numpy arrays, Variable
weights read in the layer's dtype, and no tape or one GradientTape. Under nested tapes or an
observer the per-step ops run (their second derivatives keep their bits). A sweep that another
tape records gets the Tensor rules: the same walk with framework ops.
"""
import numpy as np

from framework.ops import bias_add, concat, matmul, sigmoid, tanh, zeros_like
from framework.ops.bias_add_kernel import bias_add_grad, bias_grad_sum
from framework.ops.linalg import _NT, _TN, _matmul_array
from framework.ops.operands import ACTIVE
from framework.ops.unary import sigmoid_grad, sigmoid_grad_array, tanh_value
from framework.tape import GradientTape
from framework.tensor import Tensor
from framework.variable import Variable

from .lstm_gates import _gate_sigmoids
from .step_gradients import dense_gradient
from .sequence_op import once_per_gradient, record_sequence
from .step_term_sums import chunked, step_sum

_FLOATS = (np.dtype(np.float32), np.dtype(np.float64))


def applies(cell, steps, weights, recurrent_mask, keep, layer, initial_state):
    """Whether ``run`` computes this loop (else rnn.py's per-step loop runs)."""
    from .lstm import LSTMCell      # (lstm.py imports the RNN layer, which imports this module)
    if ACTIVE and not (len(ACTIVE) == 1 and type(ACTIVE[0]) is GradientTape):
        return False
    if not isinstance(cell, LSTMCell) or keep is not None or initial_state is not None or layer.return_state or \
            layer.stateful or cell._compute is not None or not cell.states_read_twice(recurrent_mask) or \
            cell._implementation == 1 or cell.gate_masks:
        # (Keras's implementation 1 multiplies per gate: the cell's gate-by-gate steps run)
        return False
    has_bias = len(weights) > 1 and weights[1] is not None      # (use_bias=False: None)
    if type(cell.recurrent_kernel) is not Variable or (has_bias and type(cell.bias) is not Variable):
        return False
    first = steps[0]
    if type(first) is not Tensor or type(first._data) is not np.ndarray:
        return False
    a, u = first._data, cell.units
    kernel = weights[0]._data
    if a.dtype not in _FLOATS or a.ndim != 2 or a.shape[1] != 4 * u or type(kernel) is not np.ndarray or \
            kernel.dtype != a.dtype or kernel.shape != (u, 4 * u) or a.dtype != np.dtype(layer.compute_dtype):
        return False
    if has_bias:
        bias = weights[1]._data
        if type(bias) is not np.ndarray or bias.dtype != a.dtype or bias.shape != (4 * u,):
            return False
    return all(type(p) is Tensor and type(p._data) is np.ndarray and p._data.shape == a.shape and
               p._data.dtype == a.dtype for p in steps)


def run(steps, weights, units, return_sequences):
    """The loop over ``steps`` (projected inputs, loop order) from zero states: every h stacked
    (batch, steps, units) with ``return_sequences``, else the last h."""
    weights = tuple(w for w in weights if w is not None)
    kernel = weights[0]._data
    bias = weights[1]._data if len(weights) > 1 else None
    u = units
    a0 = steps[0]._data
    h = np.zeros((a0.shape[0], u), a0.dtype)
    c = np.zeros((a0.shape[0], u), a0.dtype)
    saved = []          # per step: (h_{t-1}, c_{t-1}, i, f, g, o, tanh(c_t))
    hs = []
    for p in steps:
        a = p._data + _matmul_array(np, h, kernel)
        if bias is not None:
            a = a + bias
        i, f, o = _gate_sigmoids(np, a, u)
        g = tanh_value(a[:, 2 * u:3 * u])
        c_new = f * c + i * g
        tc = tanh_value(c_new)
        h_new = o * tc
        saved.append((h, c, i, f, g, o, tc))
        hs.append(h_new)
        h, c = h_new, c_new
    out = Tensor(np.stack(hs, axis=1) if return_sequences else hs[-1])
    if ACTIVE:
        inputs = tuple(steps[::-1]) + tuple(weights)
        walk = _array_walk(saved, kernel, bias is not None, return_sequences, u)
        tensor_walk = _tensor_walk(len(steps), len(weights) > 1, return_sequences, u)
        record_sequence('lstm_sequence', inputs, out, walk, tensor_walk)
    return out


def _array_walk(saved, kernel, has_bias, return_sequences, u):
    """The gradients of (p_{T-1}, ..., p_0, kernel[, bias]) from the output's, computed once per ``g``."""
    chunks = chunked(len(saved))

    def walk(g):
        g = dense_gradient(g)
        steps = len(saved)
        gp, gk, gb = [], [], []
        gh_next = gc_next = None        # h_t's from z_{t+1}, c_t's from the state op of step t + 1
        for t in range(steps - 1, -1, -1):
            h_prev, c_prev, i, f, gg, o, tc = saved[t]
            if return_sequences:
                gh = g[:, t] if gh_next is None else gh_next + g[:, t]
            else:
                gh = g if gh_next is None else gh_next
            gc = (gh * o) * (1 - tc * tc)
            if gc_next is not None:
                gc = gc + gc_next
            gz = np.empty((h_prev.shape[0], 4 * u), h_prev.dtype)
            gz[:, :u] = sigmoid_grad_array(gc * gg, i)
            gz[:, u:2 * u] = sigmoid_grad_array(gc * c_prev, f)
            gz[:, 2 * u:3 * u] = (gc * i) * (1 - gg * gg)
            gz[:, 3 * u:] = sigmoid_grad_array(gh * tc, o)
            gz += gz.dtype.type(0)      # each column block came with the other reader's zeros
            gp.append(gz)
            term = _TN(h_prev, gz)
            gk.append(term)
            if has_bias:
                term = bias_grad_sum(gz)
                gb.append(term)
            if t:
                gh_next = _NT(gz, kernel)
                gc_next = gc * f
        result = gp + [step_sum(gk, chunks)] + ([step_sum(gb, chunks)] if has_bias else [])
        return result
    return once_per_gradient(walk)


def _tensor_walk(steps, has_bias, return_sequences, u):
    """``_array_walk`` with framework ops, from the op's Tensor inputs (for a sweep another tape records).
    Computed once per ``g``, as the array walk: one graph for that tape to differentiate, as the per-step
    rules made (a walk per input would add the copies' terms at ``g`` in another order)."""
    chunks = chunked(steps)

    def walk(g, tensors):
        ps = tensors[:steps][::-1]          # loop order
        kernel = tensors[steps]
        bias = tensors[steps + 1] if has_bias else None
        h = c = zeros_like(ps[0][:, :u])
        saved = []
        for p in ps:
            z = p + matmul(h, kernel)
            if bias is not None:
                z = bias_add(z, bias)
            i, f, gg, o = sigmoid(z[:, :u]), sigmoid(z[:, u:2 * u]), tanh(z[:, 2 * u:3 * u]), sigmoid(z[:, 3 * u:])
            c_new = f * c + i * gg
            tc = tanh(c_new)
            saved.append((h, c, i, f, gg, o, tc))
            h, c = o * tc, c_new
        gp, gk, gb = [], [], []
        gh_next = gc_next = None
        for t in range(steps - 1, -1, -1):
            h_prev, c_prev, i, f, gg, o, tc = saved[t]
            gh = (g[:, t] if gh_next is None else gh_next + g[:, t]) if return_sequences else \
                (g if gh_next is None else gh_next)
            gc = (gh * o) * (1 - tc * tc)
            if gc_next is not None:
                gc = gc + gc_next
            gz = concat([sigmoid_grad(i, gc * gg), sigmoid_grad(f, gc * c_prev), (gc * i) * (1 - gg * gg),
                         sigmoid_grad(o, gh * tc)], axis=1)
            gp.append(gz)
            term = matmul(h_prev, gz, transpose_a=True)
            gk.append(term)
            if has_bias:
                term = bias_add_grad(gz)
                gb.append(term)
            if t:
                gh_next = matmul(gz, kernel, transpose_b=True)
                gc_next = gc * f
        result = gp + [step_sum(gk, chunks)] + ([step_sum(gb, chunks)] if has_bias else [])
        return result
    return once_per_gradient(walk)
