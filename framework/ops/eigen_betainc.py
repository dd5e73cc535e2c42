"""tf.math.betainc with the bits of TensorFlow's CPU kernel (float32 and float64).

TF 2.21's Betainc runs Eigen's betainc_impl (SpecialFunctionsImpl.h) element by element in the tensor's
dtype: Cephes' incbet with its power series (incbps) and continued fraction (incbeta_cfe: 100 steps and a
tolerance of eps/2 in float32, 300 steps and 3 eps/2 in float64), the float32 and float64 versions
arranged differently (float32: incbsa, with a + 1 for a <= 1; float64: the series where b x <= 1 and
x <= 0.95, 1 - eps/2 for a mirrored result below eps/2), logarithms throughout (Eigen comments out Cephes'
gamma / pow products), and the C library's log / log1p / exp / lgamma (logf ... for float32).
"""
import numpy as np

from .. import libm
from .eigen_igamma import _constants

_LOG1P = {}


def _log1p(value):
    """C's log1p (log1pf for float32) of a numpy scalar."""
    function = _LOG1P.get(value.dtype)
    if function is None:
        function = _LOG1P[value.dtype] = libm.scalar_function('log1p', value.dtype)
    return function(value)


def _continued_fraction(a, b, x, small, k):
    t = type(a)
    single = t is np.float32
    one, two = k.one, k.two
    steps, tolerance = (100, k.machep) if single else (300, t(3) * k.machep)
    if small:
        k1, k2, k3, k4, k5, k6, k7, k8, step = a, a + b, a, a + one, one, b - one, a + one, a + two, one
    else:
        k1, k2, k3, k4, k5, k6, k7, k8, step = a, b - one, a, a + one, one, a + b, a + one, a + two, -one
        x = x / (one - x)
    p2, q2, p1, q1, ans = k.zero, one, one, one, one
    for _ in range(steps):
        xk = -(x * k1 * k2) / (k3 * k4)
        p, q = p1 + p2 * xk, q1 + q2 * xk
        p2, p1, q2, q1 = p1, p, q1, q
        xk = (x * k5 * k6) / (k7 * k8)
        p, q = p1 + p2 * xk, q1 + q2 * xk
        p2, p1, q2, q1 = p1, p, q1, q
        if q != k.zero:
            r = p / q
            if abs(ans - r) < abs(r) * tolerance:
                return r
            ans = r
        k1, k2, k3, k4 = k1 + one, k2 + step, k3 + two, k4 + two
        k5, k6, k7, k8 = k5 + one, k6 - step, k7 + two, k8 + two
        if abs(q) + abs(p) > k.big:
            p2, p1, q2, q1 = p2 * k.biginv, p1 * k.biginv, q2 * k.biginv, q1 * k.biginv
        if abs(q) < k.biginv or abs(p) < k.biginv:
            p2, p1, q2, q1 = p2 * k.big, p1 * k.big, q2 * k.big, q1 * k.big
    return ans


def _series32(a, b, x, k):
    one = k.one
    y = a * k.log(x) + (b - one) * _log1p(-x) - k.log(a)
    y = y - (k.lgamma(a) + k.lgamma(b))
    y = y + k.lgamma(a + b)
    t, s, u = x / (one - x), k.zero, one
    while True:
        b = b - one
        if b == k.zero:
            break
        a = a + one
        u = u * (t * b / a)
        s = s + u
        if not abs(u) > k.machep:
            break
    return k.exp(y) * (one + s)


def _incbsa32(aa, bb, xx, k):
    one = k.one
    onemx = one - xx
    mirrored = xx > aa / (aa + bb)
    a, b, t, x = (bb, aa, xx, onemx) if mirrored else (aa, bb, onemx, xx)
    if b > np.float32(10) and abs(b * x / a) < np.float32(0.3):
        t = _series32(a, b, x, k)
        return one - t if mirrored else t
    ans = x * (a + b - k.two) / (a - one)
    if ans < one:
        ans = _continued_fraction(a, b, x, True, k)
        t = b * k.log(t)
    else:
        ans = _continued_fraction(a, b, x, False, k)
        t = (b - one) * k.log(t)
    t = t + (a * k.log(x) + k.lgamma(a + b) - k.lgamma(a) - k.lgamma(b))
    t = t + k.log(ans / a)
    t = k.exp(t)
    return one - t if mirrored else t


def _outside(a, b, x, k):
    """Both kernels' answer where a or b is not positive or x is not inside (0, 1): NaN, 0 or 1; None
    inside, where the series or continued fraction runs."""
    one = k.one
    if a <= k.zero or b <= k.zero:
        return one * np.nan
    if x <= k.zero or x >= one:
        return k.zero if x == k.zero else one if x == one else one * np.nan
    return None


def _betainc32(a, b, x, k):
    one = k.one
    edge = _outside(a, b, x, k)
    if edge is not None:
        return edge
    if a <= one:
        ans = _incbsa32(a + one, b, x, k)
        t = a * k.log(x) + b * _log1p(-x) + k.lgamma(a + b) - k.lgamma(a + one) - k.lgamma(b)
        return ans + k.exp(t)
    return _incbsa32(a, b, x, k)


def _series64(a, b, x, k):
    one = k.one
    ai = one / a
    u = (one - b) * x
    v = u / (a + one)
    t1, t, n, s = v, u, k.two, k.zero
    z = k.machep * ai
    while abs(v) > z:
        u = (n - b) * x / n
        t = t * u
        v = t / (a + n)
        s = s + v
        n = n + one
    s = s + t1
    s = s + ai
    u = a * k.log(x)
    return k.exp(k.lgamma(a + b) - k.lgamma(a) - k.lgamma(b) + u + k.log(s))


def _mirror64(t, k):
    return k.one - k.machep if t <= k.machep else k.one - t


def _betainc64(aa, bb, xx, k):
    one = k.one
    edge = _outside(aa, bb, xx, k)
    if edge is not None:
        return edge
    if bb * xx <= one and xx <= np.float64(0.95):
        return _series64(aa, bb, xx, k)
    w = one - xx
    mirrored = xx > aa / (aa + bb)
    a, b, xc, x = (bb, aa, xx, w) if mirrored else (aa, bb, w, xx)
    if mirrored and b * x <= one and x <= np.float64(0.95):
        return _mirror64(_series64(a, b, x, k), k)
    y = x * (a + b - k.two) - (a - one)
    w = _continued_fraction(a, b, x, True, k) if y < k.zero else _continued_fraction(a, b, x, False, k) / xc
    y = a * k.log(x)
    t = b * k.log(xc)
    y = y + (t + k.lgamma(a + b) - k.lgamma(a) - k.lgamma(b))
    y = y + k.log(w / a)
    t = k.exp(y)
    return _mirror64(t, k) if mirrored else t


def handles(a, b, x):
    """Whether the replay runs: host float32 / float64 arrays of one dtype, up to 100,000 values."""
    arrays = (a, b, x)
    return (all(isinstance(v, (np.ndarray, np.floating)) for v in arrays) and a.dtype == b.dtype == x.dtype
            and a.dtype in (np.float32, np.float64) and max(np.size(v) for v in arrays) <= 100_000)


def betainc(a, b, x):
    """I_x(a, b) of broadcast host arrays, as TF's kernel computes it."""
    k = _constants(x.dtype)
    function = _betainc32 if x.dtype == np.float32 else _betainc64
    a, b, x = np.broadcast_arrays(*(np.asarray(v) for v in (a, b, x)))
    with np.errstate(all='ignore'):
        out = [function(ai, bi, xi, k) for ai, bi, xi in zip(a.reshape(-1), b.reshape(-1), x.reshape(-1))]
    out = np.array(out, x.dtype).reshape(x.shape)
    out[np.abs(out) < np.finfo(x.dtype).tiny] *= 0      # TensorFlow's threads flush denormal results
    return out
