"""TF 2.21's own CPU kernel for DepthwiseConv2dNative takes equal row and column strides only.

Where oneDNN runs the op (float32 where TF turns oneDNN on, float16 / bfloat16 too on AVX-512 CPUs: the
same rule as the transposed convolutions', backprop_input_kernel.runs_onednn) strides (1, 2) work; elsewhere
(float64 always, every dtype where oneDNN is off: TF's default on CPUs without AVX-512 VNNI) TF raises
'Current implementation only supports equal length strides in the row and column dimensions.' eagerly, from
tf.nn.depthwise_conv2d / separable_conv2d and keras DepthwiseConv2D / SeparableConv2D alike. Measured on an
AMD EPYC with TF_ENABLE_ONEDNN_OPTS=0 and 1 (notes progs/layers18/dw.py, dw2.py).
"""
from ..errors import kernel_error
from .backprop_input_kernel import runs_onednn, why_not_onednn


def refuse_unequal_strides(dtype, strides, name=''):
    """Raise TF's InvalidArgumentError for a 2-D depthwise convolution with ``strides`` (rows, columns) that
    differ, where TF's own kernel runs ``dtype``; ``name``: the ' name: ' tail TF's wrapper adds
    ('depthwise' inside separable_conv2d, nothing for depthwise_conv2d)."""
    rows, columns = strides
    if rows == columns or runs_onednn(dtype):
        return
    raise kernel_error('DepthwiseConv2dNative', 'Current implementation only supports equal length strides in the '
                       'row and column dimensions.', named=name or True,
                       note='depthwise convolution with strides %s: TensorFlow\'s own CPU kernel takes equal row and '
                            'column strides only, and %s' % ((rows, columns), why_not_onednn(dtype)))
