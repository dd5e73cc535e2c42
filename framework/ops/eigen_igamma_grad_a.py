"""TensorFlow's IgammaGradA kernel (d igamma(a, x) / da, the gradient of igamma / igammac for a) with its
CPU bits, float32 and float64.

TF 2.21 runs Eigen's igamma_der_a: the value's Cephes series or continued fraction (eigen_igamma.py)
differentiated forward-mode step by step in the tensor's dtype, stopping when the derivative's terms
settle (series: |dc/da| <= eps/2 |d sum/da|; fraction: two derivative ratios within eps/2) or after
200 (float32) / 500 (float64) steps, then chained with d log(x**a e**-x / Gamma(a)) / da = log x - psi(a)
(psi(a + 1) for the series' x**a / Gamma(a + 1)), psi being Eigen's digamma (special_math.py).
0 at x == 0; NaN for x < 0, a <= 0 or NaN; -0 at x == inf (the fraction's 0, negated).
"""
import numpy as np

from .eigen_igamma import _constants, _main_term
from .special_math import _digamma, _digamma_float32

_STEPS = {np.dtype(np.float32): 200, np.dtype(np.float64): 500}


def _digamma_of(value):
    digamma = _digamma_float32 if value.dtype == np.float32 else _digamma
    return value.dtype.type(digamma(np.asarray(value))[()])


def _series(a, x, k, steps):
    scale = _main_term(a, x, k)
    if scale == k.zero:
        return k.zero
    scale = scale / a
    r, c, total, dc, dtotal = a, k.one, k.one, k.zero, k.zero
    for _ in range(steps):
        r = r + k.one
        term = x / r
        dterm = -x / (r * r)
        dc = term * dc + dterm * c
        dtotal = dtotal + dc
        c = c * term
        total = total + c
        if abs(dc) <= k.machep * abs(dtotal):
            break
    dscale = scale * (k.log(x) - _digamma_of(a + k.one))
    return total * dscale + dtotal * scale


def _continued_fraction(a, x, k, steps):
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
    dp2, dq2, dp1, dq1 = k.zero, k.zero, k.zero, -x
    dratio = (dp1 - ratio * dq1) / q1
    for _ in range(steps):
        c = c + k.one
        y = y + k.one
        z = z + k.two
        yc = y * c
        p = p1 * z - p2 * yc
        q = q1 * z - q2 * yc
        dp = dp1 * z - p1 - dp2 * yc + p2 * c
        dq = dq1 * z - q1 - dq2 * yc + q2 * c
        if q != k.zero:
            ratio = p / q
            previous, dratio = dratio, (dp - ratio * dq) / q
            if abs(dratio - previous) <= k.machep:
                break
        p2, p1, q2, q1 = p1, p, q1, q
        dp2, dp1, dq2, dq1 = dp1, dp, dq1, dq
        if abs(p) > k.big:
            p2, p1, q2, q1 = p2 * k.biginv, p1 * k.biginv, q2 * k.biginv, q1 * k.biginv
            dp2, dp1, dq2, dq1 = dp2 * k.biginv, dp1 * k.biginv, dq2 * k.biginv, dq1 * k.biginv
    dscale = scale * (k.log(x) - _digamma_of(a))
    return ratio * dscale + dratio * scale


def _derivative(a, x, k, steps):
    if x == k.zero:
        return k.zero
    if x < k.zero or a <= k.zero or np.isnan(a) or np.isnan(x):
        return k.one * np.nan
    if x > k.one and x > a:
        return -_continued_fraction(a, x, k, steps)
    return _series(a, x, k, steps)


def igamma_grad_a(a, x):
    """d igamma(a, x) / da of broadcast host arrays ``a`` and ``x`` (eigen_igamma.handles), as TF's kernel."""
    k, steps = _constants(a.dtype), _STEPS[np.dtype(a.dtype)]
    a, x = np.broadcast_arrays(a, x)
    with np.errstate(all='ignore'):
        out = [_derivative(ai, xi, k, steps) for ai, xi in zip(a.reshape(-1), x.reshape(-1))]
    out = np.array(out, a.dtype).reshape(a.shape)
    out[np.abs(out) < np.finfo(a.dtype).tiny] *= 0      # TensorFlow's threads flush denormal results to zero
    return out
