"""``framework.nn``: activations and the fused cross-entropies."""
from .ops import (bias_add, dropout, elu, gelu, l2_loss, leaky_relu, log_softmax, moments, relu,  # noqa: F401
                  relu6, selu, sigmoid, sigmoid_cross_entropy_with_logits, silu, softmax,
                  softmax_cross_entropy_with_logits, softplus, softsign,
                  sparse_softmax_cross_entropy_with_logits, swish, tanh)
