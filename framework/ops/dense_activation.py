"""activation(x @ kernel + bias) as one op, for Dense layers with relu, elu or tanh.

A Dense layer with an activation recorded two nodes (affine, then the
activation) and kept the pre-activation array alive for the backward pass.
These three activations have derivatives that the output alone gives
(relu and elu are positive exactly where their input is), so the fused op
keeps only its output. Forward values and gradients are the two ops' float
operations in the same order: the same bits (tests/test_dense_activation.py).
Sigmoid and softmax stay unfused: their outputs remember their logits for
the cross-entropies (see losses/tensor_notes.py), which needs the pre-activation tensor.
"""
from .. import backend
from ..tensor import Tensor
from .gradient_ops import elu_grad, mask_grad
from .linalg import _AFFINE_VJPS, affine_array
from .operands import ACTIVE, record

FUSED_ACTIVATIONS = ('relu', 'elu', 'tanh')


def affine_activation(x, kernel, bias, activation):
    """``activation(x @ kernel + bias)``; ``activation`` is one of FUSED_ACTIVATIONS."""
    op = 'affine_' + activation
    inputs, z = affine_array(x, kernel, bias, op)
    xp = backend.array_module(z)
    if activation == 'relu':
        y = xp.maximum(z, z.dtype.type(0))
    elif activation == 'elu':
        y = xp.where(z > 0, z, xp.expm1(xp.minimum(z, 0)))
    elif activation == 'tanh':
        y = xp.tanh(z)
    else:
        raise ValueError('affine_activation: activation must be one of %s, got %r' % (FUSED_ACTIVATIONS, activation))
    out = Tensor(y)
    if ACTIVE:
        rule = _Rule(activation)
        rules = (_InputRule(rule, 0), _InputRule(rule, 1), _InputRule(rule, 2)) if len(inputs) == 3 \
            else (_InputRule(rule, 0), _InputRule(rule, 1))
        record(op, inputs, out, rules)
    return out


class _Rule:
    """The activation's gradient, then affine's rule for each input. On raw arrays
    the activation's part is computed once for the three inputs."""
    __slots__ = ('activation', '_last')

    def __init__(self, activation):
        self.activation, self._last = activation, None

    def pre_activation_grad(self, g, y):
        """dL/dz from dL/dy = g, on tensors (so an outer tape can differentiate it)."""
        if self.activation == 'relu':
            return mask_grad(g, y._data > 0)
        if self.activation == 'elu':
            return elu_grad(g, y, y, 1.0)          # y > 0 exactly where z > 0
        return g * (1 - y * y)

    def pre_activation_grad_array(self, g, y):
        last = self._last
        if last is not None and last[0] is g:
            return last[1]
        if self.activation == 'relu':
            gz = g * (y > 0).astype(g.dtype, copy=False)
        elif self.activation == 'elu':
            gz = backend.array_module(g).where(y > 0, g, g * (y + 1.0))
        else:
            gz = g * (1 - y * y)
        self._last = (g, gz)
        return gz


class _InputRule:
    """The vjp for input ``index`` (x, kernel or bias)."""
    __slots__ = ('rule', 'index')

    def __init__(self, rule, index):
        self.rule, self.index = rule, index

    def __call__(self, g, y, *inputs):
        return _AFFINE_VJPS[self.index](self.rule.pre_activation_grad(g, y), None, *inputs)

    def array_rule(self, g, y, *inputs):
        gz = self.rule.pre_activation_grad_array(g, y)
        return _AFFINE_VJPS[self.index].array_rule(gz, None, *inputs)
