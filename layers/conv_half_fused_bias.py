"""A 16-bit convolution layer's bias add in a traced step, as TF's fused Conv + BiasAdd kernel rounds it.

Under the 'mixed_float16' policy in a traced step (Keras's fit / predict, a tf.function) where TF runs
oneDNN, its graph optimizer fuses Conv2D with its BiasAdd (and relu): the fused kernel sums in float32,
adds the bias there and rounds to float16 once, where eager TF rounds the convolution, then adds the
bias in half precision. Measured on TF 2.21 (progs/tutorials45/t45_tf_cf.py): Conv2D layers with a
non-zero bias, activation None / relu / tanh / sigmoid, three shapes (strides 1 and 2, SAME and VALID):
traced outputs differed from eager in 55 to 5337 values each, and all but 4 of 105,120 values were the
float32 convolution plus bias rounded once (a later tanh or sigmoid runs on that rounded value). A zero
bias gives eager's bits, so a freshly initialized model's first step agrees either way; its later steps
drifted (progs/tutorials45/mixed2.py). Conv1D, Conv3D, DepthwiseConv2D and SeparableConv2D's pointwise
convolution (on its float16 depthwise output) fuse the same way: 0 of 3,160 values off the rule
(t45_tf_cf_hyp.py); so do a causal Conv1D, SeparableConv1D and relu variants, while DepthwiseConv1D,
Conv1DTranspose / Conv2DTranspose and dilated or grouped convolutions keep eager's bits (t45_cf_layers.py).
Only the forward value changes: TF differentiates the unfused ops. 'mixed_bfloat16' fuses alike: a traced
Conv2D(8, 3) with activation None / relu / elu / tanh / sigmoid, 4608 values each, all equal the rule (TF 2.21,
modelfuzz12 p30.py; eager rounding was 521 to 1158 values off), its elu on the float32 sum, tanh / sigmoid on
the rounded one.
"""
import numpy as np

from framework import onednn_policy
from framework.ops.fusable_outputs import note_wide_sum
from framework.tape import ACTIVE
from framework.tensor import Tensor

from . import activations, call_context


def fuse_half_bias(layer, x, convolve, inputs, kernel):
    """Overwrite ``x`` (``layer``'s float16 ``convolve(inputs, kernel)`` plus its bias, channels last, just
    made) with TF's fused value in a traced step where oneDNN runs; else leave it. A dilated or grouped
    convolution is not fused by TF 2.21 (its traced output is eager's, t45_cf_layers.py); channels-first
    layers are not measured: they keep eager's value."""
    dtype = x._data.dtype
    if dtype.itemsize != 2 or dtype.kind not in 'fV' or type(x._data) is not np.ndarray \
            or not call_context.in_traced_function() or not onednn_policy.enabled():
        return
    if dtype.kind == 'V' and ACTIVE:
        # bfloat16 under a tape (a fit step): TF 2.21 keeps eager's rounding there (modelfuzz12 p28.py: fits of
        # Conv2D relu / tanh / elu models equal eager's values, not the fused ones)
        return
    if getattr(layer, 'groups', 1) != 1 or any(r != 1 for r in getattr(layer, 'dilation_rate', ())):
        return
    wide = lambda t: Tensor(t._data.astype(np.float32))       # plain tensors: the tape records nothing of this
    summed = convolve(wide(inputs), wide(kernel))._data + layer.bias._data.astype(np.float32)
    x._data[...] = summed.astype(dtype)
    if layer.activation is activations.elu:
        # TF fuses the elu too, on this float32 sum (dense_activation.activation_of_sum): 505 of 4608 float16
        # values of a traced Conv2D(8, 3, activation='elu') were off as the elu of the rounded sum, 233
        # bfloat16 ones (modelfuzz12 p29.py, p30.py)
        note_wide_sum(x, summed)
