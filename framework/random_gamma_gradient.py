"""Gradients of gamma draws with respect to alpha and beta (tf.random.gamma, stateless_gamma), as
TensorFlow's implicit reparameterization (Figurnov et al. 2018, TensorFlow's RandomGammaGrad):

    d sample / d alpha = -(d P(alpha, x) / d alpha) / p(x; alpha),

P the regularized lower incomplete gamma function and p the Gamma(alpha, 1) density, x the unit
draw; beta divides the draw, so it differentiates as a division. Computed on the host in float64
(TensorFlow evaluates the same formula by its own series, so the gradients agree to rounding).
"""
import numpy as np

from . import backend
from .custom_gradient import custom_gradient
from .tensor import Tensor, convert_to_tensor


def differentiable_result(unit_draws, alpha, beta, broadcast_shape, sample_axes, dtype):
    """``maximum(tiny, unit_draws / beta)`` whose tape reaches the tensor ``alpha`` and ``beta``."""
    from .ops import broadcast_to, maximum, reduce_sum
    from .ops.incomplete_gamma_beta import _igamma_da_host
    from .ops.special_functions import _lgamma
    alpha_t = broadcast_to(convert_to_tensor(alpha, dtype=dtype), broadcast_shape)
    host_alpha = np.asarray(alpha_t.numpy(), np.float64)
    x = np.asarray(unit_draws, np.float64)
    with np.errstate(all='ignore'):
        density = np.exp((host_alpha - 1) * np.log(x) - x - _lgamma(host_alpha))
        partial = (-_igamma_da_host(host_alpha, x) / density).astype(dtype)

    @custom_gradient
    def gamma_sample(a):
        def grad(upstream):
            return reduce_sum(upstream * Tensor(backend.place(partial)), axis=list(sample_axes))
        return Tensor(backend.place(np.asarray(unit_draws, dtype))), grad

    scaled = gamma_sample(alpha_t) / convert_to_tensor(beta, dtype=dtype)
    return maximum(convert_to_tensor(np.finfo(dtype).tiny, dtype=dtype), scaled)
