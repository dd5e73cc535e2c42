"""A convolution layer's own relu / relu6 / elu in a traced step, as TF's fused Conv + BiasAdd + Relu kernel.

In a traced step (Keras's fit / evaluate / predict, a tf.function) where TF runs oneDNN, its graph
optimizer fuses Conv2D, Conv3D, DepthwiseConv2D (and SeparableConv2D's pointwise conv) with their bias
add and relu / relu6: the fused kernel gives 0 for a NaN, where the Relu op passes it on. Measured on
TF 2.21: a NaN pixel left no NaN in those layers' predict outputs (4 of 18 values NaN when eager); without
a bias, and for Conv1D and Conv2DTranspose (not fused there), the NaNs stay. The values are the
fused Dense relu's (ops/activations.fused_relu_value), reached by marking the bias-added output fusable.
TF fuses elu there too, with oneDNN's elu (67 of 288 values of a Conv2D(8, 3, activation='elu') off the
eager ones in TF 2.21; the marked output reaches ops/fused_eltwise.fused_elu). Its tanh, sigmoid and gelu
are not fused (the eager values); its silu is (139 of 288 off): ops/activations.traced_swish, as on any tensor.
"""
from framework import onednn_policy
from framework.ops.fusable_outputs import mark_fusable

from . import activations, call_context


def conv_activation(layer, x):
    """``layer.activation(x)`` for a conv layer's bias-added output ``x`` (of rank 2 or 3 convolutions); the
    relu / relu6 / elu of a traced step as TF's fused kernel (marking ``x`` fusable)."""
    activation = layer.activation
    if (activation is activations.relu or activation is activations.relu6 or activation is activations.elu) \
            and layer.bias is not None and call_context.in_traced_function() and onednn_policy.enabled():
        mark_fusable(x, any_rank=True)
    return activations.apply_activation(activation, x)
