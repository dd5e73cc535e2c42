"""A float16 Conv2D's bias add in a traced step, as TF's fused Conv2D + BiasAdd kernel rounds it.

Under the 'mixed_float16' policy in a traced step (Keras's fit / predict, a tf.function) where TF runs
oneDNN, its graph optimizer fuses Conv2D with its BiasAdd (and relu): the fused kernel sums in float32,
adds the bias there and rounds to float16 once, where eager TF rounds the convolution, then adds the
bias in half precision. Measured on TF 2.21 (progs/tutorials45/t45_tf_cf.py): Conv2D layers with a
non-zero bias, activation None / relu / tanh / sigmoid, three shapes (strides 1 and 2, SAME and VALID):
traced outputs differed from eager in 55 to 5337 values each, and all but 4 of 105,120 values were the
float32 convolution plus bias rounded once (a later tanh or sigmoid runs on that rounded value). A zero
bias gives eager's bits, so a freshly initialized model's first step agrees either way; its later steps
drifted (progs/tutorials45/mixed2.py). Only the forward value changes: TF differentiates the unfused ops.
"""
import numpy as np

from framework import onednn_policy
from framework.tensor import Tensor

from . import call_context


def fuse_half_bias(layer, inputs, x):
    """Overwrite ``x`` (``layer``'s float16 convolution of channels-last ``inputs`` plus its bias, just
    made) with TF's fused value in a traced step where oneDNN runs; else leave it. (Channels-first
    layers are not measured: they keep eager's value.)"""
    if x._data.dtype != np.float16 or type(x._data) is not np.ndarray or not call_context.in_traced_function() \
            or not onednn_policy.enabled():
        return
    wide = lambda t: Tensor(t._data.astype(np.float32))       # plain tensors: the tape records nothing of this
    summed = layer.convolution_op(wide(inputs), wide(layer.kernel))._data
    bias = layer.bias._data.astype(np.float32)
    summed = summed + bias
    x._data[...] = summed.astype(np.float16)
