"""Special functions: log_sigmoid, atan2, lgamma, digamma, polyval.

Each gradient is written with framework ops (digamma's own derivative,
trigamma, is the one rule without a further gradient).
"""
from .. import backend
from ..tape import record_blocked
from ..tensor import Tensor
from .arithmetic import add, multiply
from .creation import zeros_like
from .operands import ACTIVE, as_float_tensor, as_tensor, binary, named_errors, record
from .unary import _apply, softplus


def log_sigmoid(x, name=None):
    """log(sigmoid(x)) = -softplus(-x), stable for large |x|."""
    return -softplus(-as_float_tensor(x, 'log_sigmoid'))


def atan2(y, x, name=None):
    """The angle of the point (x, y), elementwise with broadcasting: atan(y / x) in the right quadrant."""
    y, x, dy, dx = binary(y, x, 'atan2')
    if getattr(dy, 'dtype', None) is not None and dy.dtype.kind != 'f' or \
            getattr(dx, 'dtype', None) is not None and dx.dtype.kind != 'f':
        raise TypeError('atan2: y and x must be floating-point tensors, got %s and %s'
                        % (getattr(dy, 'dtype', type(dy)), getattr(dx, 'dtype', type(dx))))
    xp = backend.array_module(dy if isinstance(y, Tensor) else dx)
    try:
        out = Tensor(xp.arctan2(dy, dx))
    except ValueError:
        raise ValueError('atan2: shapes %s and %s do not broadcast together'
                         % (tuple(getattr(dy, 'shape', ())), tuple(getattr(dx, 'shape', ())))) from None
    if ACTIVE:
        record('atan2', (y, x), out, (lambda g, out, y, x: g * x / (x * x + y * y),
                                      lambda g, out, y, x: -g * y / (x * x + y * y)))
    return out


def _special(name):
    """scipy.special's (or, for device arrays, cupyx's) function ``name`` on a raw array."""
    def value(xp, a):
        if backend.is_device_array(a):
            import cupyx.scipy.special as special
        else:
            import scipy.special as special
        return getattr(special, name)(a).astype(a.dtype, copy=False)
    return value


def lgamma(x, name=None):
    """log|Gamma(x)|; its derivative is digamma(x)."""
    return _apply('lgamma', x, _special('gammaln'), lambda g, y, x: g * digamma(x))


def digamma(x, name=None):
    """The derivative of lgamma; its own derivative is trigamma (with no further gradient)."""
    return _apply('digamma', x, _special('digamma'), lambda g, y, x: g * _trigamma(x))


def _trigamma(x):
    a = x._data
    if backend.is_device_array(a):
        import cupyx.scipy.special as special
    else:
        import scipy.special as special
    out = Tensor(special.polygamma(1, a).astype(a.dtype, copy=False))
    if ACTIVE:
        record_blocked('trigamma', (x,))
    return out


@named_errors('polyval')
def polyval(coeffs, x, name=None):
    """``coeffs[0] * x**(n-1) + ... + coeffs[n-1]`` by Horner's rule (zeros for no coefficients)."""
    if not isinstance(coeffs, (list, tuple)):
        raise TypeError('polyval: coeffs must be a list of tensors or numbers, got %s' % type(coeffs).__name__)
    x = as_float_tensor(x, 'polyval')
    if not coeffs:
        return zeros_like(x)
    terms = [as_tensor(c, 'polyval', dtype=x.dtype) for c in coeffs]
    p = terms[0]
    for c in terms[1:]:
        p = add(c, multiply(p, x))
    return p
