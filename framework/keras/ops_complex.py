"""``keras.ops`` complex construction and views: polar, view_as_real, view_as_complex.

Each is Keras 3's composition of TensorFlow ops (tf.complex, cast, real, imag, stack),
so gradients flow as there: d/d(abs_, angle) of a loss on polar's output, and so on.
"""
from framework import ops as _ops
from .ops_dtypes import floating, same_dtype_operand, tensor

__all__ = ['polar', 'view_as_complex', 'view_as_real']


def polar(abs_, angle):
    """The complex numbers abs_ * (cos(angle) + i sin(angle)) (complex64 for float32 inputs):
    Keras 3's tf.complex(abs_ * cos(angle), abs_ * sin(angle)), so an int abs_ meets Mul's refusal
    of cos's float32 and float16 parts tf.complex's."""
    from .ops_math import cos, sin       # (ops_math imports the modules this one is loaded with)
    r = tensor(abs_, 'polar')
    if r._data.dtype.kind in 'fiucb':     # Keras 3 on TF multiplies abs by cos(angle) as they are
        same_dtype_operand(r, angle, 'polar', 'Mul')
    theta = tensor(angle, 'polar')
    real_part, imag_part = _ops.multiply(r, cos(theta)), _ops.multiply(r, sin(theta))
    return _ops.complex(real_part, imag_part)


def view_as_real(x):
    """A tensor as real numbers: a trailing axis of 2 holding (real, imaginary). Keras 3 stacks its real and
    imag ops, so a real tensor keeps its dtype with zeros beside it and a bool one meets tf.math.real's TypeError."""
    from .ops_elementwise import imag, real     # (ops_elementwise imports the modules this one is loaded with)
    t = tensor(x, 'view_as_real')
    return _ops.stack([real(t), imag(t)], -1)


def view_as_complex(x):
    """A real tensor whose last axis is 2 (real, imaginary) as complex64 numbers."""
    t = floating(x, 'view_as_complex')
    if t.ndim == 0 or t.shape[-1] != 2:
        raise ValueError('keras.ops.view_as_complex: the last axis must have length 2 (real, imaginary), got shape %s'
                         % (tuple(t.shape),))
    # Keras 3 casts both parts to complex64 whatever their dtype (float64 too) and computes
    # real + 1j * imag in complex64 (so an infinite imaginary part makes a NaN real part, as there)
    real, imag = _ops.cast(t[..., 0], 'complex64'), _ops.cast(t[..., 1], 'complex64')
    return real + _ops.multiply(_ops.constant(1j, 'complex64'), imag)
