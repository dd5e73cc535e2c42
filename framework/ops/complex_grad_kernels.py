"""TensorFlow's SqrtGrad, ReciprocalGrad and TanhGrad kernels on host complex arrays.

Their functors multiply with Eigen's complex product (eigen_complex_product: no fused multiply-add, where
numpy's complex product fuses) and divide with its pdiv_complex (eigen_complex_divide). Eigen's packets hold
4 complex64 or 2 complex128 values; the last ``size % packet`` values (of a jacobian's stacked sweeps,
pfor_rows) take the scalar functor, whose order differs for SqrtGrad. SqrtGrad and ReciprocalGrad conjugate
y themselves (TF's _SqrtGrad and _ReciprocalGrad hand them y), TanhGrad is handed conj(y) by TF's Python
rule. Measured against tf.raw_ops of TF 2.21 on 4001 random values each (notes progs/gradfuzz31/kc2.py):
every value equal.
"""
import numpy as np

from .. import backend
from . import eigen_complex_divide, eigen_complex_product, pfor_rows

_PACKETS = {np.dtype(np.complex64): 4, np.dtype(np.complex128): 2}


def _times(a, b):
    return eigen_complex_product.product(a, b, np.empty(np.broadcast_shapes(np.shape(a), np.shape(b)), a.dtype))


def _over(a, b):
    with np.errstate(all='ignore'):
        return eigen_complex_divide.divide(a, b, np.empty(np.broadcast_shapes(np.shape(a), np.shape(b)), a.dtype))


def _kernel(packet_form, scalar_form, y, dy):
    out = packet_form(y, dy)
    tail = y.size % _PACKETS[y.dtype]
    if pfor_rows.ITERATIONS[0] > 1:     # a jacobian's sweep: TF's kernel runs over the stacked sweeps
        tail = y.size - pfor_rows.packets_end(y.size, _PACKETS[y.dtype])
    if tail and scalar_form is not None:
        flat, ys, dys = out.reshape(-1), y.reshape(-1)[-tail:], dy.reshape(-1)[-tail:]
        flat[-tail:] = scalar_form(ys, dys)
        out = flat.reshape(y.shape)
    return out


def _zero_where_no_gradient(out, dy):
    return np.where(dy == 0, np.zeros((), dy.dtype), out)


def sqrt_grad(y, dy):
    """SqrtGrad: packets (0.5 / conj(y)) * dy, the scalar tail (0.5 * dy) / conj(y); 0 wherever dy is 0."""
    half = y.dtype.type(0.5)
    out = _kernel(lambda y, dy: _times(_over(np.full(y.shape, half), np.conj(y)), dy),
                  lambda y, dy: _over(_times(np.full(y.shape, half), dy), np.conj(y)), y, dy)
    return _zero_where_no_gradient(out, dy)


def reciprocal_grad(y, dy):
    """ReciprocalGrad: -(conj(y) * conj(y)) * dy; 0 wherever dy is 0."""
    conj = np.conj(y)
    return _zero_where_no_gradient(_times(-_times(conj, conj), dy), dy)


def tanh_grad(y, dy):
    """TanhGrad: dy * (1 - y * y)."""
    return _times(dy, 1 - _times(y, y))


# The kernels as ops of the tape, recorded with TF's own complex grad-grad rules (_SqrtGradGrad,
# _ReciprocalGradGrad, _TanhGradGrad), written in TF's form (complex_gradients.in_tf_form)

def _op(name, kernel, device_kernel, vjps):
    """The op ``name`` computing ``kernel`` on host arrays, ``device_kernel`` (the array module's own
    products) on device ones."""
    def op(y, dy):
        from ..tensor import Tensor
        from .operands import ACTIVE, record
        host = backend.array_module(y._data) is np and backend.array_module(dy._data) is np
        out = Tensor(kernel(np.asarray(y._data), np.asarray(dy._data)) if host else device_kernel(y._data, dy._data))
        if ACTIVE:
            record(name, (y, dy), out, vjps)
        return out
    return op


def _conj(t):
    from .complex_parts import conj
    return conj(t)


def _tf_form(*vjps):
    from ..complex_gradients import in_tf_form
    return tuple(in_tf_form(vjp) for vjp in vjps)


def _device_sqrt_grad(y, dy):
    xp = backend.array_module(dy)
    return xp.where(dy == 0, dy.dtype.type(0), (0.5 / xp.conj(y)) * dy)


def _device_reciprocal_grad(y, dy):
    xp = backend.array_module(dy)
    return xp.where(dy == 0, dy.dtype.type(0), -(xp.conj(y) * xp.conj(y)) * dy)


sqrt_grad_op = _op('sqrt_grad', sqrt_grad, _device_sqrt_grad, _tf_form(
    lambda grad, out, y, dy: -_conj(grad / y) * out,
    lambda grad, out, y, dy: 0.5 * (grad / y)))
reciprocal_grad_op = _op('reciprocal_grad', reciprocal_grad, _device_reciprocal_grad, _tf_form(
    lambda grad, out, y, dy: _conj(grad) * -2.0 * dy * _conj(y),
    lambda grad, out, y, dy: reciprocal_grad_op(_conj(y), grad)))
tanh_grad_op = _op('tanh_grad', tanh_grad, lambda y, dy: dy * (1 - y * y), _tf_form(
    lambda grad, out, y, dy: grad * -2.0 * _conj(dy) * _conj(y),
    lambda grad, out, y, dy: tanh_grad_op(_conj(y), grad)))
