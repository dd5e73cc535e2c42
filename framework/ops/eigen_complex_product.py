"""Complex products with TensorFlow's CPU bits (its Mul and Square kernels on complex64 / complex128).

Eigen's complex pmul multiplies the parts and adds them with one rounding each, no fused multiply-add:
    (a + bi)(c + di) = (a c - b d) + (a d + b c) i,
and so does its scalar functor on the tail. numpy's complex multiply fuses them (an FMA), which differed from
TF 2.21 in 1726 of 4001 random complex64 products (1694 complex128); square (pmul(a, a)) in 1178 (1133). These
forms matched every one (notes progs/gradfuzz19/t25.py, t26.py).
"""
import numpy as np

from .. import backend

_COMPLEX = (np.dtype(np.complex64), np.dtype(np.complex128))


def handles(value):
    """Whether ``value`` (numpy's product) is a host complex array this module recomputes."""
    return value.dtype in _COMPLEX and backend.array_module(value) is np


def product(x, y, value):
    """TensorFlow's x * y in ``value``'s shape and dtype (x and y broadcast to it)."""
    dtype = value.dtype
    x = np.asarray(x).astype(dtype, copy=False)
    y = np.asarray(y).astype(dtype, copy=False)
    a, b, c, d = x.real, x.imag, y.real, y.imag
    out = np.empty(value.shape, dtype)
    with np.errstate(all='ignore'):
        out.real = a * c - b * d
        out.imag = a * d + b * c
    return out
