"""Which CPU kernel TF 2.21 runs a Conv2DBackpropInput / Conv3DBackpropInputV2 on: oneDNN's or its own.

The op is every transposed convolution (tf.nn.conv1d/2d/3d_transpose, conv_transpose, Keras's
Conv1D/2D/3DTranspose) and the input gradient of a dilated tf.nn.conv2d. Where TF turns oneDNN on
(``onednn_policy``) oneDNN's kernel takes float32, and float16 / bfloat16 on CPUs with AVX-512; float64,
and every dtype where oneDNN is off (TF's default on CPUs without VNNI / BF16 / AMX), go to TF's own
kernels, which refuse dilations ('Current CPU implementations do not yet support dilation rates larger
than 1.') and word an output_shape mismatch their own way. Measured on an AMD EPYC without AVX-512 with
TF_ENABLE_ONEDNN_OPTS=0 and 1 (notes progs/layers17/dt5.py, dt6.py, dt8.py); the AVX-512 Xeon's float16
results are the earlier goldens (tests/test_gradfuzz20_float64_dilated_transpose.py).
"""
import numpy as np

from ..onednn_policy import enabled as onednn_enabled, takes_16_bit_floats

_SIXTEEN_BITS = ('float16', 'bfloat16')


def runs_onednn(dtype):
    """Whether oneDNN's kernel runs a transposed convolution (an input gradient) of ``dtype``."""
    name = np.dtype(dtype).name
    if name == 'float32':
        return onednn_enabled()
    return name in _SIXTEEN_BITS and onednn_enabled() and takes_16_bit_floats()


def why_not_onednn(dtype):
    """Why oneDNN does not run this ``dtype``'s kernel here, for tapeflow's notes on TF's refusals."""
    name = np.dtype(dtype).name
    if name == 'float32' or (name in _SIXTEEN_BITS and takes_16_bit_floats()):
        return 'oneDNN, which would run it, is off (TF_ENABLE_ONEDNN_OPTS=1 turns it on)'
    if name in _SIXTEEN_BITS:
        return 'oneDNN takes %s only on CPUs with AVX-512' % name
    return 'oneDNN does not run %s' % name
