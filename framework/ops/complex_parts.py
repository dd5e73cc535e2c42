"""tf.math.real, imag, conj and angle: the parts of complex tensors (real tensors pass as TensorFlow does).

The gradients are TensorFlow's, written with the framework's ops (so outer tapes differentiate them):
real's is ``complex(g, 0)``, imag's ``complex(0, g)``, conj's ``conj(g)`` and angle's
``-complex(g, 0) / complex(imag(x), real(x))``.
"""
import numpy as np

from .. import backend, libm
from . import eigen_math
from ..tensor import Tensor
from .operands import ACTIVE, as_tensor, named_errors, record
from .shapes import identity


def _complex_part(x, op, value, grad):
    """``value`` of a complex tensor, recorded with ``grad(g, x)``: a rule written with the framework's
    ops, so that an outer tape differentiates the gradient too (second derivatives through FFTs)."""
    t = as_tensor(x, op)
    a = t._data
    xp = backend.array_module(a)
    part = value(xp, a)
    # real / imag are strided views; ascontiguousarray would also make a scalar 1-D, so copy those instead
    out = Tensor(xp.ascontiguousarray(part) if part.ndim else xp.array(part))
    if ACTIVE:
        record(op, (t,), out, (lambda g, y, x: grad(g, x),))
    return out


def _as_complex(real_part, imag_part):
    from .complex_build import complex as complex_       # complex_build imports this module
    return complex_(real_part, imag_part)


def _zeros(g):
    # TF's rules pair g with a constant 0, never with g * 0: that is -0 where g < 0 (a printed -0j)
    return Tensor(backend.array_module(g._data).zeros_like(g._data))


# TF 2.21's words where a bool or string tensor reaches each op's Python wrapper
_NOT_NUMERIC = {
    'real': lambda t: "input must be a numeric tensor, but got tensor with dtype <dtype: '%s'>" % t.dtype.name,
    'conj': lambda t: 'Expected numeric or variant tensor, got dtype tf.%s.' % t.dtype.name,
    'angle': lambda t: 'Cannot convert 0 to EagerTensor of dtype %s' % t.dtype.name,     # its zeros_like(input)
}


def _real_only(t, op):
    if t._data.dtype.kind not in 'fiu' and not t.dtype.is_floating:      # (bfloat16's numpy kind is 'V')
        error = TypeError(_NOT_NUMERIC[op](t))
        error.add_note('%s: expected a numeric tensor, got dtype %s' % (op, t.dtype.name))
        raise error


@named_errors('real')
def real(input, name=None):  # noqa: A002
    """The real part of a complex tensor (float32 for complex64); a real tensor is returned as it is."""
    t = as_tensor(input, 'real')
    if t._data.dtype.kind != 'c':
        _real_only(t, 'real')
        return identity(t)
    return _complex_part(t, 'real', lambda xp, a: xp.real(a), lambda g, x: _as_complex(g, _zeros(g)))


@named_errors('imag')
def imag(input, name=None):  # noqa: A002
    """The imaginary part of a complex tensor; zeros for any other (TF's zeros_like: b'' for a string, False
    for a bool)."""
    t = as_tensor(input, 'imag')
    if t._data.dtype.kind != 'c':
        if t._data.dtype.kind == 'O':
            return Tensor(np.full(t._data.shape, b'', dtype=object))
        return Tensor(backend.array_module(t._data).zeros_like(t._data))
    return _complex_part(t, 'imag', lambda xp, a: xp.imag(a), lambda g, x: _as_complex(_zeros(g), g))


@named_errors('conj')
def conj(x, name=None):
    """The complex conjugate; a real tensor is returned as it is."""
    t = as_tensor(x, 'conj')
    if t._data.dtype.kind != 'c':
        _real_only(t, 'conj')
        return identity(t)
    return _complex_part(t, 'conj', lambda xp, a: xp.conj(a), lambda g, x: conj(g))


@named_errors('angle')
def _argument(xp, a):
    # TensorFlow's Angle kernel is std::arg, the C library's atan2f / atan2; numpy's SIMD arctan2
    # differs in the last bit for about a third of float32 values. Exact on the arrays that the
    # exact-math mode covers (ctypes costs ~0.3 us a value), numpy's elsewhere.
    if xp is np and eigen_math.exact_elementwise(a.size):      # (elementwise: not the summation orders' size)
        return libm.apply('atan2', a.imag, a.real)
    return xp.angle(a)


def angle(input, name=None):  # noqa: A002
    """The argument of each complex element, in (-pi, pi]; for a real tensor pi where it is
    negative and 0 elsewhere (no gradient there, as TensorFlow)."""
    t = as_tensor(input, 'angle')
    a = t._data
    xp = backend.array_module(a)
    if a.dtype.kind != 'c':
        _real_only(t, 'angle')
        if a.dtype.kind in 'iu':        # TF fills pi in the input's dtype: an integer tensor cannot hold it
            error = TypeError('Cannot convert %r to EagerTensor of dtype %s' % (np.pi, t.dtype.name))
            error.add_note('angle: an integer tensor has no angle in TensorFlow; cast it to float first')
            raise error
        return Tensor(xp.where(a < 0, xp.asarray(np.pi, a.dtype), xp.asarray(0, a.dtype)))     # (bfloat16 too)
    return _complex_part(t, 'angle', _argument,
                         lambda g, x: -_as_complex(g, _zeros(g)) / _as_complex(imag(x), real(x)))
