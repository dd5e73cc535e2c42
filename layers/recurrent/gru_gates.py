"""A GRU step's gate arithmetic (reset_after, Keras's default) as one recorded op instead of sixteen.

With Keras's default activations, from the step's input projection ``p``, its recurrent product
``mm`` and recurrent bias (column blocks z, r, h each) and the state ``h``:

    m = mm + bias           (Keras's ``+=``: an AddV2, whose bias gradient is reduce_sum's)
    z = sigmoid(p_z + m_z);  r = sigmoid(p_r + m_r);  hh = tanh(p_h + r * m_h)
    h_t = z * h + (1 - z) * hh

Op by op that is six slices, four sums, three activations, three products, a difference and a sum
per time step, each dispatched, wrapped and recorded, and as many rules in the backward sweep. Here
it is one op on the raw arrays: the same numpy expressions, on the same slices (views), in the same
order, so the same values; its rules chain the separate ops' rules (multiply's g * y, subtract's -g,
sigmoid's g * (y * (1 - y)), tanh's g * (1 - y * y), the sums' pass-through), so the same gradients:
the bias takes m's gradient, which the sweep sums to the bias's shape as it summed the AddV2's. z's
two gradients (from ``z * h`` and ``1 - z``) add as the tape adds them (two terms: either order).
The separate ops gave p and m their gradient as three disjoint slices summed, which turns a -0.0
into +0.0; the blocks are put side by side here and then + 0.0 does the same. The rules' Tensor
forms recompute the gates with framework ops, for a sweep that another tape records; a step
recorded by two tapes at once (nested tapes: second derivatives) runs the separate ops.

Other activations, reset_after=False, dtypes other than float32 / float64, device arrays and variable
states keep the separate ops (``applies``; the op itself takes cupy arrays too).
"""
import numpy as np

from framework import backend
from framework.ops import concat, eigen_math, sigmoid, tanh
from framework.ops.operands import ACTIVE, record
from framework.ops.unary import _sigmoid_value, sigmoid_grad, sigmoid_grad_array, tanh_value
from framework.tape import GradientTape, array_rule
from framework.tensor import Tensor

from .. import activations

_FLOATS = (np.dtype(np.float32), np.dtype(np.float64))


def applies(p, m, bias, h, gate, act):
    """Whether the fused op computes this step (else the caller runs the separate ops)."""
    # (asked every time step: the raw arrays' shapes, no generator; a Tensor's .shape builds a TensorShape)
    if gate is not activations.sigmoid or act is not activations.tanh or \
            type(p) is not Tensor or type(m) is not Tensor or type(h) is not Tensor:
        return False
    a, md, hd = p._data, m._data, h._data
    if type(a) is not np.ndarray or type(md) is not np.ndarray or type(hd) is not np.ndarray or \
            a.dtype not in _FLOATS or md.dtype != a.dtype or hd.dtype != a.dtype:
        return False
    if bias is not None and (not isinstance(bias, Tensor) or type(bias._data) is not np.ndarray or
                             bias._data.dtype != a.dtype or bias._data.shape != a.shape[1:]):
        return False        # (a bias that the AddV2 would broadcast otherwise: the separate ops)
    # (a numerics check observes ops by name: it should name the separate ops that TensorFlow runs;
    # under nested tapes the separate ops' second derivatives keep their bits, where the fused
    # rules' Tensor forms, another graph of the same terms, differed in last bits)
    return a.ndim == 2 == hd.ndim and a.shape == md.shape == (hd.shape[0], 3 * hd.shape[1]) and \
        (not ACTIVE or (len(ACTIVE) == 1 and type(ACTIVE[0]) is GradientTape))


def step_output(p, mm, bias, h, u):
    """h_t = z * h + (1 - z) * tanh(p_h + r * m_h), z and r the sigmoids of p_z + m_z and p_r + m_r,
    m = mm + bias (no bias: mm)."""
    inputs = (p, mm, h) if bias is None else (p, mm, bias, h)
    a, hp = p._data, h._data
    xp = backend.array_module(a)
    z, r, m_h, hh, keep, h_new = forward_arrays(xp, a, mm._data if bias is None else mm._data + bias._data, hp, u)
    out = Tensor(h_new)
    if ACTIVE:
        last = [None, None]         # (g, its pre-activation gradients): computed once for p, mm and the bias

        def pre_activation_grads(g):
            if last[0] is not g:
                last[:] = [g, pre_activation_grads_arrays(g, hp, z, r, m_h, hh, keep)]
            return last[1]

        def p_rule(g, out, *arrays):
            g_az, g_ar, g_ah, _ = pre_activation_grads(g)
            return side_by_side(xp, [g_az, g_ar, g_ah])

        m_grad = []             # (g, m's gradient): computed once for mm and the bias

        def m_rule(g, out, *arrays):
            if not m_grad or m_grad[0] is not g:
                g_az, g_ar, _, g_mh = pre_activation_grads(g)
                m_grad[:] = [g, side_by_side(xp, [g_az, g_ar, g_mh])]
            return m_grad[1]
        to_m = array_rule(lambda g, out, *t: _tensor_grads(g, t, u)[1], m_rule)
        record('gru_step_output', inputs, out, (
            array_rule(lambda g, out, *t: _tensor_grads(g, t, u)[0], p_rule), to_m) + (to_m,) * (len(inputs) - 3) + (
            array_rule(lambda g, out, *t: g * sigmoid(t[0][:, :u] + _m(t)[:, :u]), lambda g, out, *arrays: g * z),))
    return out


def forward_arrays(xp, a, b, hp, u):
    """(z, r, m_h, hh, 1 - z, h_t) on raw arrays from p's ``a``, m's ``b`` (mm + bias) and the state ``hp``."""
    z, r = _update_and_reset(xp, a, b, u)
    m_h = b[:, 2 * u:]
    hh = tanh_value(a[:, 2 * u:] + r * m_h)
    keep = 1 - z
    return z, r, m_h, hh, keep, z * hp + keep * hh


def pre_activation_grads_arrays(g, hp, z, r, m_h, hh, keep):
    """The gradients of p_z + m_z, p_r + m_r and p_h + r * m_h, and r's product's for m_h, from h_t's ``g``."""
    gz = g * hp + -(g * hh)           # z * h's rule, then 1 - z's (subtract: -g)
    g_ah = (g * keep) * (1 - hh * hh)
    return sigmoid_grad_array(gz, z), sigmoid_grad_array(g_ah * m_h, r), g_ah, g_ah * r


def side_by_side(xp, blocks):
    """The gradient blocks joined along the columns, + 0.0 added in place (the same values as a new sum:
    a -0.0 made +0.0, as the separate ops' sum of slices did)."""
    out = xp.concatenate(blocks, axis=1)
    out += out.dtype.type(0)
    return out


def _update_and_reset(xp, a, b, u):
    """z and r: the sigmoids of p_z + m_z and p_r + m_r. Past eigen_math's exact sizes each value is
    computed alone (the same bits on any slice: lstm_gates._gate_sigmoids), so both blocks go through
    one sum and one sigmoid, the gates then copied out (products on strided views run 2x slower);
    eigen_math's kernels, whose packets depend on an element's place, get each block, as the
    separate ops do."""
    # (float32 and float64 alike: eigen_math64's kernels also work in packets)
    if a.dtype in _FLOATS and xp is np and eigen_math.exact_elementwise(a.shape[0] * u):
        return _sigmoid_value(xp, a[:, :u] + b[:, :u]), _sigmoid_value(xp, a[:, u:2 * u] + b[:, u:2 * u])
    zr = _sigmoid_value(xp, a[:, :2 * u] + b[:, :2 * u])
    return zr[:, :u].copy(), zr[:, u:].copy()


def _m(tensors):
    """m from the op's Tensor inputs (p, mm[, bias], h), recomputed with framework ops."""
    return tensors[1] if len(tensors) == 3 else tensors[1] + tensors[2]


def _tensor_grads(g, tensors, u):
    """p's and m's gradients with framework ops (the separate ops' Tensor rules), for recorded sweeps."""
    p, m, h = tensors[0], _m(tensors), tensors[-1]
    z = sigmoid(p[:, :u] + m[:, :u])
    r = sigmoid(p[:, u:2 * u] + m[:, u:2 * u])
    m_h = m[:, 2 * u:]
    hh = tanh(p[:, 2 * u:] + r * m_h)
    g_az = sigmoid_grad(z, g * h + -(g * hh))
    g_ah = (g * (1 - z)) * (1 - hh * hh)
    g_ar = sigmoid_grad(r, g_ah * m_h)
    return concat([g_az, g_ar, g_ah], axis=1) + 0.0, concat([g_az, g_ar, g_ah * r], axis=1) + 0.0
