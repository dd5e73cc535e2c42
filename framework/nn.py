"""``framework.nn``: activations and the fused cross-entropies."""
from .ops import (avg_pool2d, bias_add, conv2d, conv2d_transpose, max_pool2d, dropout, elu, gelu, l2_loss, l2_normalize, leaky_relu, log_softmax,  # noqa: F401
                  moments, relu, relu6, selu, sigmoid, sigmoid_cross_entropy_with_logits, silu, softmax,
                  softmax_cross_entropy_with_logits, softplus, softsign,
                  sparse_softmax_cross_entropy_with_logits, swish, tanh, top_k)
from .ops import conv1d, embedding_lookup, in_top_k  # noqa: F401,E402
