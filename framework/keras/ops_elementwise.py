"""``keras.ops`` elementwise math beyond ops_math: numpy's extra functions (cbrt,
hypot, logaddexp, sinc, fmod, heaviside, nan_to_num, isclose...) under Keras 3's
names and dtype rules.

Most are compositions of tapeflow ops, so their gradients come from the rules
of the pieces. The few that need their own forward (fmod, erfinv, nextafter,
i0) record a rule written with framework ops through ``_primitive``.
"""
import math as _math

import ml_dtypes
import numpy as np

from framework import backend
from framework import ops as _ops
from framework.ops.operands import ACTIVE, record
from framework.errors import InvalidArgumentError, kernel_error
from framework.tensor import Tensor
from .ops_dtypes import (cast_all, converted_float_pair, float_tensors, floating, floating_wide, floating_weak,
                         floatx_dtype, numeric, pair, refuse_kinds, tensor)

__all__ = ['allclose', 'angle', 'cbrt', 'conj', 'conjugate', 'copy', 'deg2rad', 'divide_no_nan', 'erfc',
           'erfinv', 'fabs', 'fmax', 'fmin', 'fmod', 'heaviside', 'hypot', 'i0', 'imag', 'isclose', 'isneginf',
           'isposinf', 'isreal', 'ldexp', 'logaddexp', 'logaddexp2', 'nan_to_num', 'nextafter', 'rad2deg', 'real',
           'signbit', 'sinc', 'trunc']


def _primitive(name, inputs, value, vjps):
    """A tensor of ``value`` (a raw array) recorded with ``vjps`` (each ``vjp(g, y, *inputs)``)."""
    out = Tensor(value)
    if ACTIVE:
        record('keras.ops.' + name, tuple(inputs), out, tuple(vjps))
    return out


def _xp(t):
    return backend.array_module(t._data)


# ---- floating unary ----------------------------------------------------------------------------
def cbrt(x):
    """The real cube root, negative for negative x (int64 in float64, as Keras 3)."""
    t = floating_wide(x, 'cbrt')
    if t._data.dtype == np.float32:     # Keras casts all but bfloat16 / float16 / float64 to floatx: cbrt(0.7)
        t = _ops.cast(t, floatx_dtype())    # is float64 under set_floatx('float64'), float16 under 'float16'
    return _ops.sign(t) * _ops.pow(_ops.abs(t), 1.0 / 3.0)


def deg2rad(x):
    """x * (pi / 180), the factor divided in x's float dtype as Keras 3 does (int64 in float64)."""
    t = floating_wide(x, 'deg2rad')
    return t * (_ops.constant(_math.pi, dtype=t.dtype) / _ops.constant(180.0, dtype=t.dtype))


def rad2deg(x):
    """x * (180 / pi), the factor divided in x's float dtype as Keras 3 does (int64 in float64)."""
    t = floating_wide(x, 'rad2deg')
    return t * (_ops.constant(180.0, dtype=t.dtype) / _ops.constant(_math.pi, dtype=t.dtype))


def fabs(x):
    """|x| as a float (integers become floatx)."""
    t = floating(x, 'fabs')
    if t._data.dtype.kind == 'c':       # Keras 3's own check
        raise TypeError("fabs does not support complex inputs. Received: x.dtype=<dtype: '%s'>" % t.dtype.name)
    return _ops.abs(t)


def erfc(x):
    """The complementary error function: tf.math.erfc, as Keras's TensorFlow backend calls it
    (1 - erf(x) lost every digit past x ~ 4)."""
    return _ops.erfc(tensor(x, 'erfc'))        # (no cast: integer tensors meet TF's Erfc refusal)


def erfinv(x):
    """The inverse of erf on (-1, 1): tf.math.erfinv, as Keras's TensorFlow backend calls it (half floats
    through float32 and back), so its values are TF's kernel's (Eigen's ndtri((x + 1) / 2) / sqrt(2))."""
    t = tensor(x, 'erfinv')
    if t._data.dtype.name in ('float16', 'bfloat16'):
        return _ops.cast(_ops.erfinv(_ops.cast(t, 'float32')), t.dtype)
    return _ops.erfinv(t)       # (integer, bool and complex tensors meet TF's Erfinv refusal)


def sinc(x):
    """sin(pi x) / (pi x), 1 at x = 0. As Keras 3 on TF (and tnp.sinc) the quotient is unguarded: the
    discarded 0 / 0 makes the gradient at 0 NaN, as TF 2.21's."""
    t = floating_weak(x, 'sinc')
    scaled = t * _math.pi
    return _ops.where(_ops.equal(t, 0), _ops.ones_like(t), _ops.sin(scaled) / scaled)


def i0(x):
    """The modified Bessel function of the first kind, order 0, as Keras 3 on TensorFlow: tf.math.bessel_i0
    in float64 for int64 / float64, floatx for other integers (float16 stays): TF's float32 bits."""
    return _ops.bessel_i0(floating_wide(x, 'i0'))


# ---- integer-preserving unary ----------------------------------------------------------------
def trunc(x):
    """Round towards zero; integers stay as they are."""
    t = tensor(x, 'trunc')
    if t._data.dtype.kind in 'biu':      # bools stay bools, as Keras 3
        return t
    t = numeric(t, 'trunc')
    return _ops.where(_ops.less(t, 0), _ops.ceil(t), _ops.floor(t))


def signbit(x):
    """True where the sign bit is set (negative numbers and -0.0)."""
    t = numeric(x, 'signbit')
    return Tensor(_xp(t).signbit(t._data))


def _is_float(t):
    # a real float tensor, bfloat16 included (ml_dtypes' kind 'V')
    return t._data.dtype.kind == 'f' or t._data.dtype.name == 'bfloat16'


def isposinf(x):
    t = numeric(x, 'isposinf')
    return Tensor(_xp(t).isposinf(t._data) if _is_float(t) else _xp(t).zeros(t.shape, bool))


def isneginf(x):
    t = numeric(x, 'isneginf')
    return Tensor(_xp(t).isneginf(t._data) if _is_float(t) else _xp(t).zeros(t.shape, bool))


def isreal(x):
    """True where the imaginary part is 0 (everywhere for real dtypes)."""
    t = numeric(x, 'isreal')
    return Tensor(_xp(t).isreal(t._data))


def copy(x):
    """The same values in a new tensor (gradients flow through)."""
    return _ops.identity(tensor(x, 'copy'))


def real(x):
    if tensor(x, 'real').dtype.is_bool:       # TF's words (Keras 3 on TF calls tf.math.real)
        raise TypeError("input must be a numeric tensor, but got tensor with dtype <dtype: 'bool'>")
    t = numeric(x, 'real')
    return t if t._data.dtype.kind != 'c' else _ops.real(t)


def imag(x):
    t = tensor(x, 'imag')       # (a bool tensor's imaginary part is bool zeros in Keras 3 on TF)
    return _ops.zeros_like(t) if t._data.dtype.kind != 'c' else _ops.imag(t)


def conj(x):
    if tensor(x, 'conj').dtype.is_bool:       # TF's words (tf.math.conj)
        raise TypeError('Expected numeric or variant tensor, got dtype tf.bool.')
    t = numeric(x, 'conj')
    return t if t._data.dtype.kind != 'c' else _ops.conj(t)


conjugate = conj


def angle(x):
    """The complex argument: pi for negative reals, 0 otherwise (floatx for integers)."""
    t = floating_weak(x, 'angle')
    if t._data.dtype.kind == 'c':
        return _ops.angle(t)
    return _ops.where(_ops.less(t, 0), _math.pi, _ops.zeros_like(t))


# ---- binary --------------------------------------------------------------------------------------
def _first_broadcast(a, b, kernel, op):
    """Refuse shapes that do not broadcast with TF's eager text of ``kernel``, the first binary kernel Keras 3's
    TF implementation of ``op`` runs (hypot: Maximum; logaddexp: Sub)."""
    try:
        np.broadcast_shapes(tuple(a.shape), tuple(b.shape))
    except ValueError:
        raise kernel_error(kernel, 'Incompatible shapes: [%s] vs. [%s]' % (','.join(map(str, a.shape)),
                                                                           ','.join(map(str, b.shape))),
                           named=True, note='keras.ops.%s: shapes %s and %s do not broadcast together'
                                            % (op, tuple(a.shape), tuple(b.shape))) from None


def _ints_to_float(a, b, op):
    # Keras 3's hypot and heaviside: both converted first (a Python float is float32), then an int64 pair
    # goes to float64, other integers and bools to floatx (int32 beside float32 is float32 under any floatx)
    if a._data.dtype.name == 'int64':
        return _ops.cast(a, 'float64'), _ops.cast(b, 'float64')
    if a._data.dtype.kind == 'b':
        _refuse_two_bools(op)
    return floating(a, op), floating(b, op)


def _refuse_two_bools(op):
    # Two bool tensors promote to bool, which Keras 3 leaves uncast: hypot's tf.abs refuses it, heaviside's
    # x1 < 0 cannot convert the 0 (a bool beside a number promotes to that number's dtype and computes)
    if op == 'hypot':
        from framework.ops.float_kernels import refusal
        error = refusal('abs', 'bool')
    else:
        error = TypeError('Cannot convert 0 to EagerTensor of dtype bool')
    error.add_note('keras.ops.%s: x1 and x2 are both bool; cast them first, e.g. keras.ops.cast(x, "float32")' % op)
    raise error


def hypot(x1, x2):
    """sqrt(x1**2 + x2**2), as a float, in Keras 3's TensorFlow order (its float32 bits):
    max(|x1|, |x2|) * sqrt(1 + (min / max)**2), the ratio 0 where max is 0."""
    a, b = _ints_to_float(*cast_all([x1, x2], 'hypot'), 'hypot')
    _first_broadcast(a, b, 'Maximum', 'hypot')
    a, b = _ops.abs(a), _ops.abs(b)
    top = _ops.maximum(a, b)
    ratio = _ops.divide_no_nan(_ops.minimum(a, b), top)
    return top * _ops.sqrt(1.0 + _ops.square(ratio))


def logaddexp(x1, x2):
    """log(exp(x1) + exp(x2)) as Keras 3 on TensorFlow computes it (its float32 bits):
    max(x1, x2) + log1p(exp(-|x1 - x2|)), and x1 + x2 where x1 - x2 is NaN (inf - inf)."""
    a, b = converted_float_pair(x1, x2, 'logaddexp')
    _first_broadcast(a, b, 'Sub', 'logaddexp')
    delta = a - b
    return _ops.where(_ops.is_nan(delta), a + b, _ops.maximum(a, b) + _ops.log1p(_ops.exp(-_ops.abs(delta))))


def logaddexp2(x1, x2):
    """log2(2**x1 + 2**x2) as Keras 3 on TensorFlow computes it: max(x1, x2) + log1p(exp(-|x1 - x2| ln 2)) / ln 2
    (ln 2 as float32 log(2.0) cast to the dtype), and x1 + x2 where x1 - x2 is NaN."""
    a, b = converted_float_pair(x1, x2, 'logaddexp2')
    delta = a - b
    log2 = _ops.cast(_ops.log(_ops.constant(2.0, 'float32')), a.dtype)
    return _ops.where(_ops.is_nan(delta), a + b,
                      _ops.maximum(a, b) + _ops.log1p(_ops.exp(-_ops.abs(delta) * log2)) / log2)


def divide_no_nan(x1, x2):
    """x1 / x2, with 0 where x2 is 0."""
    a, b = float_tensors(x1, x2, 'divide_no_nan')
    return _ops.divide_no_nan(a, b)


def fmod(x1, x2):
    """The remainder of truncated division (its sign follows x1), as Keras 3 on TensorFlow computes it:
    sign(x1) * floormod(|x1|, |x2|) (unsigned and bool in int32), so an integer division by zero is
    FloorMod's InvalidArgumentError and fmod(-0.0, 2) is 0.0. Gradients are those of the ops."""
    a, b = cast_all([x1, x2], 'fmod')     # Keras converts both first: fmod(int, 0.7) is float32
    if a._data.dtype.kind not in 'fiub':
        raise InvalidArgumentError('keras.ops.fmod: expected real numeric tensors, got dtype %s'
                                   % a._data.dtype.name)      # TF: the kernels' dtype errors
    try:
        np.broadcast_shapes(tuple(a.shape), tuple(b.shape))
    except ValueError:
        text = 'Incompatible shapes: [%s] vs. [%s]' % (','.join(map(str, a.shape)), ','.join(map(str, b.shape)))
        raise kernel_error('FloorMod', text, named=True, note='keras.ops.fmod: ' + text) from None
    dtype = 'int32' if a._data.dtype.kind == 'b' else a.dtype.name
    compute = 'int32' if a._data.dtype.kind in 'ub' else dtype
    a, b = _ops.cast(a, compute), _ops.cast(b, compute)
    return _ops.cast(_ops.sign(a) * _ops.floormod(_ops.abs(a), _ops.abs(b)), dtype)


def _nan_aware(name, pick):
    def op(x1, x2):
        a, b = pair(x1, x2, name)
        # Keras 3 converts a Python number at result_type(tensor dtype, type(number)): a weak scalar, so
        # fmax(int8_tensor, 2) is int8 and fmin(float16_tensor, 2.5) float16
        if not isinstance(a, Tensor):
            a = _ops.constant(a, b.dtype)
        elif not isinstance(b, Tensor):
            b = _ops.constant(b, a.dtype)
        a, b = cast_all([a, b], name)
        if a._data.dtype.kind != 'f':
            return pick(a, b)
        a, b = _ops.broadcast_to(a, _broadcast(a, b)), _ops.broadcast_to(b, _broadcast(a, b))
        return _ops.where(_ops.is_nan(a), b, _ops.where(_ops.is_nan(b), a, pick(a, b)))
    op.__name__ = op.__qualname__ = name
    op.__doc__ = 'Elementwise %s that ignores NaN (NaN only where both are NaN).' % name[1:]
    return op


def _broadcast(a, b):
    return np.broadcast_shapes(tuple(a.shape), tuple(b.shape))


fmax = _nan_aware('fmax', _ops.maximum)
fmin = _nan_aware('fmin', _ops.minimum)


def heaviside(x1, x2):
    """0 where x1 < 0, x2 where x1 == 0, 1 where x1 > 0 (floatx for integer inputs)."""
    a, b = _ints_to_float(*cast_all([x1, x2], 'heaviside'), 'heaviside')
    try:
        np.broadcast_shapes(tuple(a.shape), tuple(b.shape))
    except ValueError:      # Keras 3 on TF: where(x1 > 0, ones_like(x1), x2) is the first op to broadcast them
        sa, sb = ','.join(map(str, a.shape)), ','.join(map(str, b.shape))
        raise kernel_error('SelectV2', 'condition [%s], then [%s], and else [%s] must be broadcastable' % (sa, sa, sb),
                           named=True, note='keras.ops.heaviside: Incompatible shapes: [%s] vs. [%s] (the operands '
                                            'do not broadcast together)' % (sa, sb)) from None
    shape = _broadcast(a, b)
    a, b = _ops.broadcast_to(a, shape), _ops.broadcast_to(b, shape)
    return _ops.where(_ops.less(a, 0), _ops.zeros_like(a), _ops.where(_ops.greater(a, 0), _ops.ones_like(a), b))


def ldexp(x1, x2):
    """x1 * 2**x2 for an integer x2."""
    b = tensor(x2, 'ldexp')
    if b._data.dtype.kind not in 'iu':
        error = TypeError("ldexp exponent must be an integer type. Received: x2 dtype=<dtype: '%s'>" % b.dtype.name)
        error.add_note('keras.ops.ldexp: x2 must be an integer tensor, got dtype %s' % b._data.dtype.name)
        raise error
    a = refuse_kinds(floating(x1, 'ldexp'), 'ldexp')
    # The powers of two are exact in any float dtype; x2 is an integer, so it gets no gradient.
    return a * Tensor(_xp(b).exp2(b._data).astype(a._data.dtype))


def nextafter(x1, x2):
    """The next float64 after x1 towards x2, cast to the pair's float dtype (no gradient).

    Keras 3 on TensorFlow steps in float64 and casts back, so a float32 x1 comes back
    unchanged (one float64 ulp rounds away), as TensorFlow prints it."""
    a, b = converted_float_pair(x1, x2, 'nextafter')
    wide = _xp(a).nextafter(a._data.astype('float64'), b._data.astype('float64'))
    return _ops.cast(Tensor(wide), a.dtype)


def isclose(x1, x2, rtol=1e-5, atol=1e-8, equal_nan=False):
    """|x1 - x2| <= atol + rtol * |x2| elementwise, as Keras 3 on TF computes it: in the pair's float dtype with
    no special case for infinities (inf is not close to inf, whose difference is NaN, but is to -inf); other
    dtypes compare equal."""
    a, b, floats = _close_operands(x1, x2, 'isclose')
    if not floats:
        return _ops.equal(a, b)
    close = _ops.abs(a - b) <= atol + rtol * _ops.abs(b)
    return close | (_ops.is_nan(a) & _ops.is_nan(b)) if equal_nan else close


def allclose(x1, x2, rtol=1e-5, atol=1e-8, equal_nan=False):
    """Whether every element pair is close (a bool scalar tensor); Keras 3's allclose, unlike its isclose,
    takes equal infinities as close and treats non-finite pairs as close only when equal."""
    a, b, floats = _close_operands(x1, x2, 'allclose')
    if not floats:
        return _ops.reduce_all(_ops.equal(a, b))
    finite = _ops.is_finite(a) & _ops.is_finite(b)
    close = (finite & (_ops.abs(a - b) <= atol + rtol * _ops.abs(b))) | _ops.equal(a, b)
    return _ops.reduce_all(close | (_ops.is_nan(a) & _ops.is_nan(b)) if equal_nan else close)


def _close_operands(x1, x2, op):
    a, b = cast_all([numeric(x1, op), numeric(x2, op)], op)
    return a, b, _is_float(a)       # (complex: compared equal, as Keras)


def nan_to_num(x, nan=0.0, posinf=None, neginf=None):
    """NaN -> ``nan``, +inf -> ``posinf`` (default: the dtype's max), -inf -> ``neginf`` (its min)."""
    t = tensor(x, 'nan_to_num')
    if t._data.dtype.kind == 'b':      # Keras hands back what is not numeric to TF: bools stay bools
        return t
    t = refuse_kinds(numeric(t, 'nan_to_num'), 'nan_to_num')
    if not _is_float(t):
        return t
    info = ml_dtypes.finfo(t._data.dtype)
    # the replacements are constants of x's dtype, as Keras makes them (a bfloat16 x stays bfloat16)
    big, small, nan = (_ops.constant(float(v), t.dtype) for v in (info.max if posinf is None else posinf,
                                                                   info.min if neginf is None else neginf, nan))
    # one replacement after the other, as Keras's: a ``nan`` that overflows the dtype to inf becomes ``big``
    out = _ops.where(_ops.is_nan(t), nan, t)
    out = _ops.where(isposinf(out), big, out)
    return _ops.where(isneginf(out), small, out)
