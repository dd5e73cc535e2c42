"""Keras 3's variables lack tf.Variable's TF-1 era members (get_shape, read_value, scatter_*, device, ...).

The keras.io VQ-VAE example's PixelCNN calls ``self.conv.kernel.get_shape()`` in a layer's build; on
TensorFlow 2.21 + Keras 3 that raises ``AttributeError: 'Variable' object has no attribute 'get_shape'``
(tapeflow ran on). The names are dir(tf.Variable(...)) minus dir(Dense(2).kernel) on TF 2.21 + Keras 3.15,
each checked there to raise AttributeError on a layer kernel, a metric's and an optimizer's variable and a
keras.Variable, and to work on a tf.Variable.
"""
import numpy as np
import pytest

import framework as tf
from framework import keras
from framework.tensorflow_only_members import KERAS_LACKS


def _kernel():
    dense = keras.layers.Dense(2)
    dense.build((None, 3))
    return dense.kernel


def _keras_variables():
    metric = keras.metrics.Mean()
    optimizer = keras.optimizers.Adam()
    kernel = _kernel()
    optimizer.build([kernel])
    return {'kernel': kernel, 'metric': metric.variables[0], 'optimizer': optimizer.variables[1],
            'keras.Variable': keras.Variable([1.0, 2.0])}


@pytest.mark.parametrize('name', sorted(KERAS_LACKS))
def test_keras_variables_lack_the_member_as_keras_3(name):
    for where, variable in _keras_variables().items():
        with pytest.raises(AttributeError) as info:
            getattr(variable, name)
        assert str(info.value) == "'Variable' object has no attribute '%s'" % name, where
        assert not hasattr(variable, name) and name not in dir(variable)


def test_tf_variables_keep_them():
    v = tf.Variable([[1.0, 2.0], [3.0, 4.0]])
    assert all(name in dir(v) for name in KERAS_LACKS)
    assert v.get_shape() == (2, 2) and v.read_value().numpy().tolist() == [[1.0, 2.0], [3.0, 4.0]]
    assert v.sparse_read([1]).numpy().tolist() == [[3.0, 4.0]] and isinstance(v.device, str)
    v.scatter_nd_update([[0, 0]], [9.0])
    assert float(v[0, 0]) == 9.0 and {v.ref(): 1}[v.ref()] == 1


def test_pixelcnn_build_reading_the_kernel_shape_fails_as_on_tensorflow():
    # keras.io examples/generative/vq_vae.py (and pixelcnn.py): PixelConvLayer.build
    class PixelConvLayer(keras.layers.Layer):
        def __init__(self, **kwargs):
            super().__init__()
            self.conv = keras.layers.Conv2D(**kwargs)

        def build(self, input_shape):
            self.conv.build(input_shape)
            self.mask = np.zeros(shape=self.conv.kernel.get_shape())

        def call(self, inputs):
            return self.conv(inputs)

    with pytest.raises(AttributeError, match="'Variable' object has no attribute 'get_shape'"):
        PixelConvLayer(filters=4, kernel_size=3, padding='same')(keras.Input((7, 7, 8)))


def test_the_keras_spellings_still_work_on_keras_variables():
    kernel = _kernel()
    assert kernel.shape == (3, 2) and kernel.ndim == 2 and kernel.numpy().shape == (3, 2)
    assert tf.shape(kernel).numpy().tolist() == [3, 2] and kernel.value is kernel
    kernel.assign(tf.ones((3, 2)))
    kernel.assign_add(tf.ones((3, 2)))
    assert np.asarray(round(kernel, 0)).tolist() == [[2.0, 2.0]] * 3     # keras.ops.round of its value


def test_an_rnn_reads_its_keras_weights_once_per_call():
    # rnn.py reads recurrent weights with the private read (a Keras variable has no read_value)
    layer = keras.layers.SimpleRNN(2)
    x = tf.ones((1, 3, 2))
    with tf.GradientTape() as tape:
        y = tf.reduce_sum(layer(x))
    grads = tape.gradient(y, layer.trainable_weights)
    assert all(g is not None for g in grads)
