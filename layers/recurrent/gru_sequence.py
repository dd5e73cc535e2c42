"""A whole GRU loop (reset_after, Keras's default) as one recorded op, with its own back-propagation
through time on arrays: lstm_sequence.py's design for the GRU.

Under one GradientTape each GRU step recorded two ops (the recurrent product ``h @ kernel`` and
gru_gates.step_output) and the sequence output one more: 2T + 1 nodes for the tape to record,
order (backward_order.py) and sweep. Here the loop runs gru_gates' numpy expressions on the raw
arrays, in the same order (so the same outputs), and records one node whose inputs are the
projected steps (last loop step first, so TensorFlow's queue visits their producers in the order
the per-step ops did), the recurrent kernel and the recurrent bias. Its rules walk the steps back
and give each input what the per-step rules gave it, added as the sweep added them:
  - p_t's and m_t's gradients are gru_gates' (blocks side by side, + 0.0); the bias took m_t's
    summed to its shape (the AddV2's reduce_sum: sum_to_array), one term per step;
  - the kernel's read and the bias's slice (ops' outputs: not the AddN chunks of unproduced reads)
    took one term per step, visited last step first: a running sum from the last step back (AddN's
    chunks in an eager loop of ten or more steps: step_term_sums.py);
  - h_{t-1} has two readers in the loop (z * h: g * z, and the product: g @ kernel^T), two terms
    that add alike in either order; with return_sequences a third, the sequence output, whose
    term came first: eagerly TensorFlow's queue adds (output + z's) + product's, and in a traced
    step (fit, tf.function) rnn.py's identity per state groups output + (z's + product's), as
    TensorFlow's backward while loop does.

Only where that holds (``applies``): a GRUCell (reset_after=False: gru_reset_before_sequence.py) with
Keras's default activations, no recurrent dropout (dropout= is fine), no mask, zero initial state, no
return_state or stateful state, float32/float64 numpy arrays, Variable weights read in the layer's
dtype, and no tape or one GradientTape. Under nested tapes or an observer the per-step ops run. A sweep that another
tape records gets the Tensor rules: the same walk with framework ops.
"""
import numpy as np

from framework import graph_random_ops
from framework.array_sweep import sum_to_array
from framework.ops import matmul, sigmoid, tanh, zeros_like
from framework.ops.linalg import _NT, _TN, _matmul_array
from framework.ops.operands import ACTIVE
from framework.ops.shapes import sum_to
from framework.tape import GradientTape
from framework.tensor import Tensor
from framework.variable import Variable

from .. import activations
from . import gru_reset_before_sequence
from .gru_gates import _m, _tensor_grads, forward_arrays, pre_activation_grads_arrays, side_by_side
from .step_gradients import dense_gradient
from .sequence_op import once_per_gradient, record_sequence
from .step_term_sums import chunked, step_sum

_FLOATS = (np.dtype(np.float32), np.dtype(np.float64))


def applies(cell, steps, weights, recurrent_mask, keep, layer, initial_state):
    """Whether ``run`` computes this loop (else rnn.py's per-step loop runs)."""
    from .gru import GRUCell        # (gru.py imports the RNN layer, which imports this module)
    if ACTIVE and not (len(ACTIVE) == 1 and type(ACTIVE[0]) is GradientTape):
        return False
    if not isinstance(cell, GRUCell) or type(cell).step is not GRUCell.step or \
            recurrent_mask is not None or keep is not None or initial_state is not None or layer.return_state or \
            layer.stateful or cell._compute is not None or cell.recurrent_activation is not activations.sigmoid or \
            cell.activation is not activations.tanh or cell._implementation == 1 or cell.gate_masks:
        # (Keras's implementation 1 multiplies per gate: the cell's gate-by-gate steps run)
        return False
    if type(cell.recurrent_kernel) is not Variable or (cell.bias is not None and type(cell.bias) is not Variable):
        return False
    first = steps[0]
    if type(first) is not Tensor or type(first._data) is not np.ndarray:
        return False
    a, u = first._data, cell.units
    if a.dtype not in _FLOATS or a.ndim != 2 or a.shape[1] != 3 * u or a.dtype != np.dtype(layer.compute_dtype):
        return False
    # (reset_after: the kernel's read and bias[1]; else the kernel's slices [:, :2u] and [:, 2u:]: the
    # bias is the input's. A slice is a SliceOfVariable, the output of a getitem op)
    shapes = ((u, 3 * u), (3 * u,)) if cell.reset_after else ((u, 2 * u), (u, u))
    for weight, shape in zip(weights, shapes):
        if weight is None and shape == (3 * u,):
            continue
        if not isinstance(weight, Tensor) or type(weight) is Variable or type(weight._data) is not np.ndarray or \
                weight._data.dtype != a.dtype or weight._data.shape != shape:
            return False
    return all(type(p) is Tensor and type(p._data) is np.ndarray and p._data.shape == a.shape and
               p._data.dtype == a.dtype for p in steps)


def run(cell, steps, weights, return_sequences):
    """The loop over ``steps`` (projected inputs, loop order) from a zero state: every h stacked
    (batch, steps, units) with ``return_sequences``, else the last h."""
    # rnn.py's per-step loop puts an identity on each state in a traced step with return_sequences
    grouped = return_sequences and graph_random_ops.current() is not None
    if not cell.reset_after:
        return gru_reset_before_sequence.run(steps, weights, cell.units, return_sequences, grouped)
    kernel_t, bias_t = weights
    units = cell.units
    kernel = kernel_t._data
    bias = None if bias_t is None else bias_t._data
    u = units
    a0 = steps[0]._data
    h = np.zeros((a0.shape[0], u), a0.dtype)
    saved = []          # per step: (h_{t-1}, z, r, m_h, hh, 1 - z)
    hs = []
    for p in steps:
        mm = _matmul_array(np, h, kernel)
        z, r, m_h, hh, keep, h_new = forward_arrays(np, p._data, mm if bias is None else mm + bias, h, u)
        saved.append((h, z, r, m_h, hh, keep))
        hs.append(h_new)
        h = h_new
    out = Tensor(np.stack(hs, axis=1) if return_sequences else hs[-1])
    if ACTIVE:
        inputs = tuple(steps[::-1]) + ((kernel_t,) if bias_t is None else (kernel_t, bias_t))
        walk = _array_walk(saved, kernel, bias is not None, return_sequences, grouped, u)
        tensor_walk = _tensor_walk(len(steps), bias is not None, return_sequences, grouped, u)
        record_sequence('gru_sequence', inputs, out, walk, tensor_walk)
    return out


def _state_gradient(from_output, from_gate, from_product, grouped):
    """h_{t-1}'s gradient from its readers, added in the per-step sweep's order."""
    if from_output is None:
        return from_gate + from_product
    if grouped:
        return from_output + (from_gate + from_product)
    return (from_output + from_gate) + from_product


def _array_walk(saved, kernel, has_bias, return_sequences, grouped, u):
    """The gradients of (p_{T-1}, ..., p_0, kernel[, bias]) from the output's, computed once per ``g``."""
    chunks = chunked(len(saved))

    def walk(g):
        g = dense_gradient(g)
        steps = len(saved)
        bias_shape = (3 * u,)
        gp, gk, gb = [], [], []
        gh = g[:, steps - 1] if return_sequences else g
        for t in range(steps - 1, -1, -1):
            h_prev, z, r, m_h, hh, keep = saved[t]
            g_az, g_ar, g_ah, g_mh = pre_activation_grads_arrays(gh, h_prev, z, r, m_h, hh, keep)
            gp.append(side_by_side(np, [g_az, g_ar, g_ah]))
            gm = side_by_side(np, [g_az, g_ar, g_mh])
            if has_bias:
                term = sum_to_array(gm, bias_shape)
                gb.append(term)
            term = _TN(h_prev, gm)
            gk.append(term)
            if t:
                gh = _state_gradient(g[:, t - 1] if return_sequences else None, gh * z, _NT(gm, kernel), grouped)
        result = gp + [step_sum(gk, chunks)] + ([step_sum(gb, chunks)] if has_bias else [])
        return result
    return once_per_gradient(walk)


def _tensor_walk(steps, has_bias, return_sequences, grouped, u):
    """``_array_walk`` with framework ops (gru_gates' and matmul's Tensor rules), from the op's Tensor
    inputs, for a sweep another tape records. Computed once per ``g``, as the array walk: one graph for
    that tape to differentiate, as the per-step rules made (a walk per input would add the copies'
    terms at ``g`` in another order)."""
    chunks = chunked(steps)

    def walk(g, tensors):
        ps = tensors[:steps][::-1]          # loop order
        kernel = tensors[steps]
        bias = tensors[steps + 1] if has_bias else None
        h = zeros_like(ps[0][:, :u])
        saved = []
        for p in ps:
            step_inputs = (p, matmul(h, kernel), h) if bias is None else (p, matmul(h, kernel), bias, h)
            m = _m(step_inputs)
            z = sigmoid(p[:, :u] + m[:, :u])
            r = sigmoid(p[:, u:2 * u] + m[:, u:2 * u])
            hh = tanh(p[:, 2 * u:] + r * m[:, 2 * u:])
            saved.append(step_inputs)
            h = z * h + (1 - z) * hh
        gp, gk, gb = [], [], []
        gh = g[:, steps - 1] if return_sequences else g
        for t in range(steps - 1, -1, -1):
            step_inputs = saved[t]
            h_prev = step_inputs[-1]
            # each rule of gru_step_output as the per-step sweep called it (p's, mm's, the bias's, h's),
            # then matmul's: the same graph for a tape that records this sweep (its second derivatives)
            gp.append(_tensor_grads(gh, step_inputs, u)[0])
            gm = _tensor_grads(gh, step_inputs, u)[1]
            if has_bias:
                term = sum_to(_tensor_grads(gh, step_inputs, u)[1], (3 * u,))
                gb.append(term)
            from_gate = gh * sigmoid(step_inputs[0][:, :u] + _m(step_inputs)[:, :u])
            from_product = matmul(gm, kernel, transpose_b=True) if t else None
            term = matmul(h_prev, gm, transpose_a=True)
            gk.append(term)
            if t:
                gh = _state_gradient(g[:, t - 1] if return_sequences else None, from_gate, from_product, grouped)
        result = gp + [step_sum(gk, chunks)] + ([step_sum(gb, chunks)] if has_bias else [])
        return result
    return once_per_gradient(walk)
