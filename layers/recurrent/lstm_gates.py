"""An LSTM step after its two products, as two recorded ops instead of fifteen.

With Keras's default activations the step, from the input projection ``p``, the recurrent product
``r`` and the bias (when it comes last, Keras's implementation 2), is

    z = (p + r) + bias                  (an AddV2, then a BiasAdd)
    i, f, g, o = sigmoid(z_i), sigmoid(z_f), tanh(z_g), sigmoid(z_o)      (z's four column blocks)
    c_t = f * c_{t-1} + i * g           (the first op: ``c_t`` from p, r, bias, c_{t-1})
    h_t = o * tanh(c_t)                 (the second: ``h_t`` from p, r, bias, c_t)

which, op by op, costs two sums, four slices, five activations, four products and a sum per time
step, each dispatched, wrapped and recorded, and as many rules in the backward sweep: most of an
LSTM(32) training step on a batch of 32. Here z is computed once and each line is one op on the raw
arrays: the same numpy expressions, on the same slices (views of z), in the same order, so the same
values (the three sigmoids as one call over z where numpy computes each value alone: _gate_sigmoids).
Each rule is the chain of the separate ops' rules (multiply's g * y, sigmoid's
g * (y * (1 - y)), tanh's g * (1 - y * y), the sums' pass-through, BiasAddGrad's column sums), so
the same gradients: z's gradient comes in two parts (the i, f, g columns from the first op, the o
columns from the second, zeros elsewhere) where the slices gave four, and p, r and the bias each
get both parts, which add exactly (disjoint blocks; a -0.0 meets a +0.0 as in the separate sums).
The rules' Tensor forms recompute with framework ops, for a sweep that another tape records; a step
recorded by two tapes at once (nested tapes: second derivatives) runs the separate ops.

Other activations, dtypes other than float32 / float64, device arrays and variable states keep the
separate ops (``applies``; ``step`` itself takes cupy arrays too).
"""
import numpy as np

from framework import backend
from framework.ops import concat, eigen_math, sigmoid, tanh, zeros_like
from framework.ops.bias_add_kernel import bias_add, bias_add_grad, bias_grad_sum
from framework.ops.linalg import _NT, _TN, _matmul_array, matmul
from framework.ops.operands import ACTIVE, record
from framework.ops.unary import _sigmoid_value, sigmoid_grad, sigmoid_grad_array, tanh_value
from framework.tape import GradientTape, array_rule, pass_gradient
from framework.tensor import Tensor

from .. import activations

_FLOATS = (np.dtype(np.float32), np.dtype(np.float64))


def applies(p, r, bias, c, gate, act):
    """Whether ``step`` computes this step (else the caller runs the separate ops)."""
    # (asked every time step: the raw arrays' shapes, no generator; a Tensor's .shape builds a TensorShape)
    if type(r) is not Tensor or type(r._data) is not np.ndarray:
        return False
    return _fits(p, r._data.dtype, r._data.shape, bias, c, gate, act)


def applies_from_state(p, h, kernel, bias, c, gate, act):
    """Whether ``step_from_state`` computes this step: ``applies`` for the product h @ kernel of
    two 2-D Tensors (a Variable, read by each step, keeps the matmul op)."""
    if type(h) is not Tensor or type(kernel) is not Tensor:
        return False
    hd, kd = h._data, kernel._data
    if type(hd) is not np.ndarray or type(kd) is not np.ndarray or hd.ndim != 2 or kd.ndim != 2 or \
            hd.shape[1] != kd.shape[0] or hd.dtype != kd.dtype:
        return False
    return _fits(p, hd.dtype, (hd.shape[0], kd.shape[1]), bias, c, gate, act)


def _fits(p, r_dtype, r_shape, bias, c, gate, act):
    if gate is not activations.sigmoid or act is not activations.tanh or type(p) is not Tensor or type(c) is not Tensor:
        return False
    a, cd = p._data, c._data
    if type(a) is not np.ndarray or type(cd) is not np.ndarray or \
            a.dtype not in _FLOATS or r_dtype != a.dtype or cd.dtype != a.dtype or a.ndim != 2 or \
            r_shape != a.shape or cd.ndim != 2 or a.shape != (cd.shape[0], 4 * cd.shape[1]):
        return False
    if bias is not None and (not isinstance(bias, Tensor) or type(bias._data) is not np.ndarray or
                             bias._data.dtype != a.dtype or bias._data.shape != a.shape[1:]):
        return False        # (a bias that add_bias would broadcast: the separate ops)
    # (a numerics check observes ops by name: it should name the separate ops that TensorFlow runs;
    # under nested tapes the separate ops' second derivatives keep their bits, where the fused
    # rules' Tensor forms, another graph of the same terms, differed in last bits)
    return not ACTIVE or (len(ACTIVE) == 1 and type(ACTIVE[0]) is GradientTape)


def step(p, r, bias, c, u):
    """(h_t, c_t) of one step: ``z = (p + r) + bias`` (no bias: p + r) through the gates."""
    a = p._data + r._data
    if bias is not None:
        a = a + bias._data
    return _gates(a, (p, r, c) if bias is None else (p, r, bias, c), u)


def step_from_state(p, h, kernel, bias, c, u):
    """``step`` with r = h @ kernel made here: z = (p + h @ kernel) + bias is one recorded op, whose
    rules are the sums' pass-through for p, matmul's for h and the kernel and BiasAddGrad's for the
    bias, and the two gate ops read z. Against the matmul op and gate ops that read (p, r, bias):
    one dispatch fewer, and z's two gradient parts are added once where p and r each added them and
    the bias summed each part's columns (the same bits: the parts are disjoint blocks, + 0.0 where
    the other is, so a column sum of their sum is the sum of their column sums, -0.0 made +0.0 alike;
    p's, r's and the kernel's terms come in the same order, the time steps'). TensorFlow's queue
    visits z between the gate ops and the products, as it visited p's and r's ops there."""
    a = p._data + _matmul_array(np, h._data, kernel._data)
    if bias is not None:
        a = a + bias._data
    z = Tensor(a)
    if ACTIVE:
        inputs = (p, h, kernel) if bias is None else (p, h, kernel, bias)
        record('lstm_cell_z', inputs, z, _Z_RULES[:len(inputs)])
    return _gates(a, (z, c), u)


# z = (p + h @ kernel) + bias: the rules of p, h, kernel and bias
_Z_RULES = (pass_gradient,
            array_rule(lambda g, z, p, h, k, *b: matmul(g, k, transpose_b=True), lambda g, z, p, h, k, *b: _NT(g, k)),
            array_rule(lambda g, z, p, h, k, *b: matmul(h, g, transpose_a=True), lambda g, z, p, h, k, *b: _TN(h, g)),
            array_rule(lambda g, z, p, h, k, b: bias_add_grad(g), lambda g, z, p, h, k, b: bias_grad_sum(g)))


def _gates(a, inputs, u):
    """(h_t, c_t) from the raw z ``a``; the two ops read ``inputs``: (p, r[, bias], c) or (z, c)."""
    c = inputs[-1]
    cp = c._data
    xp = backend.array_module(a)
    i, f, o = _gate_sigmoids(xp, a, u)
    g = tanh_value(a[:, 2 * u:3 * u])
    c_new = Tensor(f * cp + i * g)
    tc = tanh_value(c_new._data)
    h = Tensor(o * tc)
    if ACTIVE:
        def state_z_grad(gc):
            gz = _zeros_as(xp, a)
            gz[:, :u] = sigmoid_grad_array(gc * g, i)
            gz[:, u:2 * u] = sigmoid_grad_array(gc * cp, f)
            gz[:, 2 * u:3 * u] = (gc * i) * (1 - g * g)
            return gz

        def output_z_grad(gh):
            gz = _zeros_as(xp, a)
            gz[:, 3 * u:] = sigmoid_grad_array(gh * tc, o)
            return gz
        record('lstm_cell_state', inputs, c_new, _rules(
            inputs, _once(state_z_grad) if len(inputs) > 2 else state_z_grad, lambda gc, *t: _tensor_z_grads(gc, None, t, u)[0],
            array_rule(lambda gc, out, *t: gc * sigmoid(_z(t)[:, u:2 * u]), lambda gc, out, *arrays: gc * f)))
        record('lstm_cell_output', inputs[:-1] + (c_new,), h, _rules(
            inputs, _once(output_z_grad) if len(inputs) > 2 else output_z_grad, lambda gh, *t: _tensor_z_grads(None, gh, t, u)[1],
            array_rule(lambda gh, out, *t: (gh * sigmoid(_z(t)[:, 3 * u:])) * (1 - tanh(t[-1]) * tanh(t[-1])),
                       lambda gh, out, *arrays: (gh * o) * (1 - tc * tc))))
    return h, c_new


def _zeros_as(xp, a):
    """zeros_like(a): for a C-ordered z (every step's) made by zeros(shape), without zeros_like's
    Python-level empty_like + copyto (two per time step in the backward sweep)."""
    return xp.zeros(a.shape, a.dtype) if a.flags.c_contiguous else xp.zeros_like(a)


def _gate_sigmoids(xp, a, u):
    """sigmoid of z's i, f and o column blocks. Past eigen_math's exact sizes each value is computed
    alone, its bits the same on any slice or layout (numpy's exp and the rest run the same SIMD loop
    on strided views: tests/test_rnn_gates_fused.py), so one call over all of z (whose g block goes
    unused) does the work of three on strided views at about half the cost. The gates come back as
    contiguous copies: the step's and its rules' dozen products run 2x slower on strided (32, 32)
    views. eigen_math's kernels work in packets whose results depend on an element's place: they get
    each block, as the separate ops do."""
    # (float32 and float64 alike: eigen_math64's kernels also work in packets)
    if a.dtype in _FLOATS and xp is np and eigen_math.exact_elementwise(a.shape[0] * u):
        return _sigmoid_value(xp, a[:, :u]), _sigmoid_value(xp, a[:, u:2 * u]), _sigmoid_value(xp, a[:, 3 * u:])
    s = _sigmoid_value(xp, a)
    return s[:, :u].copy(), s[:, u:2 * u].copy(), s[:, 3 * u:].copy()


def _once(z_grad):
    """``z_grad(g)`` computed once for the several inputs that take it (p, r and the bias)."""
    last = [None, None]

    def cached(g):
        if last[0] is not g:
            last[0], last[1] = g, z_grad(g)
        return last[1]
    return cached


def _rules(inputs, z_grad, tensor_z_grad, c_rule):
    """The rules of (p, r[, bias], c): p and r take z's gradient as the sums pass it on, the bias
    BiasAddGrad's column sums of it (the Tensor forms take the op's Tensor inputs); or of (z, c)."""
    to_z = array_rule(lambda g, out, *t: tensor_z_grad(g, *t), lambda g, out, *arrays: z_grad(g))
    if len(inputs) == 2:
        return to_z, c_rule
    if len(inputs) == 3:
        return to_z, to_z, c_rule
    return to_z, to_z, array_rule(lambda g, out, *t: bias_add_grad(tensor_z_grad(g, *t)),
                                  lambda g, out, *arrays: bias_grad_sum(z_grad(g))), c_rule


def _z(tensors):
    """z from the op's Tensor inputs (p, r[, bias], c), recomputed with framework ops; or (z, c)."""
    if len(tensors) == 2:
        return tensors[0]
    z = tensors[0] + tensors[1]
    return z if len(tensors) == 3 else bias_add(z, tensors[2])


def _tensor_z_grads(gc, gh, tensors, u):
    """z's gradient from c_t (``gc``) or from h_t (``gh``), with framework ops (the separate ops' Tensor rules)."""
    z = _z(tensors)
    if gh is not None:
        return None, concat([zeros_like(z[:, :3 * u]), sigmoid_grad(sigmoid(z[:, 3 * u:]), gh * tanh(tensors[-1]))],
                            axis=1)
    c = tensors[-1]
    ti, tf, tg = sigmoid(z[:, :u]), sigmoid(z[:, u:2 * u]), tanh(z[:, 2 * u:3 * u])
    return concat([sigmoid_grad(ti, gc * tg), sigmoid_grad(tf, gc * c), (gc * ti) * (1 - tg * tg),
                   zeros_like(z[:, 3 * u:])], axis=1), None
