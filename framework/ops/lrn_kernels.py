"""TF 2.21's CPU kernels for tf.nn.local_response_normalization: LRN's scale and LRNGrad (lrn_op.cc).

LRN multiplies the input by ``N ** -beta``, N = alpha * (window sum of squares) + bias, taken as
Eigen's reciprocal for beta 1, its ``rsqrt`` for beta 0.5 (both a hardware estimate and a Newton
step: 2 / 5 is 0.39999998) and ``exp(log(N) * -beta)`` otherwise (Eigen's packet exp / log): numpy's
``pow`` rounded differently, last bits off.

LRNGrad does not differentiate that formula: for each channel j whose incoming gradient is nonzero it
recomputes the window's N (the squares added in channel order, in the input's dtype), then adds to every
channel k of the window ``(x_k * (-2 alpha beta y_j) / N [+ N^-beta when k == j]) * g_j``. Channels j are
taken in order, so each input channel sums its terms in that order. A composite's gradient (the band
matmul's transpose) rounded differently: last bits off.
"""
import numpy as np

from .. import libm
from . import eigen_math, eigen_reciprocal, eigen_rsqrt


def scale_array(xp, norm, beta):
    """``norm ** -beta`` as the LRN kernel takes it (float32 arrays the exact-math mode covers; numpy's
    power otherwise)."""
    if not eigen_math.handles(norm):
        return xp.power(norm, norm.dtype.type(-beta))
    with np.errstate(all='ignore'):
        if beta == 1:
            return eigen_reciprocal.reciprocal(norm)
        if beta == 0.5:
            return eigen_rsqrt.rsqrt(norm)
        return eigen_math.exp(eigen_math.log(norm) * np.float32(-beta))


def lrn_grad_array(grads, inputs, outputs, depth_radius, bias, alpha, beta):
    """LRNGrad on host arrays of shape (..., depth): ``grads`` of the LRN's ``outputs`` (for ``inputs``)."""
    dtype = inputs.dtype.type
    depth = inputs.shape[-1]
    x = inputs.reshape(-1, depth)
    y = outputs.reshape(-1, depth)
    g = grads.reshape(-1, depth)
    # the attributes are float32, converted to the input's dtype (float32 or half; tapeflow's float64,
    # which TF refuses, keeps them whole as its forward does)
    bias, alpha, beta = (dtype(v if dtype is np.float64 else np.float32(v)) for v in (bias, alpha, beta))
    alpha_beta_2 = dtype(-2) * alpha * beta
    out = np.zeros_like(x)
    with np.errstate(all='ignore'):         # a zero norm divides as the kernel does (inf / NaN), silently
        for j in range(depth):
            gs = g[:, j]
            live = gs != 0                  # the kernel skips channels with no incoming gradient
            begin, end = max(0, j - depth_radius), min(depth, j + depth_radius + 1)
            norm = np.zeros_like(gs)
            for k in range(begin, end):
                norm = norm + x[:, k] * x[:, k]
            norm = alpha * norm + bias
            # Eigen's pow is C's powf (a half in float, rounded back): numpy's SIMD power rounds otherwise
            if dtype is np.float16:
                own = libm.apply('pow', norm.astype(np.float32), np.float32(-beta)).astype(dtype)
            else:
                own = libm.apply('pow', norm, -beta)
            scaled = alpha_beta_2 * y[:, j]
            for k in range(begin, end):
                dyi = x[:, k] * scaled / norm
                if k == j:
                    dyi = dyi + own
                out[:, k] = np.where(live, out[:, k] + dyi * gs, out[:, k])
    return out.reshape(inputs.shape)
