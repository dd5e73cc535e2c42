"""``framework.nn``: activations and the fused cross-entropies."""
from .ops import (avg_pool2d, bias_add, conv2d, conv2d_transpose, max_pool2d, dropout, elu, gelu, l2_loss, l2_normalize, leaky_relu, log_softmax,  # noqa: F401
                  moments, relu, relu6, selu, sigmoid, sigmoid_cross_entropy_with_logits, silu, softmax,
                  softmax_cross_entropy_with_logits, softplus, softsign,
                  sparse_softmax_cross_entropy_with_logits, swish, tanh, top_k)
from .ops import conv1d, embedding_lookup, in_top_k  # noqa: F401,E402
from .ops.nn_windows import (atrous_conv2d, atrous_conv2d_transpose, conv1d_transpose, conv3d,  # noqa: F401,E402
                             conv3d_transpose, conv_transpose, convolution, depthwise_conv2d, separable_conv2d)
from .ops.nn_pools import avg_pool, avg_pool1d, avg_pool3d, max_pool, max_pool1d, max_pool3d, pool  # noqa: F401,E402
from .ops.crelu import crelu  # noqa: F401,E402
from .ops.depthwise_backprop import depthwise_conv2d_backprop_filter, depthwise_conv2d_backprop_input  # noqa: F401,E402,E501
from .ops.nn_losses_more import (log_poisson_loss, weighted_cross_entropy_with_logits,  # noqa: F401,E402
                                 zero_fraction)
from .ops.replica_loss import compute_average_loss, scale_regularization_loss  # noqa: F401,E402
from .ops.nn_normalization import (batch_normalization, local_response_normalization, lrn,  # noqa: F401,E402
                                   normalize_moments, sufficient_statistics, weighted_moments)
from .ops.space_depth import depth_to_space, space_to_depth  # noqa: F401,E402
from .ops.sampled_losses import compute_accidental_hits, nce_loss, sampled_softmax_loss  # noqa: F401,E402
from .ops.space_batch import space_to_batch, with_space_to_batch  # noqa: F401,E402  (tf.nn.space_to_batch: the N-d op)
from .ops.nn_normalization import batch_norm_with_global_normalization  # noqa: F401,E402
from .ops.ctc_labels import collapse_repeated, ctc_unique_labels  # noqa: F401,E402
from .ops.ctc import ctc_greedy_decoder, ctc_loss  # noqa: F401,E402
from .ops.ctc_beam_search import ctc_beam_search_decoder  # noqa: F401,E402
from .ops.pool_argmax import max_pool_with_argmax  # noqa: F401,E402
from .ops.morphology import dilation2d, erosion2d  # noqa: F401,E402
from .ops.embedding_sparse import embedding_lookup_sparse, safe_embedding_lookup_sparse  # noqa: F401,E402
from .ops.fractional_pool import fractional_avg_pool, fractional_max_pool  # noqa: F401,E402
from .ops.candidate_sampling import (all_candidate_sampler, fixed_unigram_candidate_sampler,  # noqa: F401,E402
                                     learned_unigram_candidate_sampler, uniform_candidate_sampler)
from .ops.approx_top_k import approx_max_k  # noqa: F401,E402
from .cpu_kernel_gaps import approx_min_k  # noqa: F401,E402
from .ops.isotonic_regression import isotonic_regression  # noqa: F401,E402


class experimental:
    """``tf.nn.experimental``: the stateless dropout and the dropout with a given uniform sampler."""
    from .ops.losses_nn import general_dropout, stateless_dropout
    general_dropout = staticmethod(general_dropout)
    stateless_dropout = staticmethod(stateless_dropout)
