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
import numpy as np

from .. import backend, onednn_policy
from ..tensor import Tensor
from . import eigen_math, graph_rewrites, half_fused_activations, onednn_activations
from .eigen_fused_elu import elu_by_rows
from .fusable_outputs import onednn_fuses
from .activations import ELU_VJPS, RELU_VJPS, elu_value, fused_relu_value, relu_value
from .linalg import _AFFINE_VJPS, affine_array, half_fused_affine
from .operands import ACTIVE, record
from .unary import _tanh_grad, tanh_value

FUSED_ACTIVATIONS = ('relu', 'elu', 'tanh')

# Each activation's value on a raw array and its gradient rule, as the activation op
# itself has them. The rules read the activation's input x where x > 0 matters; the
# output y is positive exactly there, so they are called as rule(g, y, y).
_ACTIVATIONS = {
    'relu': (relu_value, RELU_VJPS[0]),
    'elu': (elu_value, ELU_VJPS[0]),
    'tanh': (tanh_value, _tanh_grad),
}

# oneDNN's elu and tanh, where TensorFlow fuses MatMul + bias + activation into one oneDNN kernel
# (a traced step: ops/onednn_activations.py), on the arrays the exact-math mode covers; relu differs only
# on NaN, which the fused kernel makes 0. The gradients stay Eigen's EluGrad / TanhGrad, which read the output.
_ONEDNN_VALUES = {
    'relu': fused_relu_value,
    'elu': lambda a: onednn_activations.elu(a) if eigen_math.handles(a) else elu_value(a),
    'tanh': lambda a: onednn_activations.tanh(a) if eigen_math.handles(a) else tanh_value(a),
}

# Eigen's fused output kernel (no oneDNN): elu row by row; relu and tanh give the unfused op's bits there
_EIGEN_VALUES = {'elu': elu_by_rows}


def affine_activation(x, kernel, bias, activation, onednn=False):
    """``activation(x @ kernel + bias)``; ``activation`` is one of FUSED_ACTIVATIONS; ``onednn``: as
    TensorFlow's fused oneDNN kernel computes it (the caller knows that TF fuses here), or 'eigen': as its
    fused Eigen kernel, where TF fuses without oneDNN (ops/eigen_fused_elu.py)."""
    if activation not in _ACTIVATIONS:
        raise ValueError('affine_activation: activation must be one of %s, got %r' % (FUSED_ACTIVATIONS, activation))
    op = 'affine_' + activation
    inputs, z = affine_array(x, kernel, bias, op)
    value, rule = _ACTIVATIONS[activation]
    if onednn and onednn_fuses(x):      # (a rank-3 input's tensordot does not fuse: fusable_outputs.py)
        if onednn == 'eigen':
            value = _EIGEN_VALUES.get(activation, value)
        else:
            value = _ONEDNN_VALUES[activation]
            if z.dtype.itemsize == 2:
                value = half_fused_value(activation, inputs)
    if activation == 'relu' and z.dtype.itemsize == 2 and len(inputs) == 3 \
            and graph_rewrites.tracing() and onednn_policy.enabled():
        # 16 bits in a traced step (a predict step too): TF's fused oneDNN kernel (see affine_array); in float16
        # it applies relu as x * 0 below zero, which keeps the sign: -0.0 where eager relu gives 0.0
        value = half_fused_value(activation, inputs)
    out = Tensor(value(z))
    if ACTIVE:
        record(op, inputs, out, _VJPS[activation, len(inputs)])
    return out


def half_fused_value(activation, inputs):
    """The value of a float16 / bfloat16 fused Dense in a traced step where TF runs oneDNN: its kernel sums
    x @ kernel + bias in float32 (linalg.half_fused_affine), applies the activation there (relu as x * 0
    below zero) and rounds once; the activation of the rounded sum (eager TF's) differed in about a third
    of a tanh layer's values, and bfloat16 relu where the sum rounds across zero. The gradients stay the
    ops' own, which read the rounded output (TanhGrad, EluGrad, ReluGrad)."""
    x = inputs[0]._data
    wide = half_fused_affine(x, inputs[1]._data, inputs[2]._data)
    if activation != 'relu':
        rounded = activation_of_sum(activation, wide, x.dtype)
        return lambda z: rounded
    if x.dtype == np.float16:
        wide = wide * (wide > 0)        # x * 0 below zero: -0.0 (TF 2.21's float16 kernel)
    else:
        wide = backend.array_module(wide).maximum(wide, np.float32(0))     # bfloat16's gives 0.0
    return lambda z: wide.astype(z.dtype)


def activation_of_sum(activation, wide, dtype):
    """'tanh' or 'elu' of a 16-bit fused kernel's float32 sum ``wide``, rounded once to ``dtype``: float16's
    C-library formulas (half_fused_activations.py), bfloat16's vectorized oneDNN kernel."""
    if half_fused_activations.handles(wide, dtype):
        return half_fused_activations.VALUES[activation](wide)
    return _ONEDNN_VALUES[activation](wide).astype(dtype)


class _Rule:
    """The activation's gradient, then affine's rule for each input. On raw arrays the
    activation's part is computed once per node for its inputs: the last node's (g, y, dz)
    is kept, keyed by the identities of its output gradient and output (which it holds, so
    neither id can be reused meanwhile), and let go by the node's last input. One per
    activation and input count, made at import: recording a fused Dense call builds no objects."""
    __slots__ = ('rule', '_last', '_last_tensor')

    def __init__(self, rule):
        self.rule, self._last, self._last_tensor = rule, None, None

    def pre_activation_grad(self, g, y):
        """dL/dz from dL/dy = g, on tensors (so an outer tape can differentiate it): one op for the node's
        inputs, as TF's one TanhGrad / EluGrad / ReluGrad feeds MatMul's and BiasAdd's gradients. An outer
        tape then sums their contributions before differentiating it once; three copies rounded each part
        apart (a Hessian-vector product through Dense(4, activation='tanh') was 17 values up to 3.7e-6 off)."""
        last = self._last_tensor
        if last is not None and last[0] is g and last[1] is y:
            return last[2]
        gz = self.rule(g, y, y)
        self._last_tensor = (g, y, gz)
        return gz

    def pre_activation_grad_array(self, g, y):
        last = self._last
        if last is not None and last[0] is g and last[1] is y:
            return last[2]
        gz = self.rule.array_rule(g, y, y)
        self._last = (g, y, gz)
        return gz


class _InputRule:
    """The vjp for input ``index`` (x, kernel or bias) of ``count`` inputs."""
    __slots__ = ('rule', 'index', 'last')

    def __init__(self, rule, index, count):
        self.rule, self.index, self.last = rule, index, index == count - 1

    def __call__(self, g, y, *inputs):
        gz = self.rule.pre_activation_grad(g, y)
        if self.last:
            self.rule._last_tensor = None      # the node's last input: its tensors may go
        return _AFFINE_VJPS[self.index](gz, None, *inputs)

    def array_rule(self, g, y, *inputs):
        shared = self.rule
        gz = shared.pre_activation_grad_array(g, y)
        if self.last:
            shared._last = None         # the node's last input: its arrays may go
        rule = _AFFINE_VJPS[self.index].array_rule
        if len(inputs) == 3:        # (x, kernel, bias) spelled out: a call through *inputs is not inlined
            return rule(gz, None, inputs[0], inputs[1], inputs[2])
        return rule(gz, None, *inputs)


def _input_rules(rule, count):
    shared = _Rule(rule)
    return tuple(_InputRule(shared, index, count) for index in range(count))


# (activation, number of inputs: with or without a bias) -> the node's vjps
_VJPS = {(name, count): _input_rules(rule, count) for name, (_, rule) in _ACTIVATIONS.items() for count in (2, 3)}
