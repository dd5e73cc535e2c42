"""``framework.math``: the elementwise and reduction ops where TensorFlow lists them."""
from .ops import (abs, acos, acosh, add_n, argmax, argmin, asin, asinh, atan, atanh, ceil,  # noqa: F401
                  cos, cosh, cumprod, cumsum, divide, divide_no_nan, equal, erf, exp, expm1, floor,
                  floordiv, floormod, greater, greater_equal, is_finite, is_inf, is_nan, l2_normalize,
                  less, less_equal, log, log1p, log_softmax, logical_and, logical_not, logical_or,
                  logical_xor, maximum, minimum, mod, multiply, negative, not_equal, pow, reciprocal,
                  reduce_all, reduce_any, reduce_euclidean_norm, reduce_logsumexp, reduce_max,
                  reduce_mean, reduce_min, reduce_prod, reduce_std, reduce_sum, reduce_variance, round,
                  rsqrt, sigmoid, sign, sin, sinh, softmax, softplus, softsign, sqrt, square,
                  squared_difference, subtract, tan, tanh, top_k, truediv)
from .public_add import add  # noqa: F401  (x converted alone first, as TensorFlow's math_ops.add)
from .ops import (atan2, bincount, confusion_matrix, count_nonzero, digamma, in_top_k, lgamma,  # noqa: F401,E402
                  log_sigmoid, polyval, segment_max, segment_mean, segment_min, segment_sum,
                  unsorted_segment_max, unsorted_segment_mean, unsorted_segment_min, unsorted_segment_sum)
from .ops.complex_parts import angle, conj, imag, real  # noqa: F401,E402
from .ops.nn_losses_more import zero_fraction  # noqa: F401,E402
from .ops.orderings import cumulative_logsumexp, invert_permutation, is_non_decreasing, is_strictly_increasing  # noqa: F401,E402,E501
from .ops.safe_math import (accumulate_n, multiply_no_nan, reciprocal_no_nan, rint, scalar_mul, xdivy,  # noqa: F401,E402
                            xlog1py, xlogy)
from .ops.segment_products import segment_prod, unsorted_segment_prod, unsorted_segment_sqrt_n  # noqa: F401,E402
from .ops.bessel import bessel_i0, bessel_i0e, bessel_i1, bessel_i1e  # noqa: F401,E402
from .ops.incomplete_gamma_beta import betainc, igamma, igammac  # noqa: F401,E402
from .ops.special_functions import erfc, erfcinv, erfinv, lbeta, ndtri, polygamma, zeta  # noqa: F401,E402
from .ops.nextafter import nextafter  # noqa: F401,E402
from .ops.sobol import sobol_sample  # noqa: F401,E402  (the ops sampler, under tf.math as in TensorFlow)
from .ops.approx_top_k import approx_max_k  # noqa: F401,E402
from .cpu_kernel_gaps import approx_min_k  # noqa: F401,E402
from . import math_special as special  # noqa: F401,E402  (tf.math.special)
