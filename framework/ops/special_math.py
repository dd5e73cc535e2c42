"""Special functions: log_sigmoid, atan2, lgamma, digamma, polyval.

Each gradient is written with framework ops (digamma's own derivative,
trigamma, is the one rule without a further gradient).
"""

import numpy as np

from .. import backend, dtypes, libm
from ..errors import InvalidArgumentError, OpError, kernel_error, noted
from ..given_op_name import given_name
from ..tensor import Tensor
from ..type_text import EAGER_TENSOR_PATH
from .arithmetic import add, multiply
from .creation import zeros_like
from . import eigen_math, float_kernels
from .operands import ACTIVE, as_float_tensor, as_tensor, binary, named_errors, record
from .unary import _apply, softplus


def log_sigmoid(x, name=None):
    """log(sigmoid(x)) = -softplus(-x), stable for large |x|."""
    t = as_tensor(x, 'log_sigmoid')
    if t._data.dtype.kind in 'biuOSU':
        # TF negates first: Neg's registry refuses bools, unsigned ints and strings, then Softplus signed ints
        try:
            return -softplus(-t)
        except InvalidArgumentError as error:
            error.add_note('log_sigmoid: got dtype %s; cast it to a float dtype first' % t.dtype.name)
            raise
    return -softplus(-as_float_tensor(t, 'log_sigmoid'))


def atan2(y, x, name=None):
    """The angle of the point (x, y), elementwise with broadcasting: atan(y / x) in the right quadrant."""
    try:
        y, x, dy, dx = binary(y, x, 'atan2')
        if _not_floating(dy) or _not_floating(dx):
            bad = dy.dtype if _not_floating(dy) else dx.dtype
            # Atan2's kernel refuses the dtype (InvalidArgumentError, also the TypeError raised before)
            error = float_kernels.refusal('atan2', dtypes.as_dtype(bad).name)
            error.add_note('atan2: y and x must be floating-point tensors, got %s and %s'
                           % (getattr(dy, 'dtype', type(dy)), getattr(dx, 'dtype', type(dx))))
            raise error
        xp = backend.array_module(dy if isinstance(y, Tensor) else dx)
        try:
            out = Tensor(_atan2_value(xp, dy, dx))
        except ValueError:
            sy, sx = tuple(getattr(dy, 'shape', ())), tuple(getattr(dx, 'shape', ()))
            raise kernel_error('Atan2', 'Incompatible shapes: [%s] vs. [%s]' % (','.join(map(str, sy)), ','.join(map(str, sx))),
                               named=True, note='atan2: shapes %s and %s do not broadcast together' % (sy, sx)) from None
        if ACTIVE:
            record('atan2', (y, x), out, _atan2_vjps())
        return out
    except OpError as error:
        given_name(error, name)
        raise


def _not_floating(a):
    # (bfloat16, ml_dtypes' kind 'V', is one of Atan2's dtypes)
    return getattr(a, 'dtype', None) is not None and a.dtype.kind != 'f' and a.dtype.name != 'bfloat16'


def _atan2_operands(g, y, x):
    # a Python number operand in the gradient's dtype (a float64 gradient squares 1.3 in float64, as TF's tensor)
    return tuple(v if isinstance(v, Tensor) else as_tensor(v, 'atan2', dtype=g.dtype) for v in (y, x))


def _atan2_vjps():
    """TF's _Atan2Grad: grad_inv = grad / (y**2 + x**2), then x * grad_inv and -y * grad_inv (not (g * x) / ...,
    which rounds differently). One grad_inv per output gradient feeds both inputs' rules, as in TF's graph, so
    an outer tape differentiates that one node (two rounded the second derivatives' parts apart)."""
    from .unary import square
    last = []

    def grad_inv(g, y, x):
        if not last or last[0] is not g:
            last[:] = [g, g / (square(y) + square(x))]      # holding g keeps its id from being reused meanwhile
        return last[1]

    def grad_y(g, out, y, x):
        y, x = _atan2_operands(g, y, x)
        return x * grad_inv(g, y, x)

    def grad_x(g, out, y, x):
        y, x = _atan2_operands(g, y, x)
        return -y * grad_inv(g, y, x)
    return grad_y, grad_x


def _atan2_value(xp, dy, dx):
    """numpy's arctan2, with TensorFlow's bits on the exact-math sizes (ctypes costs ~0.3 us a value): whole
    packets (8 float32 / 4 float64) by Eigen's patan2, the values after the last one (all of a smaller array)
    by the C library's atan2f / atan2, Eigen's scalar path (numpy's SIMD arctan2 is 1 ulp off on a third of
    them; the docstring's atan2(1, 1) among them)."""
    out = xp.arctan2(dy, dx)
    # (an elementwise kernel: the sizes the mode's elementwise kernels cover, not the summation orders' SMALL)
    if xp is not np or out.dtype not in _ATAN2_PACKETS or not eigen_math.exact_elementwise(out.size):
        return out
    tail = out.size % _ATAN2_PACKETS[out.dtype]
    whole = out.size - tail
    if out.size:
        y, x = (np.broadcast_to(v, out.shape).reshape(-1).astype(out.dtype) for v in (dy, dx))
        out = np.array(out)             # (numpy returns a scalar for 0-d inputs)
        if tail:
            out.reshape(-1)[whole:] = libm.apply('atan2', y[whole:], x[whole:])
        if whole:
            out.reshape(-1)[:whole] = _atan2_packets(y[:whole], x[:whole])
    return out


def _atan2_packets(y, x):
    """Eigen's patan2 on packets: generic_atan (eigen_inverse_trig's float32 one, with the CPU's approximate
    reciprocal past |y / x| = 1; eigen_math64's) of y / x, of +-1 where |x| == |y|, of a signed 0 where both
    are 0, plus 0 or pi, signed as y."""
    from .eigen_inverse_trig import _atan_packets as atan32
    from .eigen_math64 import _atan_packets as atan64
    t = y.dtype.type
    with np.errstate(all='ignore'):
        y_sign = np.signbit(y)
        result_sign = np.where(y_sign != np.signbit(x), t(-1), t(1))
        shift = np.copysign(np.where(np.signbit(x), t(np.pi), t(0)), np.where(y_sign, t(-1), t(1)))
        arg = np.where(np.abs(x) == np.abs(y), result_sign, y / x)
        arg = np.where((x == 0) & (y == 0), np.copysign(t(0), result_sign), arg)
        return (atan32(np, arg) if y.dtype == np.float32 else atan64(arg)) + shift


_ATAN2_PACKETS = {np.dtype(np.float32): 8, np.dtype(np.float64): 4}


def _special(name):
    """The special function ``name`` on a raw array: cupyx.scipy.special's on a GPU,
    tapeflow's own on the host (scipy is not a dependency; see ``_HOST``)."""
    def value(xp, a):
        if backend.is_device_array(a):
            import cupyx.scipy.special as special
            return getattr(special, name)(a).astype(a.dtype, copy=False)
        return _HOST[name](np.asarray(a, dtype=np.float64)).astype(a.dtype, copy=False)
    return value


def _gammaln(x):
    """log|Gamma(x)| elementwise by the C library's lgamma (Eigen's, so TensorFlow's, for double; Python's
    math.lgamma differs in the last bits): +inf at the poles 0, -1, -2, ... and at +-inf."""
    return libm.apply('lgamma', np.asarray(x, np.float64))


def _lgamma_value(xp, a):
    """lgamma on a raw array: C's lgammaf for float32 (as TF's kernel), lgamma for float64, half and
    bfloat16 through float32."""
    if backend.is_device_array(a):
        return _special('gammaln')(xp, a)
    if a.dtype in (np.float32, np.float64):
        return libm.apply('lgamma', a)
    return libm.apply('lgamma', a.astype(np.float32)).astype(a.dtype)


def _raised(x, step):
    """(pole, reflect, z, total) for the polygamma series: z is x (or 1 - x below 1/2, to be
    reflected back), raised past 6 by steps of one, and total the sum of ``step(z)`` over those steps."""
    pole = (x <= 0) & (x == np.floor(x))
    reflect = x < 0.5
    z = np.where(reflect, 1.0 - x, x)
    total = np.zeros_like(z)
    for _ in range(6):
        small = z < 6
        total += np.where(small, step(z), 0.0)
        z = np.where(small, z + 1.0, z)
    return pole, reflect, z, total


# The asymptotic series' coefficients B_2k / 2k, highest power first (Cephes' psi, as Eigen's digamma)
_PSI_SERIES = (1 / 12, -691 / 32760, 1 / 132, -1 / 240, 1 / 252, -1 / 120, 1 / 12)


def _digamma(x):
    """psi(x) in double as Eigen's digamma (TensorFlow's kernel), step for step: below 0 the reflection
    pi / tan(pi * (x - nearest integer)), then the recurrence psi(x) = psi(x + 1) - 1/x summed up to
    10, then log(s) - 1/(2s) - z * P(z) with z = 1/s**2 (no series past 1e17); NaN at the poles.
    log and tan are the C library's (numpy's SIMD ones round differently on some CPUs)."""
    x = np.asarray(x, np.float64)
    shape, x = x.shape, x.reshape(-1)
    with np.errstate(all='ignore'):
        negative = x <= 0
        q = np.where(negative, x, 0.5)
        p = np.floor(q)
        pole = negative & (p == q)
        nz = q - p
        p = np.where(nz > 0.5, p + 1.0, p)
        nz = q - p
        half = nz == 0.5
        tangent = libm.apply('tan', np.where(negative & ~half & ~pole, np.pi * nz, 1.0))
        nz = np.where(half, 0.0, np.pi / tangent)
        s = np.where(negative, 1.0 - x, x)
        w = np.zeros_like(s)
        for _ in range(10):             # s < 10 takes at most ten steps (s > 0 here)
            small = s < 10.0
            w = np.where(small, w + 1.0 / s, w)
            s = np.where(small, s + 1.0, s)
        z = 1.0 / (s * s)
        series = np.full_like(s, _PSI_SERIES[0])
        for c in _PSI_SERIES[1:]:
            series = series * z + c
        series = np.where(s < 1.0e17, z * series, 0.0)
        y = libm.apply('log', s) - (0.5 / s) - series - w
        y = np.where(negative, y - nz, y)
    return np.where(pole, np.nan, y).reshape(shape)


# Eigen's float coefficients (digamma_impl_maybe_poly<float>), highest power first
_PSI_SERIES_FLOAT = tuple(np.float32(c) for c in (-4.16666666666666666667E-3, 3.96825396825396825397E-3,
                                                  -8.33333333333333333333E-3, 8.33333333333333333333E-2))


def _digamma_float32(x):
    """psi(x) as Eigen's digamma<float> computes it, in float32 step for step (TF's float32 kernel, no FMA):
    the steps of ``_digamma`` with a four-term series (none past 1e8), and C's tanf / logf. Computing in
    double then rounding put a third of the values (and so lgamma's float32 gradients) an ulp or more off."""
    f = np.float32
    x = np.asarray(x, f)
    shape, x = x.shape, x.reshape(-1)
    with np.errstate(all='ignore'):
        negative = x <= 0
        q = np.where(negative, x, f(0.5))
        p = np.floor(q)
        pole = negative & (p == q)
        nz = q - p
        p = np.where(nz > 0.5, p + f(1), p)
        nz = q - p
        half = nz == 0.5
        pi = f(np.pi)
        tangent = libm.apply('tan', np.where(negative & ~half & ~pole, pi * nz, f(1)))
        nz = np.where(half, f(0), pi / tangent)
        s = np.where(negative, f(1) - x, x)
        w = np.zeros_like(s)
        while True:                     # s < 10 takes at most ten steps (s > 0 here) ...
            small = s < 10
            if not small.any():         # (... and none from NaN)
                break
            w = np.where(small, w + f(1) / s, w)
            s = np.where(small, s + f(1), s)
        z = f(1) / (s * s)
        series = np.full_like(s, _PSI_SERIES_FLOAT[0])
        for c in _PSI_SERIES_FLOAT[1:]:
            series = series * z + c
        series = np.where(s < f(1.0e8), z * series, f(0))
        y = libm.apply('log', s) - (f(0.5) / s) - series - w
        y = np.where(negative, y - nz, y)
    return np.where(pole, f(np.nan), y).reshape(shape)


_HOST_FLOATS = (np.ndarray, np.float32, np.float64)


def _digamma_value(xp, a):
    # (a whole-tensor mean's value is a numpy scalar: it too takes Eigen's steps)
    if type(a) in _HOST_FLOATS and a.dtype == np.float32 and eigen_math.exact_elementwise(a.size):
        return _digamma_float32(a)      # (it calls the C library a value at a time)
    return _special('digamma')(xp, a)


def _trigamma(x):
    """psi'(x): reflection below 1/2, the recurrence psi'(x) = psi'(x + 1) + 1/x**2 up to 6, then
    the asymptotic series."""
    x = np.asarray(x, np.float64)
    with np.errstate(all='ignore'):
        pole, reflect, z, shift = _raised(x, lambda z: 1.0 / (z * z))
        inv = 1.0 / z
        inv2 = inv * inv
        series = inv + 0.5 * inv2 + inv * inv2 * (1 / 6 - inv2 * (1 / 30 - inv2 * (1 / 42 - inv2 * (1 / 30))))
        value = series + shift
        value = np.where(reflect, (np.pi / np.sin(np.pi * x)) ** 2 - value, value)
    return np.where(pole, np.inf, value)


_HOST = {'gammaln': _gammaln, 'digamma': _digamma, 'polygamma1': _trigamma}


def _with_cpu_kernel(kernel):
    """``_apply``'s input check for ``kernel``, which has no bfloat16 CPU kernel (TF 2.21's NotFoundError)."""
    def check(x, name):
        from .missing_kernels import refuse_missing
        return refuse_missing(as_float_tensor(x, name), kernel, name)
    return check


_LGAMMA_INPUT, _DIGAMMA_INPUT = _with_cpu_kernel('Lgamma'), _with_cpu_kernel('Digamma')


def lgamma(x, name=None):
    """log|Gamma(x)|; its derivative is digamma(x)."""
    try:
        return _apply('lgamma', x, _lgamma_value, lambda g, y, x: g * digamma(x), check=_LGAMMA_INPUT)
    except OpError as error:
        given_name(error, name)
        raise


def digamma(x, name=None):
    """The derivative of lgamma. Its gradient is TF's polygamma(1, x) (Eigen's zeta series: float64
    trigamma differs from the exact one in the 11th digit, as TF's), itself differentiable."""
    try:
        return _apply('digamma', x, _digamma_value, _digamma_grad, check=_DIGAMMA_INPUT)
    except OpError as error:
        given_name(error, name)
        raise


def _digamma_grad(g, y, x):
    from .special_functions import polygamma
    return g * polygamma(1, x)


@named_errors('polyval')
def polyval(coeffs, x, name=None):
    """``coeffs[0] * x**(n-1) + ... + coeffs[n-1]`` by Horner's rule (zeros for no coefficients)."""
    if not isinstance(coeffs, (list, tuple)):       # TF's Python check
        shown = "<class '%s'>" % EAGER_TENSOR_PATH if isinstance(coeffs, Tensor) else type(coeffs)
        raise noted(ValueError('Argument coeffs must be list type. Received type %s.' % (shown,)),
                    'polyval: coeffs must be a list of tensors or numbers, got %s' % type(coeffs).__name__)
    x = as_tensor(x, 'polyval')
    if not coeffs:
        return zeros_like(x)
    # each coefficient keeps its own dtype, as TensorFlow converts them: an int coefficient (or an int32
    # one beside float x) meets Mul's / AddV2's dtype error there, rather than being cast
    terms = [as_tensor(c, 'polyval') for c in coeffs]
    p = terms[0]
    for c in terms[1:]:
        p = add(c, multiply(p, x))
    return p
