"""float32 rsqrt with TensorFlow's bits (``tf.math.rsqrt``, and so BatchNormalization, LayerNormalization
and ``tf.nn.l2_normalize``).

TensorFlow's CPU kernel evaluates whole packets of 8 floats with Eigen's fast ``prsqrt``
(Eigen/src/Core/arch/AVX/MathFunctions.h with EIGEN_FAST_MATH): the hardware estimate of
``_mm256_rsqrt_ps`` refined by one Newton step, ``y + (-y / 2) * (x * y * y - 1)``, each
multiply and add rounded on its own (AVX without FMA), the estimate kept where the step gives
NaN (0, inf). The last ``size % 8`` elements take the scalar functor, ``1 / sqrtf(x)``. The
result is not the correctly rounded 1/sqrt: ``tf.math.rsqrt(1.0)`` is 0.9999999 for a packet.

The estimate of Intel's VRSQRTPS (measured over every float in [1, 4) on this project's Xeon;
other vendors' estimates differ): inputs are cut into intervals by their exponent's parity and
the top 10 mantissa bits, and each interval's estimate is 1/sqrt of the interval's midpoint
rounded to 12 fraction bits; zeros and denormals (read as zeros) give a signed inf, +inf gives
0, negatives x86's negative quiet NaN, a NaN itself.
"""
import numpy as np

from . import eigen_math

_F = np.float32
_INDEFINITE = np.uint32(0xFFC00000).view(np.float32)     # x86's NaN for an invalid operation (sign bit set)


def _estimate(a):
    """VRSQRTPS's estimate for float32 array ``a``."""
    bits = a.view(np.uint32)
    midpoint = ((bits & np.uint32(0xFFFFE000)) | np.uint32(0x1000)).view(np.float32).astype(np.float64)
    with np.errstate(all='ignore'):
        fraction, exponent = np.frexp(1 / np.sqrt(midpoint))
        out = np.ldexp(np.round(fraction * 8192) / 8192, exponent).astype(np.float32)
    exponent_bits = bits & np.uint32(0x7F800000)
    out = np.where(exponent_bits == 0, np.copysign(_F(np.inf), a), out)       # zeros, denormals
    out = np.where(a == np.inf, _F(0), out)
    out = np.where((a < 0) & (exponent_bits != 0), _INDEFINITE, out)          # negatives
    return np.where(np.isnan(a), a, out)


def _packets(a):
    y = _estimate(a)
    with np.errstate(all='ignore'):
        step = a * y
        step *= y
        step += _F(-1)
        step *= y * _F(-0.5)
        step += y
    return np.where(np.isnan(step), y, step)


def rsqrt(a):
    """1 / sqrt(a) for a float32 numpy array as TensorFlow's CPU kernel computes it."""
    flat = np.ascontiguousarray(a).reshape(-1)
    whole = flat.size - flat.size % eigen_math.PACKET
    with np.errstate(all='ignore'):
        out = np.divide(_F(1), np.sqrt(flat))          # the scalar functor, for the tail
    if whole:
        out[:whole] = _packets(flat[:whole])
    return out.reshape(np.shape(a))
