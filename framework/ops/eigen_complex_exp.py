"""complex64 exp with TensorFlow's bits: Eigen's ``pexp_complex`` on an AVX build (Packet4cf, four values).

exp(x + iy) = exp(x) (cos y + i sin y), with exp Eigen's float32 ``pexp`` (eigen_math) and cos / sin its
``psincos_float`` (eigen_trig), one float32 product per part, and pexp_complex's edge cases: y == 0 gives
(exp(x), y); x == -inf gives signed zeros (cis(y)'s signs); x == +inf where cis(y) is NaN gives
(+-inf, NaN). The last size % 4 values go through std::exp (glibc's cexpf, as numpy's complex64 exp).
tf.signal.dct's twiddles 2 exp(-i pi k / 2N) are such values: numpy's are correctly rounded, Eigen's
polynomials an ulp off now and then (cos(pi / 4): 0x1.6a09e4p-1 where numpy gives 0x1.6a09e6p-1).
"""
import numpy as np

from .eigen_math import _evaluate, _exp_packets, exact_elementwise
from .eigen_trig import _sincos_packets

PACKET = 4      # complex64 values in an AVX packet
_F = np.float32


def handles(a):
    """Whether ``a`` is a host complex64 array that the exact-math mode computes with this kernel."""
    return type(a) is np.ndarray and a.dtype == np.complex64 and exact_elementwise(a.size)


def exp(a):
    flat = np.ascontiguousarray(a).reshape(-1)
    x, y = flat.real.copy(), flat.imag.copy()
    with np.errstate(all='ignore'):
        expx = _evaluate(x, _exp_packets, None, False, reads_denormals=False)
        cos = _evaluate(y, lambda xp, v: _sincos_packets(xp, v, False), None, False)
        sin = _evaluate(y, lambda xp, v: _sincos_packets(xp, v, True), None, False)
        low = x == -np.inf                  # (0, 0) with cis(y)'s signs, even where cis(y) is NaN
        cos = np.where(low, np.copysign(_F(1), cos), cos)
        sin = np.where(low, np.copysign(_F(1), sin), sin)
        high = x == np.inf                  # cis(y) NaN (y inf or NaN): (inf with y's sign, inf * 0)
        cos = np.where(high & np.isnan(cos), np.copysign(_F(1), y), cos)
        sin = np.where(high & np.isnan(sin), _F(0), sin)
        real, imag = expx * cos, expx * sin
        real = np.where(y == 0, expx, real)     # a real input keeps the real result
        imag = np.where(y == 0, y, imag)
        out = np.empty(flat.shape, np.complex64)
        out.real, out.imag = real, imag
        tail = flat.size % PACKET
        if tail:
            out[-tail:] = np.exp(flat[-tail:])
    return out.reshape(a.shape)
