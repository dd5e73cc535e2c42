"""Every op, under TensorFlow's names. The namespaces (framework, .math, .nn)
pick from here."""
from .activations import (elu, gelu, hard_sigmoid, hard_silu, leaky_relu, log_softmax, relu, relu6, selu,
                          silu, softmax, softsign, swish)
from .arithmetic import (add, add_n, divide, divide_no_nan, floor_div, floordiv, floormod, maximum,
                         minimum, mod, multiply, negative, pow, realdiv, squared_difference, subtract,
                         truediv)
from .convolution import avg_pool2d, conv2d, max_pool2d
from .conv_transpose import conv2d_transpose
from .creation import eye, fill, linspace, meshgrid, ones, ones_like, range, zeros, zeros_like
from .indexing import boolean_mask, gather, gather_nd, getitem, slice, strided_slice  # noqa: A004
from .linalg import affine, einsum, matmul, tensordot
from .logic import (argmax, argmin, equal, greater, greater_equal, less, less_equal, logical_and,
                    logical_not, logical_or, logical_xor, not_equal, reduce_all, reduce_any)
from .losses_nn import (bias_add, dropout, l2_loss, moments, sigmoid_cross_entropy_with_logits,
                        softmax_cross_entropy_with_logits, sparse_softmax_cross_entropy_with_logits)
from .norms import (clip_by_global_norm, clip_by_norm, global_norm, l2_normalize, norm,
                    reduce_euclidean_norm)
from .reductions import (cumprod, cumsum, reduce_logsumexp, reduce_max, reduce_mean, reduce_min, reduce_prod,
                         reduce_std, reduce_sum, reduce_variance, sum_of_squares)
from .selection import clip_by_value, where
from .sorting import argsort, sort, top_k
from .shapes import (broadcast_to, cast, concat, expand_dims, identity, one_hot, pad,
                     rank, reshape, reverse, shape, size, split, squeeze, stack, stop_gradient, sum_to,
                     tile, transpose, unstack)
from .unary import (abs, acos, acosh, asin, asinh, atan, atanh, ceil, cos, cosh, erf, exp, expm1, floor,
                    is_finite, is_inf, is_nan, log, log1p, reciprocal, round, rsqrt, sigmoid, sign, sin, sinh,
                    softplus, sqrt, square, tan, tanh)
from .control_flow import case, cond, switch_case, while_loop
from .convolution1d import conv1d
from .counting import bincount, confusion_matrix, count_nonzero, histogram_fixed_width, in_top_k
from .mapping import map_fn, numpy_function, py_function, vectorized_map
from .matrix_ops import det, inv, slogdet, solve
from .matrix_parts import band_part, diag, diag_part, matrix_transpose, matvec, set_diag, trace
from .cholesky import cholesky
from .scatter import scatter_nd, tensor_scatter_nd_add, tensor_scatter_nd_sub, tensor_scatter_nd_update
from .scatter_extremes import tensor_scatter_nd_max, tensor_scatter_nd_min
from .segments import (segment_max, segment_mean, segment_min, segment_sum, unsorted_segment_max,
                       unsorted_segment_mean, unsorted_segment_min, unsorted_segment_sum)
from .sequences import embedding_lookup, roll, searchsorted, sequence_mask, unique
from .special_math import atan2, digamma, lgamma, log_sigmoid, polyval
from .complex_parts import angle, conj, imag, real
from .crelu import crelu
from .nn_losses_more import log_poisson_loss, weighted_cross_entropy_with_logits, zero_fraction
from .replica_loss import compute_average_loss, scale_regularization_loss
from .nn_normalization import (batch_normalization, local_response_normalization, lrn, normalize_moments,
                               sufficient_statistics, weighted_moments)
from .broadcast_shapes import broadcast_dynamic_shape, broadcast_static_shape
from .nn_windows import (atrous_conv2d, atrous_conv2d_transpose, conv1d_transpose, conv3d, conv3d_transpose,
                         conv_transpose, convolution, depthwise_conv2d, separable_conv2d)
from .nn_pools import avg_pool, avg_pool1d, avg_pool3d, max_pool, max_pool1d, max_pool3d, pool
from .orderings import cumulative_logsumexp, invert_permutation, is_non_decreasing, is_strictly_increasing
from .sampled_losses import compute_accidental_hits, log_uniform_candidate_sampler, nce_loss, sampled_softmax_loss
from .safe_math import (accumulate_n, multiply_no_nan, reciprocal_no_nan, rint, scalar_mul, xdivy, xlog1py,
                        xlogy)
from .segment_products import segment_prod, unsorted_segment_prod, unsorted_segment_sqrt_n
from .space_depth import depth_to_space, space_to_depth
from .bessel import bessel_i0, bessel_i0e, bessel_i1, bessel_i1e
from .incomplete_gamma_beta import betainc, igamma, igammac
from .special_functions import erfc, erfcinv, erfinv, lbeta, ndtri, polygamma, zeta
from .repetition import repeat, reverse_sequence
from .complex_build import complex  # noqa: A004
from .folds import foldl, foldr, scan
from .partitions import dynamic_partition, dynamic_stitch
from .truncated_division import truncatediv, truncatemod
from .casting_extra import bitcast, saturate_cast
from .space_batch import batch_to_space, space_to_batch, space_to_batch_nd
from .histogram_bins import histogram_fixed_width_bins
from .nextafter import nextafter
from .linalg_decompositions import eig, eigh, eigh_tridiagonal, eigvals, eigvalsh, lu, qr, svd  # tf.eig, tf.eigvals: TF 2's top-level names
from .linalg_lu import lu_matrix_inverse, lu_reconstruct, lu_solve
from .linalg_matrix_functions import expm, logdet, logm, matrix_rank, pinv, sqrtm
from .linalg_solves import (banded_triangular_solve, cholesky_solve, lstsq, triangular_solve, tridiagonal_matmul,
                            tridiagonal_solve)
from .linalg_tensor_parts import adjoint, cross, normalize, tensor_diag, tensor_diag_part
from .sequences import unique_with_counts
from .unravel_index import unravel_index
from .space_batch import required_space_to_batch_paddings, with_space_to_batch
from .nn_normalization import batch_norm_with_global_normalization
from .ctc_labels import collapse_repeated, ctc_unique_labels
from .ctc import ctc_greedy_decoder, ctc_loss
from .ctc_beam_search import ctc_beam_search_decoder
from .edit_distance import edit_distance
from .pool_argmax import max_pool_with_argmax
from .morphology import dilation2d, erosion2d
from .embedding_sparse import embedding_lookup_sparse, safe_embedding_lookup_sparse
from .fractional_pool import fractional_avg_pool, fractional_max_pool
from .index_shuffle import random_index_shuffle
from .bessel_k import bessel_k0, bessel_k0e, bessel_k1, bessel_k1e
from .bessel_jy import bessel_j0, bessel_j1, bessel_y0, bessel_y1
from .special_integrals import dawsn, expint, fresnel_cos, fresnel_sin, spence
from .sobol import sobol_sample
from .approx_top_k import approx_max_k
from .isotonic_regression import isotonic_regression
from .candidate_sampling import (all_candidate_sampler, fixed_unigram_candidate_sampler,
                                 learned_unigram_candidate_sampler, uniform_candidate_sampler)
from .fingerprint import fingerprint
from .guarantee_const import guarantee_const
from .fourier_nd_kernels import fftnd, ifftnd, irfftnd, rfftnd
from .volume_patches import extract_volume_patches
from .depthwise_backprop import depthwise_conv2d_backprop_filter, depthwise_conv2d_backprop_input
from ..tensor import convert_to_tensor, constant  # noqa: F401  (used by the tape's helpers)

import types as _types

__all__ = sorted(name for name, value in globals().items()
                 if not name.startswith('_') and not isinstance(value, _types.ModuleType))
