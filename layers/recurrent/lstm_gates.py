"""An LSTM step's gate arithmetic after its pre-activations ``z``, as two recorded ops instead of thirteen.

With Keras's default activations the step is

    i, f, g, o = sigmoid(z_i), sigmoid(z_f), tanh(z_g), sigmoid(z_o)      (z's four column blocks)
    c_t = f * c_{t-1} + i * g          (``cell_state``)
    h_t = o * tanh(c_t)                (``cell_output``)

which, op by op, costs four slices, five activations, four products and a sum per time step, each
dispatched, wrapped and recorded, and as many rules in the backward sweep: most of an LSTM(32)
training step on a batch of 32. Here each line is one op on the raw arrays: the same numpy
expressions, on the same slices (views of z), in the same order, so the same values; and each rule is
the chain of the separate ops' rules (multiply's g * y, sigmoid's g * (y * (1 - y)), tanh's
g * (1 - y * y)), so the same gradients. z's gradient comes in two parts (the i, f, g columns and the
o columns, zeros elsewhere) where the slices gave four: the blocks are disjoint, every sum is exact.
The rules' Tensor forms recompute the gates with framework ops, for a sweep that another tape records;
a step recorded by two tapes at once (nested tapes: second derivatives) runs the separate ops.

Other activations, dtypes other than float32 / float64, device arrays and variable states keep the
separate ops (``applies``; the ops themselves take cupy arrays too).
"""
import numpy as np

from framework import backend
from framework.ops import concat, sigmoid, tanh, zeros_like
from framework.ops.operands import ACTIVE, record
from framework.ops.unary import _sigmoid_value, sigmoid_grad, tanh_value
from framework.tape import GradientTape, array_rule
from framework.tensor import Tensor

from .. import activations

_FLOATS = (np.dtype(np.float32), np.dtype(np.float64))


def applies(z, c, gate, act):
    """Whether the fused ops compute this step (else the caller runs the separate ops)."""
    if gate is not activations.sigmoid or act is not activations.tanh or type(z) is not Tensor \
            or type(c) is not Tensor:
        return False
    a, cp = z._data, c._data
    if type(a) is not np.ndarray or type(cp) is not np.ndarray or a.dtype not in _FLOATS or cp.dtype != a.dtype:
        return False
    # (a numerics check observes ops by name: it should name the separate ops that TensorFlow runs;
    # under nested tapes the separate ops' second derivatives keep their bits, where the fused
    # rules' Tensor forms, another graph of the same terms, differed in last bits)
    return a.ndim == 2 == cp.ndim and a.shape == (cp.shape[0], 4 * cp.shape[1]) and \
        len(ACTIVE) <= 1 and all(type(tape) is GradientTape for tape in ACTIVE)


def cell_state(z, c, u):
    """c_t = sigmoid(z_f) * c + sigmoid(z_i) * tanh(z_g)."""
    a, cp = z._data, c._data
    xp = backend.array_module(a)
    i, f, g = _sigmoid_value(xp, a[:, :u]), _sigmoid_value(xp, a[:, u:2 * u]), tanh_value(a[:, 2 * u:3 * u])
    out = Tensor(f * cp + i * g)
    if ACTIVE:
        def z_rule(gc, out, a, cp):
            gz = xp.zeros_like(a)
            gz[:, :u] = (gc * g) * (i * (1 - i))
            gz[:, u:2 * u] = (gc * cp) * (f * (1 - f))
            gz[:, 2 * u:3 * u] = (gc * i) * (1 - g * g)
            return gz

        def z_tensor_rule(gc, out, z, c):
            ti, tf, tg = sigmoid(z[:, :u]), sigmoid(z[:, u:2 * u]), tanh(z[:, 2 * u:3 * u])
            return concat([sigmoid_grad(ti, gc * tg), sigmoid_grad(tf, gc * c), (gc * ti) * (1 - tg * tg),
                           zeros_like(z[:, 3 * u:])], axis=1)

        record('lstm_cell_state', (z, c), out, (
            array_rule(z_tensor_rule, z_rule),
            array_rule(lambda gc, out, z, c: gc * sigmoid(z[:, u:2 * u]), lambda gc, out, a, cp: gc * f)))
    return out


def cell_output(z, c, u):
    """h_t = sigmoid(z_o) * tanh(c_t)."""
    xp = backend.array_module(z._data)
    o, tc = _sigmoid_value(xp, z._data[:, 3 * u:]), tanh_value(c._data)
    out = Tensor(o * tc)
    if ACTIVE:
        def z_rule(gh, out, a, cp):
            gz = xp.zeros_like(a)
            gz[:, 3 * u:] = (gh * tc) * (o * (1 - o))
            return gz

        def z_tensor_rule(gh, out, z, c):
            return concat([zeros_like(z[:, :3 * u]), sigmoid_grad(sigmoid(z[:, 3 * u:]), gh * tanh(c))], axis=1)

        def c_tensor_rule(gh, out, z, c):
            t = tanh(c)
            return (gh * sigmoid(z[:, 3 * u:])) * (1 - t * t)

        record('lstm_cell_output', (z, c), out, (
            array_rule(z_tensor_rule, z_rule),
            array_rule(c_tensor_rule, lambda gh, out, a, cp: (gh * o) * (1 - tc * tc))))
    return out
