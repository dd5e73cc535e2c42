"""Elementwise math on one tensor: value and gradient on one line each.

``_apply(name, x, value, grad)``: ``value(xp, a)`` computes on the raw array
``a`` with its array module; ``grad(g, y, x)`` is the vector-Jacobian product
for upstream gradient g, output y and input x, written with framework ops (so
an outer tape can differentiate it again).
"""
import functools
import math

import numpy as np

from .. import backend, libm
from ..composite import map_elementwise
from . import eigen_math, eigen_reciprocal, eigen_rsqrt, eigen_trig, float_kernels, graph_rewrites, missing_kernels
from . import minimized_broadcasts
from . import complex_grad_kernels, eigen_complex_divide, eigen_complex_exp, eigen_complex_product, eigen_complex_sqrt, eigen_inverse_trig, eigen_math64, inverse_grads, pfor_rows
from ..tensor import Tensor
from ..tape import array_rule, record_blocked
from ..complex_gradients import in_tf_form
from .operands import as_float_tensor, as_numeric_tensor, as_tensor, ACTIVE, record
from .fusable_outputs import FUSABLE, is_fusable
from .gradient_ops import constant_zeros
from .graph_logits import as_graph_op_output
from .. import onednn_policy
from .. import graph_missing_kernels
from ..errors import NotFoundError, OpError
from ..given_op_name import given_name

_REWRITES = graph_rewrites.GATE      # grappler's rewrites (graph_rewrites.py): one list read per op when eager

_HALF = np.dtype(np.float16)


def _numbers_no_bool(x, op):
    # Square, Abs and Round take numbers but no bool (numpy squares Trues, rounds them into float16)
    return float_kernels.refuse_bool(as_numeric_tensor(x, op), op)


def _signed_numbers(x, op):
    # Abs and Sign have no kernel for bools or unsigned ints (numpy computes them)
    t = as_numeric_tensor(x, op)
    if t._data.dtype.kind in 'bu':
        error = float_kernels.refusal(op, t.dtype.name)
        error.add_note('%s: TensorFlow takes no %s tensor here; cast it to a signed type first, e.g. tf.cast(x, '
                       'tf.int32)' % (op, t.dtype.name))
        raise error
    return t


def _apply(name, x, value, grad, check=as_float_tensor, widen_bfloat16=True):
    try:
        x = check(x, name)
    except TypeError:      # a RaggedTensor or SparseTensor: the op on its values (framework/composite.py)
        return map_elementwise(x, lambda values: _apply(name, values, value, grad, check, widen_bfloat16), name)
    except NotFoundError as error:      # no CPU kernel: a tf.function's graph builds the node, its run fails
        built = graph_missing_kernels.built_node(error, as_tensor(x, name))
        if built is None:
            raise
        return built
    a = x._data
    if a.dtype.kind == 'V' and widen_bfloat16:
        # bfloat16: Eigen computes most functions in float32 and rounds once
        wide = value(backend.array_module(a), a.astype(np.float32))
        out = Tensor(wide.astype(a.dtype) if wide.dtype == np.float32 else wide)
    else:
        out = Tensor(value(backend.array_module(a), a))
    if ACTIVE:
        if grad is not None:
            record(name, (x,), out, (grad,))
        else:
            record_blocked(name, (x,))
    return out


# The rules of the most used ops, written with operators alone, so that they
# are also their own form on raw arrays (see tape.array_rule).
_exp_grad = array_rule(lambda g, y, x: g * y)
# TF's _ExpGrad of a complex x: grad * conj(y), Eigen's complex product (complex_gradients.in_tf_form)
in_tf_form(_exp_grad, array_rule(lambda g, y, x: g * _conj(y),
                                 lambda g, y, x: eigen_complex_product.product(g, np.conj(y), g * y)))
_square_grad = array_rule(lambda g, y, x: g * (2 * x))


def _complex_square_grad(g, y, x):
    return g * (_conj(x) * as_tensor(2, 'square', dtype=x.dtype))      # TF's _SquareGrad, Eigen's complex products


def _complex_square_grad_array(g, y, x):
    twice = eigen_complex_product.product(np.conj(x), x.dtype.type(2), x * 2)
    return eigen_complex_product.product(g, twice, g * twice)


in_tf_form(_square_grad, array_rule(_complex_square_grad, _complex_square_grad_array))


def _complex_kernel_rule(op, conjugate):
    """The complex rule ``op(y, g)``, ``op(conj(y), g)`` where TF's Python rule conjugates y."""
    def rule(g, y, x):
        return op(_conj(y) if conjugate else y, g)
    return rule


# TensorFlow's SqrtGrad, RsqrtGrad and ReciprocalGrad kernels return 0 wherever the
# upstream gradient is 0, whatever the output: a branch that tf.where discards adds
# nothing, even where sqrt(x) is 0 or NaN (the guides' "NaN trap" does not spring).
_sqrt_grad = array_rule(lambda g, y, x: sqrt_grad(y, g), lambda g, y, x: _sqrt_grad_array(y, g))
# TF's RsqrtGrad / ReciprocalGrad ops, recorded with their own rules (inverse_grads.py)
_rsqrt_grad = array_rule(lambda g, y, x: inverse_grads.rsqrt_grad(y, g),
                         lambda g, y, x: inverse_grads.rsqrt_grad_array(y, g))
_reciprocal_grad = array_rule(lambda g, y, x: inverse_grads.reciprocal_grad(y, g),
                              lambda g, y, x: inverse_grads.reciprocal_grad_array(y, g))
# TF's TanhGrad op, recorded with its own rule where an outer tape watches (tanh_grad below)
_tanh_grad = array_rule(lambda g, y, x: tanh_grad(y, g), lambda g, y, x: g * (1 - y * y))
_sigmoid_grad = array_rule(lambda g, y, x: sigmoid_grad(y, g), lambda g, y, x: sigmoid_grad_array(g, y))
# Their complex forms: TF's kernels (complex_grad_kernels.py), y conjugated by the kernel (SqrtGrad,
# ReciprocalGrad) or by TF's Python rule (TanhGrad); the tape records them as they are. (Complex sigmoid's
# SigmoidGrad is left to the tape's generic form: its y differs from TF's in last bits.)
in_tf_form(_sqrt_grad, _complex_kernel_rule(complex_grad_kernels.sqrt_grad_op, conjugate=False))
in_tf_form(_reciprocal_grad, _complex_kernel_rule(complex_grad_kernels.reciprocal_grad_op, conjugate=False))
in_tf_form(_tanh_grad, _complex_kernel_rule(complex_grad_kernels.tanh_grad_op, conjugate=True))


_GRAD_PACKETS = {np.dtype(np.float32): 8, np.dtype(np.float64): 4, np.dtype(np.float16): 8}      # Eigen's AVX packet sizes


def sigmoid_grad_array(dy, y):
    """TensorFlow's SigmoidGrad on arrays: Eigen's packets compute dy * (y * (1 - y)); the last
    ``size % 8`` values (float64: ``size % 4``; float16 and bfloat16 ``size % 8``, each product rounded to
    the half type), outside the packets, take the scalar functor's
    (dy * y) * (1 - y) (TF 2.21: 7 of 7, 3 of the 7 past 8 of 15 values differ between the two forms),
    where the exact-math mode covers the array."""
    out = dy * (y * (1 - y))
    packet = _GRAD_PACKETS.get(y.dtype) or (8 if y.dtype.name == 'bfloat16' else 0)     # (Packet8bf)
    tail = y.size % packet if packet else 0
    if tail and getattr(dy, 'shape', None) == y.shape and eigen_math.exact_elementwise(y.size):
        if pfor_rows.ITERATIONS[0] > 1:     # a jacobian's sweep: TF's kernel runs over the stacked sweeps
            tail = y.size - pfor_rows.packets_end(y.size, packet)
            if not tail:
                return out
        if y.ndim == 0:         # all tail (numpy's 0-d product is a scalar, which reshape would copy)
            return (dy * y) * (1 - y)
        flat_out, flat_dy, flat_y = out.reshape(-1), dy.reshape(-1), y.reshape(-1)
        flat_out[-tail:] = (flat_dy[-tail:] * flat_y[-tail:]) * (1 - flat_y[-tail:])
    return out


def sigmoid_grad(y, dy):
    """TensorFlow's SigmoidGrad op, dy * (y * (1 - y)), recorded with its own rule (TF's
    _SigmoidGradGrad) so that second derivatives of sigmoid round as TensorFlow's do: for y,
    gb - 2 * gb * y with gb = grad * dy, where differentiating the product gave
    grad * dy * (1 - y) - grad * dy * y, which differs in the last bit."""
    out = Tensor(sigmoid_grad_array(dy._data, y._data))
    if ACTIVE:
        record('sigmoid_grad', (y, dy), out, _SIGMOID_GRAD_VJPS)
    return out


def _sigmoid_grad_grad_y(grad, out, y, dy):
    gb = grad * dy
    return gb - 2.0 * gb * y


_SIGMOID_GRAD_VJPS = (_sigmoid_grad_grad_y, lambda grad, out, y, dy: sigmoid_grad(y, grad))


def tanh_grad(y, dy):
    """TensorFlow's TanhGrad op, dy * (1 - y * y), recorded with its own rule (TF's _TanhGradGrad) so
    that higher derivatives of tanh round as TensorFlow's do: for y, grad * -2.0 * dy * y, where
    differentiating the product added two -(grad * dy) * y terms (tanh's third derivative at 0.5:
    -0.56520945, TF 2.21 -0.5652094)."""
    out = Tensor(dy._data * (1 - y._data * y._data))
    if ACTIVE:
        record('tanh_grad', (y, dy), out, _TANH_GRAD_VJPS)
    return out


def _tanh_grad_grad_y(grad, out, y, dy):
    """TF's _TanhGradGrad for y, ``grad * -2.0 * dy * y``; in a traced step grappler's ``(-2.0 * grad) * (dy * y)``
    (minimized_broadcasts.py: lead55 pinn4.py's traced sweeps, 3 of 18 printed gradient values an ulp off)."""
    if minimized_broadcasts.regroups(y):
        return (grad * -2.0) * (dy * y)
    return grad * -2.0 * dy * y


_TANH_GRAD_VJPS = (_tanh_grad_grad_y, lambda grad, out, y, dy: tanh_grad(y, grad))


def sqrt_grad(y, dy):
    """TensorFlow's SqrtGrad op, 0.5 * dy / y (0 wherever dy is 0), recorded with its own rule (TF's
    _SqrtGradGrad) so that second derivatives of sqrt round as TensorFlow's do: for y,
    -(grad / y) * out, for dy, 0.5 * (grad / y); differentiating the quotient rounded otherwise."""
    out = Tensor(_sqrt_grad_array(y._data, dy._data))
    if ACTIVE:
        record('sqrt_grad', (y, dy), out, _SQRT_GRAD_VJPS)
    return out


def _sqrt_grad_array(y, dy):
    """SqrtGrad's kernel: Eigen's packets compute mul_no_nan(0.5 / y, dy), the scalar functor on
    the tail past the last whole packet (0.5 * dy) / y; 0 wherever dy is 0. In a jacobian's sweep the
    kernel runs once over every sweep's values (pfor stacks SqrtGrad's inputs): only the stack's tail
    takes the scalar functor (the pfor jacobian of tf.norm(x) * x, float64: 5 sweeps of one value)."""
    xp = backend.array_module(dy)
    half = dy.dtype.type(0.5)
    with np.errstate(all='ignore'):
        out = dy * (half / y)
        packet = _SQRT_GRAD_PACKET.get(out.dtype.name, 1)
        tail = out.size % packet if xp is np else 0
        if tail and pfor_rows.ITERATIONS[0] > 1:
            tail = out.size - pfor_rows.packets_end(out.size, packet)
        if tail:
            out = out.reshape(-1)               # a fresh array: its tail is rewritten in place
            out[-tail:] = (half * dy.reshape(-1)[-tail:]) / np.broadcast_to(y, dy.shape).reshape(-1)[-tail:]
            out = out.reshape(dy.shape)
    return xp.where(dy == 0, dy.dtype.type(0), out)


_SQRT_GRAD_PACKET = {'float32': 8, 'float64': 4}      # AVX packets of TensorFlow's x86 wheels


_SQRT_GRAD_VJPS = (lambda grad, out, y, dy: -(grad / y) * out, lambda grad, out, y, dy: 0.5 * (grad / y))


# float32 exp, log, log1p, expm1, tanh, erf, sigmoid and softplus on the host take TensorFlow's
# Eigen kernels (bit for bit, see eigen_math), float64 ones too (eigen_math64); other
# dtypes and device arrays the array module's own functions (cupy's are CUDA's, as TensorFlow's
# GPU kernels).
def exp(x, name=None):
    try:
        out = _apply('exp', x, _exp_value, _exp_grad)
        if _REWRITES[0] and graph_rewrites.tracing():
            graph_rewrites.note_exp(x, out)                 # a traced exp(x) - 1 is expm1(x) (graph_rewrites.py)
        return out
    except OpError as error:
        given_name(error, name)
        raise


def _exp_value(xp, a):
    if eigen_math.handles(a):
        return eigen_math.exp(a)
    if eigen_math64.handles(a):
        return eigen_math64.exp(a)
    return eigen_complex_exp.exp(a) if a.dtype.kind == 'c' and eigen_complex_exp.handles(a) else xp.exp(a)


def log(x, name=None):
    try:
        if _REWRITES[0] and graph_rewrites.tracing():
            operand = graph_rewrites.one_plus_operand(x)
            if operand is not None:                         # a traced log(1 + x) is log1p(x) (graph_rewrites.py)
                return log1p(operand)
        return _apply('log', x, _log_value, _log_grad)
    except OpError as error:
        given_name(error, name)
        raise


# TF's _LogGrad of a complex x: grad * reciprocal(conj(x)) (complex_gradients.in_tf_form)
_log_grad = in_tf_form(lambda g, y, x: g * reciprocal(x), lambda g, y, x: g * reciprocal(_conj(x)))


def _log_value(xp, a, handles=eigen_math.handles, handles64=eigen_math64.handles):
    if handles(a):
        return eigen_math.log(a)
    return eigen_math64.log(a) if handles64(a) else xp.log(a)


def log_of_probabilities(x):
    """``log`` of a classifier's clipped probabilities, as the cross-entropies take it: TensorFlow's bits up
    to eigen_math.CLASS_SCORES values, as the other class-score ops (a traced step keeps ``log``'s rewrites)."""
    if _REWRITES[0] and graph_rewrites.tracing():
        return log(x)
    return _apply('log', x, _probabilities_log_value, _probabilities_log_grad)


# (the class-score ops' size limit: eigen_math.CLASS_SCORES)
_probabilities_log_value = functools.partial(_log_value, handles=eigen_math.handles_class_scores,
                                             handles64=eigen_math64.handles_class_scores)


def _probabilities_log_grad(g, y, x):
    # log's rule, g * reciprocal(x), with the reciprocal's bits at the same sizes
    return g * _apply('reciprocal', x, _probabilities_reciprocal_value, _reciprocal_grad)


def _probabilities_reciprocal_value(xp, a):
    return _reciprocal_value(xp, a, eigen_math.handles_class_scores)


def log1p(x, name=None):
    try:
        return _apply('log1p', x, _log1p_value, _log1p_grad)
    except OpError as error:
        given_name(error, name)
        raise


# TF's _Log1pGrad / _Expm1Grad of a complex x: grad * reciprocal(1 + conj(x)), grad * exp(conj(x))
# (complex_gradients.in_tf_form: a zero upstream's parts keep TF's +0.0)
_log1p_grad = in_tf_form(lambda g, y, x: g * reciprocal(1 + x), lambda g, y, x: g * reciprocal(1 + _conj(x)))
_expm1_grad = in_tf_form(lambda g, y, x: g * exp(x), lambda g, y, x: g * exp(_conj(x)))


def _log1p_value(xp, a):
    if eigen_math.handles(a):
        return eigen_math.log1p(a)
    return eigen_math64.log1p(a) if eigen_math64.handles(a) else xp.log1p(a)


def expm1(x, name=None):
    try:
        return _apply('expm1', x, _expm1_value, _expm1_grad)
    except OpError as error:
        given_name(error, name)
        raise


def _expm1_value(xp, a):
    if eigen_math.handles(a):
        return eigen_math.expm1(a)
    return eigen_math64.expm1(a) if eigen_math64.handles(a) else xp.expm1(a)


def sqrt(x, name=None):
    try:
        out = _apply('sqrt', x, _sqrt_value, _sqrt_grad)
        if _REWRITES[0] and graph_rewrites.tracing():
            graph_rewrites.note_sqrt(x, out)                # a traced y / sqrt(x) is y * rsqrt(x) (graph_rewrites.py)
        return out
    except OpError as error:
        given_name(error, name)
        raise


def _sqrt_value(xp, a):
    if a.dtype.kind == 'c' and eigen_complex_sqrt.handles(a):
        return eigen_complex_sqrt.sqrt(a)       # Eigen's complex square roots (numpy's differ in ~11% of values)
    return xp.sqrt(a)


def rsqrt(x, name=None):
    try:
        return _apply('rsqrt', x, rsqrt_array, _rsqrt_grad, widen_bfloat16=False)
    except OpError as error:
        given_name(error, name)
        raise


def rsqrt_array(xp, a):
    """rsqrt's value on a raw array of module ``xp``."""
    if eigen_math.handles(a):
        out = eigen_rsqrt.rsqrt(a)        # TensorFlow's packets: an estimate and a Newton step
        return out[()] if type(a) is np.float32 else out
    if a.dtype.kind == 'c' and eigen_complex_sqrt.handles(a):
        return eigen_complex_sqrt.rsqrt(a)      # Eigen's complex_rsqrt (1 / sqrt(z) rounds otherwise)
    if a.dtype == _HALF:
        # Eigen's half packets compute in float32 and round once; the last size % 8 values take the
        # scalar path, sqrt then 1 / it, each rounded to half (TF 2.21: rsqrt(4.973) is 0.4482, not 0.4485)
        flat = a.reshape(-1)
        out = (1 / xp.sqrt(flat.astype(np.float32))).astype(a.dtype)
        tail = flat.size % eigen_math.PACKET
        if tail:
            out[-tail:] = 1 / xp.sqrt(flat[-tail:])
        return out.reshape(a.shape)
    if a.dtype.kind == 'V':
        # bfloat16: Eigen's packets of 8 compute in float32 and round once; the last size % 8
        # values take the scalar path, 1 / sqrt(x) in bfloat16 steps
        flat = a.reshape(-1)
        out = 1 / xp.sqrt(flat)
        whole = flat.size - flat.size % eigen_math.PACKET
        if whole:
            out[:whole] = rsqrt_array(xp, flat[:whole].astype(np.float32)).astype(a.dtype)
        return out.reshape(a.shape)
    return 1 / xp.sqrt(a)


def square(x, name=None):
    try:
        return _apply('square', x, _square_value, _square_grad, _numbers_no_bool)
    except OpError as error:
        given_name(error, name)
        raise


def _square_value(xp, a):
    value = a * a
    if value.dtype.kind == 'c' and eigen_complex_product.handles(value):
        return eigen_complex_product.product(a, a, value)      # Eigen's pmul(a, a), no fused multiply-add
    return value


def reciprocal(x, name=None):
    try:
        return _apply('reciprocal', x, _reciprocal_value, _reciprocal_grad)
    except OpError as error:
        given_name(error, name)
        raise


def _reciprocal_value(xp, a, handles=eigen_math.handles):
    if handles(a):
        out = eigen_reciprocal.reciprocal(a)      # TensorFlow's packets: an estimate and a Newton step
        return out[()] if type(a) is np.float32 else out
    if a.dtype.kind == 'c' and xp is np:
        return eigen_complex_divide.reciprocal(np.asarray(a))     # Eigen's complex quotient 1 / a
    return 1 / a


def abs(x, name=None):  # noqa: A001  (TensorFlow's name)
    return _apply('abs', x, _abs_value, _abs_grad, _signed_numbers)


def _abs_value(xp, a):
    if a.dtype == np.complex64:
        # TensorFlow's |z| is C's hypotf: computed in double, rounded once (numpy's complex64 abs
        # rounds differently in about a third of values)
        return xp.hypot(a.real.astype(np.float64), a.imag.astype(np.float64)).astype(np.float32)
    if a.dtype == np.complex128:
        # C's hypot too: numpy's complex128 abs rounds otherwise in about a third of values (1499 of 4000)
        return xp.hypot(a.real, a.imag)
    return xp.abs(a)


def _abs_grad(g, y, x):
    if x._data.dtype.kind != 'c':
        return g * sign(x)
    # |z| of a complex z is real: TensorFlow's gradient is div_no_nan(complex(g, 0) * z, complex(|z|, 0)),
    # written with the same complex ops: Eigen's product and quotient add the zero parts' products, which
    # turns a zero upstream's -0.0 (g re(z) for re(z) < 0) into +0.0, as a jacobian's other rows show
    from .arithmetic import divide_no_nan
    from .complex_build import complex as complex_
    from .creation import zeros_like
    return divide_no_nan(complex_(g, zeros_like(g)) * x, complex_(y, zeros_like(y)))


def sign(x, name=None):
    # TF's _SignGrad returns zeros_like(x): +0.0 whatever g holds (g * 0 gave -0.0 and nan), and
    # nothing an outer tape differentiates further
    try:
        if isinstance(x, Tensor) and x._data.dtype.kind == 'c':
            return _complex_sign(x)
        return _apply('sign', x, lambda xp, a: xp.sign(a), constant_zeros, _signed_numbers)
    except OpError as error:
        given_name(error, name)
        raise


def _complex_sign(x):
    """tf.math.sign of complex values is TF's Python composition, div_no_nan(x, cast(abs(x))), not the
    Sign kernel: its gradient flows through DivNoNan and ComplexAbs."""
    from .arithmetic import divide_no_nan
    from .shapes import cast
    return divide_no_nan(x, cast(abs(x), x.dtype))


# TensorFlow computes these with Eigen's scalar functors, which call the C library (glibc's
# sinhf, ...), except where Eigen has a packet kernel: then only an array smaller than one
# packet of 8 goes to C (measured against TF 2.21 on float32 and float64 arrays of 5 and 64
# values). numpy's own functions match C's on some CPUs only (framework/libm.py), so arrays the
# exact-math mode covers take C's; larger ones numpy's.
_F32, _F64 = (np.dtype(np.float32),), (np.dtype(np.float64),)
_BOTH = _F32 + _F64
_C_SIZES = {   # name: (dtypes C computes at every size, dtypes it computes below one packet)
    'sinh': (_BOTH, ()), 'cosh': (_BOTH, ()), 'tan': (_BOTH, ()), 'asinh': (_BOTH, ()), 'acosh': (_BOTH, ()),
    'asin': (_F64, _F32), 'acos': (_F64, _F32), 'atan': ((), _F32), 'atanh': ((), _F32),
}


def _c_value(name):
    every_size, below_packet = _C_SIZES[name]
    ufunc = libm.numpy_name(name)

    def value(xp, a):
        if xp is np and eigen_math.exact_elementwise(a.size) and (
                a.dtype in every_size or (a.dtype in below_packet and a.size < eigen_math.PACKET)):
            return libm.apply(name, a)
        return getattr(xp, ufunc)(a)
    return value


_C_VALUES = {name: _c_value(name) for name in _C_SIZES}


def sin(x, name=None):
    try:
        return _apply('sin', x, lambda xp, a: eigen_trig.sin(a) if eigen_math.handles(a) else xp.sin(a), _sin_grad)
    except OpError as error:
        given_name(error, name)
        raise


# TF's _SinGrad / _CosGrad of a complex x: grad * cos(conj(x)), -grad * sin(conj(x)) (complex_gradients.in_tf_form)
_sin_grad = in_tf_form(lambda g, y, x: g * cos(x), lambda g, y, x: g * cos(_conj(x)))
_cos_grad = in_tf_form(lambda g, y, x: -g * sin(x), lambda g, y, x: -g * sin(_conj(x)))


def _conj(x):
    from .complex_parts import conj
    return conj(x)


def cos(x, name=None):
    try:
        return _apply('cos', x, lambda xp, a: eigen_trig.cos(a) if eigen_math.handles(a) else xp.cos(a), _cos_grad)
    except OpError as error:
        given_name(error, name)
        raise


def tan(x, name=None):
    try:
        return _apply('tan', x, _C_VALUES['tan'], _tan_grad)
    except OpError as error:
        given_name(error, name)
        raise


# TF's _TanGrad of a complex x: square(reciprocal(cos(conj(x)))) * grad (complex_gradients.in_tf_form)
_tan_grad = in_tf_form(lambda g, y, x: g * square(reciprocal(cos(x))),
                       lambda g, y, x: square(reciprocal(cos(_conj(x)))) * g)


def _eigen_value(name):
    """The value function of ``name``: Eigen's float32 packet kernel (eigen_inverse_trig) and its float64 one
    (eigen_math64, atan and atanh) where the exact-math mode covers the array, else _C_VALUES' rule."""
    float32, float64, other = getattr(eigen_inverse_trig, name), getattr(eigen_math64, name, None), _C_VALUES[name]

    def value(xp, a):
        if eigen_math.handles(a):
            return float32(a)
        if float64 is not None and eigen_math64.handles(a):
            return float64(a)
        return other(xp, a)
    return value


_EIGEN_VALUES = {name: _eigen_value(name) for name in ('asin', 'acos', 'atan', 'atanh')}
# Their gradients are TF's math_grad compositions: g times Reciprocal (whose float32 kernel is VRCPPS's
# estimate and a Newton step, not a division) of 1 + x**2, sqrt(1 - x**2) or 1 - x**2.


def atan(x, name=None):
    try:
        return _apply('atan', x, _EIGEN_VALUES['atan'], lambda g, y, x: g * reciprocal(1 + square(x)))
    except OpError as error:
        given_name(error, name)
        raise


def asin(x, name=None):
    try:
        return _apply('asin', x, _EIGEN_VALUES['asin'], lambda g, y, x: g * reciprocal(sqrt(1 - square(x))))
    except OpError as error:
        given_name(error, name)
        raise


def acos(x, name=None):
    try:
        return _apply('acos', x, _EIGEN_VALUES['acos'], lambda g, y, x: -g * reciprocal(sqrt(1 - square(x))))
    except OpError as error:
        given_name(error, name)
        raise


def sinh(x, name=None):
    try:
        return _apply('sinh', x, _C_VALUES['sinh'], _sinh_grad)
    except OpError as error:
        given_name(error, name)
        raise


# TF's _SinhGrad / _CoshGrad of a complex x: grad * cosh(conj(x)), grad * sinh(conj(x)) (complex_gradients.in_tf_form)
_sinh_grad = in_tf_form(lambda g, y, x: g * cosh(x), lambda g, y, x: g * cosh(_conj(x)))
_cosh_grad = in_tf_form(lambda g, y, x: g * sinh(x), lambda g, y, x: g * sinh(_conj(x)))


def cosh(x, name=None):
    try:
        return _apply('cosh', x, _C_VALUES['cosh'], _cosh_grad)
    except OpError as error:
        given_name(error, name)
        raise


def asinh(x, name=None):
    try:
        return _apply('asinh', x, _C_VALUES['asinh'], lambda g, y, x: g / cosh(y))
    except OpError as error:
        given_name(error, name)
        raise


def acosh(x, name=None):
    try:
        return _apply('acosh', x, _C_VALUES['acosh'], lambda g, y, x: g / sinh(y))
    except OpError as error:
        given_name(error, name)
        raise


def atanh(x, name=None):
    try:
        return _apply('atanh', x, _EIGEN_VALUES['atanh'], lambda g, y, x: g * reciprocal(1 - square(x)))
    except OpError as error:
        given_name(error, name)
        raise


def tanh(x, name=None):
    try:
        if FUSABLE and is_fusable(x) and onednn_policy.enabled():      # tf.tanh(dense(x)) in a traced step
            from .fused_eltwise import fused_tanh
            return fused_tanh(x)
        return _apply('tanh', x, lambda xp, a: tanh_value(a), _tanh_grad)
    except OpError as error:
        given_name(error, name)
        raise


def tanh_value(a):
    """tanh on a raw array (shared with the fused dense op)."""
    if eigen_math.handles(a):
        return eigen_math.tanh(a)
    return eigen_math64.tanh(a) if eigen_math64.handles(a) else backend.array_module(a).tanh(a)


def sigmoid(x, name=None):
    if FUSABLE and is_fusable(x) and onednn_policy.enabled():      # tf.sigmoid(dense(x)) in a traced step
        from .fused_sigmoid import fused_sigmoid
        return as_graph_op_output(fused_sigmoid(x), x)
    return as_graph_op_output(_apply('sigmoid', x, _sigmoid_value, _sigmoid_grad, widen_bfloat16=False), x)


def _sigmoid_value(xp, a):
    if eigen_math.handles(a):
        return eigen_math.sigmoid(a)
    if eigen_math64.handles(a):
        return eigen_math64.sigmoid(a)
    if a.dtype.kind == 'c':         # no sign split for complex numbers: the formula itself
        return 1 / (1 + xp.exp(-a))
    if a.dtype.itemsize == 2:
        # TensorFlow's float16 and bfloat16 kernels: e / (1 + e) with e = exp(x), each step rounded to
        # the dtype; past x = 11 (float16) or 80 (bfloat16) that is 1, where exp(x) would overflow
        cap = a.dtype.type(11 if a.dtype == _HALF else 80)
        e = xp.exp(xp.minimum(a, cap))
        return xp.where(a > cap, a.dtype.type(1), e / (1 + e))
    # exp(-|a|) never overflows; both branches are exact where they are used: 1 / (1 + e) for
    # a >= 0, e / (1 + e) below, as one division of the chosen numerator (17% fewer instructions than
    # computing both quotients; the same bits: tests/test_sigmoid_value.py). The numerator is
    # max(e, a >= 0): e lies in [0, 1] (or is a NaN, which maximum passes on), so that is 1 where
    # a >= 0 and e elsewhere, as where(a >= 0, 1, e), whose branch per element costs 4x more on
    # mixed signs ((32, 128): 13 us against 2)
    e = xp.exp(-xp.abs(a))
    numerator = xp.maximum(e, a >= 0)
    if a.ndim == 0:      # a 0-d array's ufunc results are numpy scalars, which out= cannot take
        return xp.asarray(numerator / (e + a.dtype.type(1)), dtype=a.dtype)
    return xp.divide(numerator, e + a.dtype.type(1), out=numerator).astype(a.dtype, copy=False)


def softplus(x, name=None):
    """log(1 + exp(x)), computed stably; its gradient is g * sigmoid(x), TF 2.21's _SoftplusGrad (nn_grad.py:
    not the SoftplusGrad kernel's g / (exp(-x) + 1), which differs by an ulp or two in half the elements).
    That Sigmoid is Eigen's even after a traced Dense: its input also feeds the Softplus, so TF's graph
    optimizer cannot fuse it into the MatMul (sigmoid() would take oneDNN's kernel there)."""
    try:
        return _apply('softplus', x, _softplus_value, _softplus_grad, widen_bfloat16=False)
    except OpError as error:
        given_name(error, name)
        raise


def _softplus_grad(g, y, x):
    return g * _apply('sigmoid', x, _sigmoid_value, _sigmoid_grad, widen_bfloat16=False)


def _softplus_value(xp, a):
    if a.dtype.itemsize == 2:
        # float16 / bfloat16: TensorFlow's kernel (softplus_op.h) in the dtype's own steps: x past
        # -threshold, exp(x) below threshold, else log1p(exp(x)), with threshold = log(epsilon) + 2
        threshold = np.asarray(np.log(np.float32(_epsilon(a.dtype))), a.dtype) + a.dtype.type(2)
        e = xp.exp(a)
        return xp.where(a > -threshold, a, xp.where(a < threshold, e, xp.log1p(e)))
    if eigen_math.handles(a):
        return eigen_math.softplus(a)
    return eigen_math64.softplus(a) if eigen_math64.handles(a) else xp.logaddexp(a.dtype.type(0), a)


def _epsilon(dtype):
    """Eigen's NumTraits epsilon: 2**-13 for float16 (its raw 0x0800), 2**-7 for bfloat16."""
    return 2.0 ** -13 if dtype == _HALF else 2.0 ** -7


def erf(x, name=None):
    try:
        return _apply('erf', x, lambda xp, a: _erf_value(a),
                      lambda g, y, x: g * (2 / math.sqrt(math.pi)) * exp(-(x * x)))
    except OpError as error:
        given_name(error, name)
        raise


def _erf_value(a):
    if eigen_math.handles(a):
        return eigen_math.erf(a)
    if eigen_math64.handles(a):
        return eigen_math64.erf(a)
    if backend.is_device_array(a):
        from cupyx.scipy.special import erf as cupy_erf
        return cupy_erf(a)
    try:
        from scipy.special import erf as scipy_erf
        return scipy_erf(a).astype(a.dtype, copy=False)
    except ImportError:
        return np.vectorize(math.erf, otypes=[a.dtype])(a)


def floor(x, name=None):
    try:
        return _apply('floor', x, lambda xp, a: xp.floor(a), None)
    except OpError as error:
        given_name(error, name)
        raise


def ceil(x, name=None):
    try:
        return _apply('ceil', x, lambda xp, a: xp.ceil(a), None)
    except OpError as error:
        given_name(error, name)
        raise


def round(x, name=None):  # noqa: A001  (TensorFlow's name)
    # TensorFlow rounds half to even, as numpy does.
    try:
        return _apply('round', x, lambda xp, a: xp.round(a), None, _real_numbers_no_bool)
    except OpError as error:
        given_name(error, name)
        raise


def _real_numbers_no_bool(x, op):
    # Round's registry takes complex, but TensorFlow has no CPU kernel for it (numpy rounds the parts)
    t = _numbers_no_bool(x, op)
    if t._data.dtype.kind == 'c':
        raise missing_kernels.not_found('Round', t.dtype.name, op)
    return t


def is_nan(x, name=None):
    try:
        return _no_gradient_entry('is_nan', 'IsNan', x, lambda xp, a: xp.isnan(a))
    except OpError as error:
        given_name(error, name)
        raise


def is_inf(x, name=None):
    try:
        return _no_gradient_entry('is_inf', 'IsInf', x, lambda xp, a: xp.isinf(a))
    except OpError as error:
        given_name(error, name)
        raise


def is_finite(x, name=None):
    try:
        return _no_gradient_entry('is_finite', 'IsFinite', x, lambda xp, a: xp.isfinite(a))
    except OpError as error:
        given_name(error, name)
        raise


def _no_gradient_entry(name, kernel, x, value):
    """A bool-valued op whose TF kernel registers no gradient (IsNan, IsInf, IsFinite): TF 2.21 raises the
    registry's LookupError for a gradient of its output, which no op reading it passes on (unregistered_gradient)."""
    from .unregistered_gradient import refusal, unwatched
    return unwatched(_apply(name, x, value, refusal(kernel) if ACTIVE else None))
