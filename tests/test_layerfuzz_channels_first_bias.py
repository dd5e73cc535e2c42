"""A channels_first convolution whose output's last axis has as many entries as it has channels gets
its bias along that last axis, as Keras 3.15 on TF 2.21 gives it: the layer adds the bias reshaped
to (1, C, 1, ...) with ops.add, which the TF backend turns into tf.nn.bias_add and, seeing the last
axis match the bias, runs as NHWC. tapeflow added it along the channels before (right by the
formula, not what TF prints). Golden values: TF 2.21 runs of /work/notes/progs/layerfuzz/dwgold.py
on this machine (weights arange / 7 + 1, x = arange / 10, loss sum(y * (index % 3 + 1))); the
last case (W != C) keeps the bias on the channels. Values within 1e-4 (float32 products).
"""
import numpy as np
import pytest

import framework as tf
from framework import keras

CASES = [  # layer, kwargs, input shape, output shape, first outputs, sum, bias gradient, first input gradients
    ('DepthwiseConv2D', dict(kernel_size=2), (2, 3, 5, 4), (2, 3, 4, 3),
     [3.0286, 3.8286, 4.6286, 5.6571, 6.4571, 7.2571], 3224.9143, [24.0, 48.0, 72.0], [1.0, 3.4286, 5.8571, 4.2857]),
    ('SeparableConv2D', dict(filters=2, kernel_size=1, strides=2), (2, 3, 5, 4), (2, 2, 3, 2),
     [12.0204, 13.0612, 15.6122, 16.6531, 19.2041, 20.2449], 746.1061, [24.0, 24.0], [2.1429, 0.0, 4.2857, 0.0]),
    ('DepthwiseConv1D', dict(kernel_size=2), (2, 3, 4), (2, 3, 3),
     [1.1429, 1.5286, 1.9143, 2.2429, 2.6571, 3.0714], 78.5143, [6.0, 12.0, 18.0], [1.0, 3.4286, 5.8571, 4.2857]),
    ('SeparableConv1D', dict(filters=3, kernel_size=2), (2, 2, 4), (2, 3, 3),
     [2.802, 3.5408, 4.2796, 2.9878, 3.7959, 4.6041], 116.2286, [6.0, 12.0, 18.0], [3.4286, 11.2653, 19.102, 13.2245]),
    ('DepthwiseConv2D', dict(kernel_size=2), (2, 3, 5, 5), (2, 3, 4, 4),
     [3.4429, 4.1, 4.7571, 5.4143, 6.7286, 7.3857], 5354.9712, [62.0, 64.0, 66.0], [1.0, 3.4286, 5.8571, 5.2857]),
]


@pytest.mark.parametrize('name,kwargs,shape,out_shape,first,total,bias_grad,input_grad', CASES,
                         ids=['%s-%s' % (c[0], 'x'.join(map(str, c[2]))) for c in CASES])
def test_channels_first_bias_as_tf_adds_it(name, kwargs, shape, out_shape, first, total, bias_grad, input_grad):
    layer = getattr(keras.layers, name)(data_format='channels_first', **kwargs)
    x = tf.constant(np.arange(np.prod(shape)).reshape(shape).astype('float32') / 10)
    layer.build(shape)
    layer.set_weights([np.arange(np.prod(w.shape)).reshape(w.shape).astype('float32') / 7 + 1
                       for w in layer.get_weights()])
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = layer(x)
        loss = tf.reduce_sum(y * tf.cast(tf.reshape(tf.range(tf.size(y)), tf.shape(y)) % 3 + 1, 'float32'))
    gx, gb = tape.gradient(loss, [x, layer.bias])
    assert tuple(y.shape) == out_shape
    np.testing.assert_allclose(np.asarray(y).ravel()[:6], first, rtol=1e-4)
    np.testing.assert_allclose(float(np.sum(y)), total, rtol=1e-5)
    np.testing.assert_array_equal(np.asarray(gb), bias_grad)
    np.testing.assert_allclose(np.asarray(gx).ravel()[:4], input_grad, rtol=1e-4, atol=1e-6)
