"""float32 reciprocal with TensorFlow's bits (``tf.math.reciprocal``, and Eigen's softmax: where
TensorFlow runs without oneDNN it scales each row's exponentials by the reciprocal of their sum).

TensorFlow's CPU kernel (Eigen's ``scalar_inverse_op``) evaluates whole packets of 8 floats with
Eigen's fast ``preciprocal`` (Eigen/src/Core/arch/AVX/MathFunctions.h with EIGEN_FAST_MATH): the
hardware estimate of ``_mm256_rcp_ps`` refined by one Newton step, ``y + y * (1 - x * y)``,
each multiply and add rounded on its own (AVX without FMA) and a denormal correction flushed
to zero, the estimate kept where the step gives NaN (0, inf, denormals). The last ``size % 8`` elements take the scalar functor, ``1 / x``. The result
is not the correctly rounded quotient: ``tf.math.reciprocal`` of eight 1.0s is 0.99999994.

The estimate of Intel's VRCPPS (measured over every float in [1, 2) on this project's Xeon;
other vendors' estimates differ): inputs are cut into intervals by their top 11 mantissa bits,
and each interval's estimate is 1 / its midpoint rounded to 12 fraction bits; zeros and
denormals (read as zeros) give a signed inf, infinities and results below the smallest normal
a signed 0, a NaN itself.
"""
import numpy as np

from .. import quiet_floats

from . import eigen_math, zen3_reciprocal_estimate

_F = np.float32
_TINY = np.finfo(np.float32).tiny


def _estimate(a):
    """VRCPPS's estimate for float32 array ``a`` (on the AMD CPU whose estimate was measured, its
    table: zen3_reciprocal_estimate.py); float errors already ignored by the caller."""
    if zen3_reciprocal_estimate.applies():
        return zen3_reciprocal_estimate.estimate(a)
    bits = a.view(np.uint32)
    midpoint = ((bits & np.uint32(0xFFFFF000)) | np.uint32(0x800)).view(np.float32).astype(np.float64)
    fraction, exponent = np.frexp(1 / midpoint)
    out = np.ldexp(np.round(fraction * 8192) / 8192, exponent)
    out = np.where(np.abs(out) < _TINY, 0 * out, out).astype(np.float32)      # tiny results flush to 0
    exponent_bits = bits & np.uint32(0x7F800000)
    out = np.where(exponent_bits == 0, np.copysign(_F(np.inf), a), out)       # zeros, denormals
    out = np.where(np.isinf(a), np.copysign(_F(0), a), out)
    return np.where(np.isnan(a), a, out)


def packet_reciprocal(a):
    """Eigen's preciprocal<Packet8f> on every element of float32 array ``a`` (no scalar tail)."""
    with np.errstate(all='ignore'):
        return _quiet_packet_reciprocal(a)


def _quiet_packet_reciprocal(a):
    """``packet_reciprocal`` inside the caller's np.errstate(all='ignore') (one context a call: the
    softmax of every predict batch takes this path)."""
    y = _estimate(a)
    correction = y * (_F(1) - a * y)
    # TensorFlow's threads flush denormal results to zero: near the largest floats the
    # correction vanishes and the estimate is the answer
    correction = np.where(np.abs(correction) < _TINY, 0 * correction, correction)
    out = y + correction
    return np.where(np.isnan(out), y, out)


def reciprocal(a):
    """1 / a for a float32 numpy array as TensorFlow's CPU kernel computes it."""
    flat = np.ascontiguousarray(a).reshape(-1)
    whole = flat.size - flat.size % eigen_math.PACKET
    token = quiet_floats.begin()         # (np.errstate(all='ignore'), for less)
    try:
        out = np.divide(_F(1), flat)                  # the scalar functor, for the tail
        if whole:
            out[:whole] = _quiet_packet_reciprocal(flat[:whole])
    finally:
        quiet_floats.end(token)
    if whole < flat.size:
        out[whole:] = _scalar_flushed(flat[whole:], out[whole:])
    return out.reshape(np.shape(a))


def _scalar_flushed(tail, quotients):
    """The scalar functor's 1 / x as TensorFlow's threads see it: a denormal x reads as a signed 0
    (1 / x is a signed inf) and a denormal quotient (|x| above 2**126) comes out as a signed 0, so
    log's gradient g / x of exp(88.7) + 1 is 0 there, as in TF 2.21, not 1.0000001."""
    quotients = np.where(np.abs(quotients) < _TINY, 0 * quotients, quotients)
    return np.where(np.abs(tail) < _TINY, np.copysign(_F(np.inf), tail), quotients)
