"""Ops that state a common gradient rule in one step.

A rule such as elu's ``where(y < 0, g * (y + 1), g)`` written with
general ops records four nodes and makes four temporaries; as one op it is one
numpy expression. Each has its own gradient rule, so nested tapes still give
higher derivatives.
"""
from .. import backend
from ..tensor import Tensor
from .operands import ACTIVE, record
from .selection import where


def mask_grad(g, mask, features=None):
    """g where ``mask`` (a raw bool array, or raw slopes) holds, 0 elsewhere: relu-like gradients.

    ``features``: the op's input. Given, an outer tape sees TensorFlow's ReluGrad / Relu6Grad /
    LeakyReluGrad kernel, whose gradient towards its features is zeros, not None: a second
    derivative of relu(x) is 0.0 there, as in TF 2.21."""
    a = g._data
    out = Tensor(a * mask.astype(a.dtype, copy=False))
    if ACTIVE:
        if features is None:
            record('mask_grad', (g,), out, (lambda gg, y, g: mask_grad(gg, mask),))
        else:
            record('mask_grad', (g, features), out,
                   (lambda gg, y, g, x: mask_grad(gg, mask, x), constant_zeros))
    return out


def constant_zeros(gg, y, *inputs):
    """The zero gradient a TensorFlow gradient rule returns as ``zeros_like(x)``: zeros of the last
    input's shape and dtype, recorded nowhere (a further derivative through them is None)."""
    x = inputs[-1]._data
    return Tensor(backend.array_module(x).zeros_like(x))


def elu_grad(g, x, y):
    """TensorFlow's EluGrad: g * (y + 1) where elu(x) = y is negative, else g. (Keras's elu with
    another alpha composes elu(x) with a where, as its TF backend does.)"""
    positive = ~(y._data < 0)
    a = g._data
    out = Tensor(backend.array_module(a).where(positive, a, a * (y._data + 1.0)))
    if ACTIVE:
        record('elu_grad', (g, x, y), out,
               (lambda gg, o, g, x, y: elu_grad(gg, x, y),
                None,                                     # piecewise: the mask does not move with x
                _elu_grad_by_output(positive)))
    return out


def _elu_grad_by_output(positive):
    """EluGrad's gradient towards elu(x): TF's where(y < 0, gg * g, zeros), a +0.0 where y >= 0
    (a mask's product would give -0.0 for a negative gg * g)."""
    return lambda gg, o, g, x, y: where(~positive, gg * g, 0.0)


def selu_grad(g, x, y, scale, scale_alpha):
    """TensorFlow's SeluGrad: g * (y + scale * alpha) where selu(x) = y is negative, else g * scale. Its
    gradient (nn_grad._SeluGradGrad) is SeluGrad of gg towards g, and where(y < 0, gg * g, zeros) towards
    y: a +0.0 where y >= 0 (the composed where's product gave -0.0 for a negative gg * g)."""
    negative = y._data < 0
    a = g._data
    kind = a.dtype.type
    out = Tensor(backend.array_module(a).where(negative, a * (y._data + kind(scale_alpha)), a * kind(scale)))
    if ACTIVE:
        record('selu_grad', (g, x, y), out,
               (lambda gg, o, g, x, y: selu_grad(gg, x, y, scale, scale_alpha),
                None,                                     # piecewise: the mask does not move with x
                lambda gg, o, g, x, y: _selu_grad_by_output(gg, g, negative)))
    return out


def _selu_grad_by_output(gg, g, negative):
    return where(negative, gg * g, 0.0)


def unreduce(g, shape, kept_shape):
    """A reduced gradient spread back over the reduced axes: reshape to
    ``kept_shape`` (size-1 where reduced), then broadcast to ``shape``."""
    a = g._data
    spread = backend.array_module(a).empty(shape, a.dtype)
    spread[...] = a.reshape(kept_shape)
    out = Tensor(spread)
    if ACTIVE:
        g_shape = a.shape
        record('unreduce', (g,), out, (lambda gg, y, g: _reduce_back(gg, kept_shape, g_shape),))
    return out


def _reduce_back(gg, kept_shape, g_shape):
    from .shapes import reshape, sum_to
    return reshape(sum_to(gg, kept_shape), g_shape)
