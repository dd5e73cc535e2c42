"""Keras's SeparableConv1D / SeparableConv2D called straight on integer inputs: Keras 3 casts only floating inputs, so
TF 2.21's DepthwiseConv2dNative meets the int32 / int64 tensor, and its registry error ends with the name Keras's
separable_conv2d gives that op, ' name: depthwise' (tapeflow's ended at ' name: '; DepthwiseConv1D / 2D have no name).
Probes: /work/notes/progs/errors57/lay.py, lay2.py (TF 2.21's texts)."""
import numpy as np
import pytest

import framework as tf
from framework import keras

_TEXT = ("Value for attr 'T' of %s is not in the list of allowed values: half, bfloat16, float, double\n\t; NodeDef: "
         "{{node DepthwiseConv2dNative}}; Op<name=DepthwiseConv2dNative; signature=input:T, filter:T -> output:T; "
         "attr=T:type,allowed=[DT_HALF, DT_BFLOAT16, DT_FLOAT, DT_DOUBLE]; attr=strides:list(int); "
         "attr=padding:string,allowed=[\"SAME\", \"VALID\", \"EXPLICIT\"]; attr=explicit_paddings:list(int),default=[]; "
         "attr=data_format:string,default=\"NHWC\",allowed=[\"NHWC\", \"NCHW\"]; "
         "attr=dilations:list(int),default=[1, 1, 1, 1]> [Op:DepthwiseConv2dNative] name: %s")


@pytest.mark.parametrize('layer, shape, name', [
    (lambda: keras.layers.SeparableConv2D(3, 2), (1, 5, 5, 2), 'depthwise'),
    (lambda: keras.layers.SeparableConv2D(3, 2, dilation_rate=2), (1, 6, 6, 2), 'depthwise'),
    (lambda: keras.layers.SeparableConv1D(3, 2), (1, 6, 2), 'depthwise'),
    (lambda: keras.layers.SeparableConv1D(3, 2, dilation_rate=2), (1, 6, 2), 'depthwise'),
    (lambda: keras.layers.SeparableConv2D(3, 2, dtype='float64'), (1, 5, 5, 2), 'depthwise'),
    (lambda: keras.layers.DepthwiseConv2D(2), (1, 5, 5, 2), ''),
    (lambda: keras.layers.DepthwiseConv1D(2), (1, 6, 2), ''),
])
@pytest.mark.parametrize('dtype', ['int32', 'int64'])
def test_integer_inputs_meet_the_depthwise_kernels_registry(layer, shape, name, dtype):
    with pytest.raises(tf.errors.InvalidArgumentError) as err:
        layer()(tf.constant(np.ones(shape, dtype)))
    assert (_TEXT % (dtype, name)) in str(err.value)
    assert str(err.value).startswith('Exception encountered when calling ')
