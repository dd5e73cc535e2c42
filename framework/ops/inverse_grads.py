"""TensorFlow's RsqrtGrad and ReciprocalGrad ops: the gradients of rsqrt and reciprocal, recorded
with their own rules (TF's _RsqrtGradGrad, _ReciprocalGradGrad) so that higher derivatives are
TensorFlow's. Written as ``where(dy == 0, 0, rule)`` they had no derivative in dy where dy was 0:
forward mode through a rsqrt whose upstream gradient cancels to zero (batch_normalization's
x * inv - mean * inv) lost that term and gave another jvp than TF's.
"""
import numpy as np

from .. import backend
from ..tensor import Tensor
from .operands import ACTIVE, record


def rsqrt_grad_array(y, dy):
    """RsqrtGrad's kernel on arrays: -0.5 * (dy * y) * (y * y), 0 wherever dy is 0."""
    with np.errstate(invalid='ignore', over='ignore'):      # (0 * inf where dy is 0: an rsqrt of 0, discarded)
        return backend.array_module(dy).where(dy == 0, dy.dtype.type(0), -0.5 * (dy * y) * (y * y))


def reciprocal_grad_array(y, dy):
    """ReciprocalGrad's kernel on arrays: dy * -(y * y), 0 wherever dy is 0."""
    with np.errstate(invalid='ignore', over='ignore'):      # (0 * inf where dy is 0: a reciprocal of 0, discarded)
        return backend.array_module(dy).where(dy == 0, dy.dtype.type(0), dy * -(y * y))


def rsqrt_grad(y, dy):
    """TensorFlow's RsqrtGrad(y, dy); its gradients: -1.5 * grad * dy * y**2 for y, RsqrtGrad(y, grad) for dy."""
    out = Tensor(rsqrt_grad_array(y._data, dy._data))
    if ACTIVE:
        record('rsqrt_grad', (y, dy), out, _RSQRT_GRAD_VJPS)
    return out


def reciprocal_grad(y, dy):
    """TensorFlow's ReciprocalGrad(y, dy); its gradients: grad * -2 * dy * y for y, ReciprocalGrad(y, grad) for dy."""
    out = Tensor(reciprocal_grad_array(y._data, dy._data))
    if ACTIVE:
        record('reciprocal_grad', (y, dy), out, _RECIPROCAL_GRAD_VJPS)
    return out


def _square(t):
    from .unary import square
    return square(t)


# TF's products in its order: (-1.5 * grad) * dy * square(y), and (grad * -2.0) * dy * y
_RSQRT_GRAD_VJPS = (lambda grad, out, y, dy: -1.5 * grad * dy * _square(y),
                    lambda grad, out, y, dy: rsqrt_grad(y, grad))
_RECIPROCAL_GRAD_VJPS = (lambda grad, out, y, dy: grad * -2.0 * dy * y,
                         lambda grad, out, y, dy: reciprocal_grad(y, grad))
