"""tf.math.igamma and igammac with the bits of TensorFlow's CPU kernels (float32 and float64).

TF 2.21 evaluates both element by element with Eigen's port of Cephes, in the tensor's own dtype:
- igamma(a, x): 0 where x == 0 (whatever a); NaN for x < 0, a <= 0 or a NaN; 1 - the continued
  fraction below where x > 1 and x > a; else the power series.
- igammac(a, x): NaN as above; 1 - the power series where x < 1 or x < a; else the continued fraction.
Both scale by t = exp(a log x - x - lgamma(a)) (0 where that log is NaN or below -log of the dtype's
largest value, and then the result is 0). The power series sums c_k = c_{k-1} * (x / (a + k)) onto 1
until c <= eps/2 * sum, times t / a; the continued fraction runs Cephes' recurrences (p_k, q_k,
rescaled by 2**-24 (float32) or eps (float64) past 1/(eps/2) or 1/eps) until two ratios p/q agree to
eps/2, times t; an infinite x gives 0. Each step rounds to the dtype, and
log, exp and lgamma are the C library's (logf, expf, lgammaf for float32), so float64 sums in one
pass (the host series) were a last bit off: igamma(1., 1.) is 0.6321205 in TF, 0.63212055 in float64.
"""
import numpy as np

from .. import libm

_MAX_ITERATIONS = 2000     # Eigen's count for the values (its derivatives stop sooner)


class _Constants:
    def __init__(self, dtype):
        t = np.dtype(dtype).type
        eps = np.finfo(dtype).eps
        self.zero, self.one, self.two = t(0), t(1), t(2)
        self.machep = t(eps / 2)
        # Cephes' rescaling: float32 keeps 1 / machep both ways, float64 uses 1 / eps and eps
        self.big = t(1 / (eps / 2)) if t is np.float32 else t(1 / eps)
        self.biginv = self.machep if t is np.float32 else t(eps)
        self.log = libm.scalar_function('log', dtype)
        self.exp = libm.scalar_function('exp', dtype)
        self.lgamma = libm.scalar_function('lgamma', dtype)
        self.lowest_log = -self.log(np.finfo(dtype).max)


_CONSTANTS = {}


def _constants(dtype):
    key = np.dtype(dtype)
    if key not in _CONSTANTS:
        _CONSTANTS[key] = _Constants(key)
    return _CONSTANTS[key]


def _main_term(a, x, k):
    """x**a exp(-x) / gamma(a), and 0 where its log is NaN or below -log(the dtype's largest value)."""
    log_term = a * k.log(x) - x - k.lgamma(a)
    if log_term < k.lowest_log or np.isnan(log_term):
        return k.zero
    return k.exp(log_term)


def _series(a, x, k):
    """The lower regularized incomplete gamma function by its power series (x <= 1 or x <= a)."""
    scale = _main_term(a, x, k)
    if scale == k.zero:
        return k.zero
    scale = scale / a
    r, c, total = a, k.one, k.one
    for _ in range(_MAX_ITERATIONS):
        r = r + k.one
        c = c * (x / r)
        total = total + c
        if c <= k.machep * total:
            break
    return total * scale


def _continued_fraction(a, x, k):
    """The upper regularized incomplete gamma function by its continued fraction (x >= 1, x >= a)."""
    if np.isinf(x):
        return k.zero
    scale = _main_term(a, x, k)
    if scale == k.zero:
        return k.zero
    y = k.one - a
    z = x + y + k.one
    c = k.zero
    p2, q2, p1, q1 = k.one, x, x + k.one, z * x
    ratio = p1 / q1
    for _ in range(_MAX_ITERATIONS):
        c = c + k.one
        y = y + k.one
        z = z + k.two
        yc = y * c
        p = p1 * z - p2 * yc
        q = q1 * z - q2 * yc
        if q != k.zero:
            previous, ratio = ratio, p / q
            if abs(previous - ratio) <= k.machep * abs(ratio):
                break
        p2, p1, q2, q1 = p1, p, q1, q
        if abs(p) > k.big:
            p2, p1, q2, q1 = p2 * k.biginv, p1 * k.biginv, q2 * k.biginv, q1 * k.biginv
    return ratio * scale


def _igamma(a, x, k):
    if x == k.zero:
        return k.zero
    if x < k.zero or a <= k.zero or np.isnan(a) or np.isnan(x):
        return k.one * np.nan
    if x > k.one and x > a:
        return k.one - _continued_fraction(a, x, k)
    return _series(a, x, k)


def _igammac(a, x, k):
    if x < k.zero or a <= k.zero or np.isnan(a) or np.isnan(x):
        return k.one * np.nan
    if x < k.one or x < a:
        return k.one - _series(a, x, k)
    return _continued_fraction(a, x, k)


def handles(a, x):
    """Whether the kernel's replay runs here: host float32 / float64 arrays of one dtype, up to
    100,000 values (a Python loop per value)."""
    return (type(a) is np.ndarray and type(x) is np.ndarray and a.dtype == x.dtype
            and a.dtype in (np.float32, np.float64) and max(a.size, x.size) <= 100_000)


def igamma(a, x, upper=False):
    """igamma (``upper``: igammac) of broadcast host arrays ``a`` and ``x``, as TF's kernel computes it."""
    k = _constants(a.dtype)
    a, x = np.broadcast_arrays(a, x)
    function = _igammac if upper else _igamma
    with np.errstate(all='ignore'):
        out = [function(ai, xi, k) for ai, xi in zip(a.reshape(-1), x.reshape(-1))]
    out = np.array(out, a.dtype).reshape(a.shape)
    out[np.abs(out) < np.finfo(a.dtype).tiny] = 0      # TensorFlow's threads flush denormal results to zero
    return out
