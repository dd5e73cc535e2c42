"""Keras layer arguments TensorFlow 2.21 + Keras 3 refuse and tapeflow took (found by
/work/notes/progs/fuzz4/layerfuzz.py): an N-D layer's strides / dilation_rate / size of rank + 2
entries (tf.nn's [1, s, s, s, 1] form, which Keras's standardize_tuple refuses:
"The `strides` argument must be a tuple of 3 integers. Received strides=(1, 1, 1, 1, 1)")."""
import numpy as np
import pytest

from framework import keras

L = keras.layers
X3 = np.linspace(0, 1, 24, dtype=np.float32).reshape(2, 4, 3)
X4 = np.linspace(0, 1, 32, dtype=np.float32).reshape(2, 4, 4, 1)
X5 = np.linspace(0, 1, 64, dtype=np.float32).reshape(2, 2, 4, 4, 1)


@pytest.mark.parametrize('make, x', [
    (lambda: L.Conv3D(2, 2, strides=(1, 1, 1, 1, 1)), X5),
    (lambda: L.Conv3D(2, 2, dilation_rate=(1, 1, 1, 1, 1)), X5),
    (lambda: L.Conv3DTranspose(2, 2, strides=(1, 1, 1, 1, 1)), X5),
    (lambda: L.SeparableConv2D(2, 2, strides=(1, 1, 1, 1)), X4),
    (lambda: L.SeparableConv2D(2, 2, dilation_rate=(1, 1, 1, 1)), X4),
    (lambda: L.DepthwiseConv2D(2, strides=(1, 1, 1, 1)), X4),
    (lambda: L.DepthwiseConv2D(2, dilation_rate=(1, 1, 1, 1)), X4),
    (lambda: L.UpSampling3D(size=(2, 2, 2, 1, 1)), X5),
], ids=['conv3d_strides', 'conv3d_dilation', 'conv3d_transpose_strides', 'separable_strides', 'separable_dilation',
        'depthwise_strides', 'depthwise_dilation', 'upsampling3d_size'])
def test_an_nd_layer_refuses_tensorflows_long_form(make, x):
    # Keras 3 raises ValueError in the constructor; tapeflow built and ran the layer with (1, 1, 1)
    with pytest.raises(ValueError, match='strides|dilation_rate|size'):
        make()(x)


def test_the_rank_long_forms_still_work():
    assert tuple(L.Conv3D(2, 2, strides=(1, 1, 1))(X5).shape) == (2, 1, 3, 3, 2)
    assert tuple(L.SeparableConv2D(2, 2, strides=1)(X4).shape) == (2, 3, 3, 2)
    assert tuple(L.DepthwiseConv2D(2, dilation_rate=(1, 1))(X4).shape) == (2, 3, 3, 1)
    assert tuple(L.Conv1D(2, 2)(X3).shape) == (2, 3, 2)
