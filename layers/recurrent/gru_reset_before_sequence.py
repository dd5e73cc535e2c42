"""A whole GRU loop with reset_after=False as one recorded op: gru_sequence.py's op for the other
GRU, whose reset gate multiplies the state before the recurrent product:

    m = h @ kernel_zr;  z = sigmoid(p_z + m_z);  r = sigmoid(p_r + m_r)
    hh = tanh(p_h + (r * h) @ kernel_h);  h_t = z * h + (1 - z) * hh

Each step ran that as seventeen recorded ops (gru.py: slices, sums, products, activations). Here the
loop runs each op's numpy expression on the raw arrays in the same order (the same values) and the
rules give each input what the separate ops' rules gave it, added as the per-step sweep added it:
  - p_t's three slices and m's two took disjoint zero-padded parts (the sums of side_by_side);
  - z's two readers (z * h and 1 - z) add g * h + -(g * hh), as gru_gates' op does;
  - h_{t-1} has three readers in a step, which TensorFlow's queue visits as z * h, r * h, then the
    product h @ kernel_zr: (z's + r's) + product's; with return_sequences the sequence output's term
    comes first, ((output + z's) + r's) + product's, or in a traced step (rnn.py's identity per state)
    output + ((z's + r's) + product's);
  - the two kernel slices (getitem outputs) took one term per step, last step first (in an eager
    loop of five or more steps the variable's 2T terms as one AddN: step_term_sums.py).
The Tensor rules are the separate ops' own rules, called in the sweep's order, so that a tape
recording the sweep sees the same graph. ``gru_sequence.applies`` decides where it runs.
"""
import numpy as np

from framework.ops import matmul, sigmoid, tanh, zeros_like
from framework.ops.indexing import _scatter
from framework.ops.linalg import _NT, _TN, _matmul_array
from framework.ops.operands import ACTIVE
from framework.ops.unary import _sigmoid_value, sigmoid_grad, sigmoid_grad_array, tanh_value
from framework.tensor import Tensor

from .gru_gates import side_by_side
from .step_gradients import dense_gradient
from .step_term_sums import chunked, interleaved_sums
from .sequence_op import once_per_gradient, record_sequence


def run(steps, weights, units, return_sequences, grouped):
    """The loop over ``steps`` (projected inputs, loop order) from a zero state; ``grouped``: a traced
    step's grouping of the state's gradients (return_sequences)."""
    kernel_zr_t, kernel_h_t = weights
    kernel_zr, kernel_h = kernel_zr_t._data, kernel_h_t._data
    u = units
    a0 = steps[0]._data
    h = np.zeros((a0.shape[0], u), a0.dtype)
    saved = []          # per step: (h_{t-1}, z, r, r * h_{t-1}, hh, 1 - z)
    hs = []
    for p in steps:
        a = p._data
        m = _matmul_array(np, h, kernel_zr)
        z = _sigmoid_value(np, a[:, :u] + m[:, :u])
        r = _sigmoid_value(np, a[:, u:2 * u] + m[:, u:])
        rh = r * h
        hh = tanh_value(a[:, 2 * u:] + _matmul_array(np, rh, kernel_h))
        keep = 1 - z
        h_new = z * h + keep * hh
        saved.append((h, z, r, rh, hh, keep))
        hs.append(h_new)
        h = h_new
    out = Tensor(np.stack(hs, axis=1) if return_sequences else hs[-1])
    if ACTIVE:
        inputs = tuple(steps[::-1]) + (kernel_zr_t, kernel_h_t)
        walk = _array_walk(saved, kernel_zr, kernel_h, return_sequences, grouped, u)
        tensor_walk = _tensor_walk(len(steps), return_sequences, grouped, u)
        record_sequence('gru_sequence', inputs, out, walk, tensor_walk)
    return out


def _state_gradient(from_output, from_update, from_reset, from_product, grouped):
    """h_{t-1}'s gradient from its readers, added in the per-step sweep's order."""
    if from_output is None:
        return (from_update + from_reset) + from_product
    if grouped:
        return from_output + ((from_update + from_reset) + from_product)
    return ((from_output + from_update) + from_reset) + from_product


def _array_walk(saved, kernel_zr, kernel_h, return_sequences, grouped, u):
    """The gradients of (p_{T-1}, ..., p_0, kernel_zr, kernel_h) from the output's, once per ``g``."""
    chunks = chunked(2 * len(saved))      # the kernel's two slices: 2T reads

    def walk(g):
        g = dense_gradient(g)
        steps = len(saved)
        gp, g_kzr, g_kh = [], [], []
        gh = g[:, steps - 1] if return_sequences else g
        for t in range(steps - 1, -1, -1):
            h_prev, z, r, rh, hh, keep = saved[t]
            g_az = sigmoid_grad_array(gh * h_prev + -(gh * hh), z)       # z * h's rule, then 1 - z's
            g_ah = (gh * keep) * (1 - hh * hh)
            g_rh = _NT(g_ah, kernel_h)
            term = _TN(rh, g_ah)
            g_kh.append(term)
            g_ar = sigmoid_grad_array(g_rh * h_prev, r)
            gp.append(side_by_side(np, [g_az, g_ar, g_ah]))
            g_m = side_by_side(np, [g_az, g_ar])
            term = _TN(h_prev, g_m)
            g_kzr.append(term)
            if t:
                gh = _state_gradient(g[:, t - 1] if return_sequences else None, gh * z, g_rh * r,
                                     _NT(g_m, kernel_zr), grouped)
        result = gp + interleaved_sums(g_kzr, g_kh, chunks)
        return result
    return once_per_gradient(walk)


def _tensor_walk(steps, return_sequences, grouped, u):
    """``_array_walk`` with the separate ops' Tensor rules, from the op's Tensor inputs, for a sweep
    another tape records (computed once per ``g``: one graph, as the per-step rules made)."""
    chunks = chunked(2 * steps)

    def walk(g, tensors):
        ps = tensors[:steps][::-1]          # loop order
        kernel_zr, kernel_h = tensors[steps], tensors[steps + 1]
        h = zeros_like(ps[0][:, :u])
        saved = []
        for p in ps:
            m = matmul(h, kernel_zr)
            z = sigmoid(p[:, :u] + m[:, :u])
            r = sigmoid(p[:, u:2 * u] + m[:, u:])
            rh = r * h
            hh = tanh(p[:, 2 * u:] + matmul(rh, kernel_h))
            keep = 1 - z
            saved.append((h, z, r, rh, hh, keep))
            h = z * h + keep * hh
        p_shape, m_shape = tuple(ps[0].shape), (ps[0].shape[0], 2 * u)
        z_block, r_block, h_block = (slice(None), slice(None, u)), (slice(None), slice(u, 2 * u)), \
            (slice(None), slice(2 * u, None))
        gp, g_kzr, g_kh = [], [], []
        gh = g[:, steps - 1] if return_sequences else g
        for t in range(steps - 1, -1, -1):
            h_prev, z, r, rh, hh, keep = saved[t]
            # the rules in TensorFlow's visiting order: z * h, keep * hh, 1 - z, tanh, sigmoid(z), the
            # slices, the products and r's
            from_update = gh * z
            g_z = gh * h_prev + -(gh * hh)
            g_ah = (gh * keep) * (1 - hh * hh)
            g_az = sigmoid_grad(z, g_z)
            g_rh = matmul(g_ah, kernel_h, transpose_b=True)
            term = matmul(rh, g_ah, transpose_a=True)
            g_kh.append(term)
            from_reset = g_rh * r
            g_ar = sigmoid_grad(r, g_rh * h_prev)
            gp.append((_scatter(g_ah, h_block, p_shape) + _scatter(g_az, z_block, p_shape)) +
                      _scatter(g_ar, r_block, p_shape))
            g_m = _scatter(g_az, z_block, m_shape) + _scatter(g_ar, (slice(None), slice(u, None)), m_shape)
            from_product = matmul(g_m, kernel_zr, transpose_b=True) if t else None
            term = matmul(h_prev, g_m, transpose_a=True)
            g_kzr.append(term)
            if t:
                gh = _state_gradient(g[:, t - 1] if return_sequences else None, from_update, from_reset,
                                     from_product, grouped)
        result = gp + interleaved_sums(g_kzr, g_kh, chunks)
        return result
    return once_per_gradient(walk)
