"""``keras.ops`` complex construction and views: polar, view_as_real, view_as_complex.

tapeflow's gradients are real, so these carry none: a tape that reaches them
reports the input as blocked (a None gradient, explained), never a wrong value.
"""
import numpy as np

from framework import backend
from framework.ops.operands import ACTIVE
from framework.tape import record_blocked
from framework.tensor import Tensor
from .ops_dtypes import cast_all, floating, same_dtype_operand, tensor

__all__ = ['polar', 'view_as_complex', 'view_as_real']


def _complex_dtype(real_dtype):
    return np.complex128 if real_dtype == np.float64 else np.complex64


def _blocked(op, inputs):
    if ACTIVE:
        record_blocked('keras.ops.' + op, inputs)


def polar(abs_, angle):
    """The complex numbers abs_ * (cos(angle) + i sin(angle)) (complex64 for float32 inputs)."""
    first = tensor(abs_, 'polar')
    if first._data.dtype.kind in 'fiucb':     # Keras 3 on TF multiplies abs by cos(angle) as they are
        same_dtype_operand(first, angle, 'polar', 'Mul')
    r, theta = cast_all([floating(abs_, 'polar'), floating(angle, 'polar')], 'polar')
    xp = backend.array_module(r._data)
    _blocked('polar', (r, theta))
    value = r._data * xp.cos(theta._data) + 1j * (r._data * xp.sin(theta._data))
    return Tensor(value.astype(_complex_dtype(r._data.dtype)))


def view_as_real(x):
    """A complex tensor as real numbers: a trailing axis of 2 holding (real, imaginary)."""
    t = tensor(x, 'view_as_real')
    if t._data.dtype.kind != 'c':
        raise ValueError('keras.ops.view_as_real: x must be complex, got dtype %s' % t._data.dtype.name)
    xp = backend.array_module(t._data)
    return Tensor(xp.stack([xp.real(t._data), xp.imag(t._data)], -1))


def view_as_complex(x):
    """A real tensor whose last axis is 2 (real, imaginary) as complex64 numbers."""
    t = floating(x, 'view_as_complex')
    if t.ndim == 0 or t.shape[-1] != 2:
        raise ValueError('keras.ops.view_as_complex: the last axis must have length 2 (real, imaginary), got shape %s'
                         % (tuple(t.shape),))
    _blocked('view_as_complex', (t,))
    # Keras 3 casts both parts to complex64 whatever their dtype (float64 too) and computes
    # real + 1j * imag in complex64 (so an infinite imaginary part makes a NaN real part, as there)
    xp = backend.array_module(t._data)
    real, imag = t._data[..., 0].astype(np.complex64), t._data[..., 1].astype(np.complex64)
    return Tensor(real + xp.complex64(1j) * imag)
