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

from . import eigen_math, zen2_rsqrt_estimate

_F = np.float32
_INDEFINITE = np.uint32(0xFFC00000).view(np.float32)     # x86's NaN for an invalid operation (sign bit set)


def _estimate(a, intel=False):
    """VRSQRTPS's estimate for float32 array ``a`` (on the AMD CPU whose estimate was measured, its
    table for the positive normal floats: zen2_rsqrt_estimate.py, unless ``intel``)."""
    bits = a.view(np.uint32)
    if not intel and zen2_rsqrt_estimate.applies():
        out = zen2_rsqrt_estimate.fast_estimate(bits)
    else:
        midpoint = ((bits & np.uint32(0xFFFFE000)) | np.uint32(0x1000)).view(np.float32).astype(np.float64)
        with np.errstate(all='ignore'):
            fraction, exponent = np.frexp(1 / np.sqrt(midpoint))
            out = np.ldexp(np.round(fraction * 8192) / 8192, exponent).astype(np.float32)
    exponent_bits = bits & np.uint32(0x7F800000)
    out = np.where(exponent_bits == 0, np.copysign(_F(np.inf), a), out)       # zeros, denormals
    out = np.where(a == np.inf, _F(0), out)
    out = np.where((a < 0) & (exponent_bits != 0), _INDEFINITE, out)          # negatives
    return np.where(np.isnan(a), a, out)


def _estimate_table():
    """VRSQRTPS's estimate for every positive normal float's interval, as the bits of a float in [0.5, 1):
    indexed by the exponent field's lowest bit and the top 10 mantissa bits (``bits >> 13 & 0x7FF``).
    An exponent field f scales the estimate by 2 ** -((f - 127) >> 1), which is exact (see _fast_estimate)."""
    parity_and_top = np.arange(2048, dtype=np.uint32)
    # a float of exponent field 126 or 127 (by the parity bit) with those mantissa bits
    samples = (np.uint32(126) + (parity_and_top >> 10)) << 23 | (parity_and_top & 0x3FF) << 13
    estimates = _estimate(samples.view(np.float32), intel=True)
    exponent_field = (samples >> 23).astype(np.int32)
    shift = (exponent_field - 127) >> 1
    # undo the sample's own scaling, leaving the estimate in [0.5, 1)
    return (estimates.view(np.uint32).astype(np.int64) + (shift.astype(np.int64) << 23)).astype(np.uint32)


_TABLE_BITS = _estimate_table().view(np.int32)
_NORMAL_SPAN = np.uint32(0x7F000000)      # bits - 0x00800000 below this: a positive normal float


def _fast_estimate(bits):
    """_estimate for positive normal floats only, by table: the estimate's bits less the input's half exponent."""
    return less_half_exponent(np.take(_TABLE_BITS, ((bits >> 13) & 0x7FF).view(np.int32)), bits)


def less_half_exponent(estimate_bits, bits):
    """An interval's estimate (int32 bits, changed in place) scaled to the input's exponent: rsqrt halves it."""
    exponent = (bits >> 23).view(np.int32)
    exponent -= 127
    exponent >>= 1
    exponent <<= 23
    estimate_bits -= exponent
    return estimate_bits.view(np.float32)


def _packets(a):
    bits = a.view(np.uint32)
    if not ((bits - np.uint32(0x00800000)) >= _NORMAL_SPAN).any():
        # every input positive and normal (an optimizer's radicands, a variance plus epsilon): no
        # estimate is 0, inf or NaN, so neither is the step
        y = zen2_rsqrt_estimate.fast_estimate(bits) if zen2_rsqrt_estimate.applies() else _fast_estimate(bits)
        step = a * y
        step *= y
        step += _F(-1)
        step *= y * _F(-0.5)
        step += y
        return step
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
    if whole == flat.size:
        return _packets(flat).reshape(np.shape(a))
    with np.errstate(all='ignore'):
        out = np.divide(_F(1), np.sqrt(flat))          # the scalar functor, for the tail
    if whole:
        out[:whole] = _packets(flat[:whole])
    return out.reshape(np.shape(a))
