"""Conv2D and Conv3D call ``self.convolution_op(inputs, self.kernel)``, as Keras 3's BaseConv does, so a
subclass that overrides it changes what the layer convolves (keras.io "Customizing the convolution
operation of a Conv2D layer": a standardized kernel). The override used to be ignored: the example's
model trained as a plain Conv2D (loss 1.2836 where TF 2.21 prints 2.3435 after one epoch).
"""
import numpy as np
import pytest

import framework as tf
from framework import keras
from framework.keras import layers, ops


def _standardized(kernel):
    mean, var = ops.moments(kernel, axes=list(range(len(kernel.shape) - 1)), keepdims=True)
    return (kernel - mean) / ops.sqrt(var + 1e-10)


class StandardizedConv2D(layers.Conv2D):
    def convolution_op(self, inputs, kernel):
        return ops.conv(inputs, _standardized(kernel), padding='valid', strides=list(self.strides),
                        dilation_rate=self.dilation_rate)


class StandardizedConv3D(layers.Conv3D):
    def convolution_op(self, inputs, kernel):
        return ops.conv(inputs, _standardized(kernel), padding='valid', strides=list(self.strides),
                        dilation_rate=self.dilation_rate)


@pytest.mark.parametrize('cls, shape', [(StandardizedConv2D, (2, 6, 6, 2)), (StandardizedConv3D, (2, 4, 4, 4, 2))])
def test_call_convolves_with_the_overridden_op(cls, shape):
    x = np.random.RandomState(0).rand(*shape).astype('float32')
    layer = cls(3, 2, activation='relu', bias_initializer='ones')
    got = layer(x).numpy()
    want = ops.relu(ops.conv(x, _standardized(layer.kernel)) + layer.bias).numpy()
    plain = ops.relu(ops.conv(x, layer.kernel) + layer.bias).numpy()
    np.testing.assert_allclose(got, want, rtol=1e-6, atol=1e-6)
    assert np.abs(got - plain).max() > 0.1                # the override is not the plain convolution


def test_default_convolution_op_is_the_layers_convolution():
    x = np.random.RandomState(1).rand(1, 5, 5, 2).astype('float32')
    layer = layers.Conv2D(3, 3, strides=2, padding='same', dilation_rate=1)
    got = layer(x).numpy()
    assert np.array_equal(layer.convolution_op(tf.constant(x), layer.kernel).numpy() + layer.bias.numpy(), got)
    grouped = layers.Conv2D(4, 2, groups=2)
    assert grouped(x).shape == grouped.convolution_op(tf.constant(x), grouped.kernel).shape == (1, 4, 4, 4)


def test_overridden_op_trains_and_round_trips(tmp_path):
    keras.utils.set_random_seed(8)
    try:
        model = keras.Sequential([keras.Input((6, 6, 1)), StandardizedConv2D(2, 3), layers.Flatten(), layers.Dense(1)])
        model.compile(optimizer='sgd', loss='mse')
        x = np.random.RandomState(2).rand(8, 6, 6, 1).astype('float32')
        y = np.ones((8, 1), 'float32')
        before = model.layers[0].kernel.numpy()
        model.fit(x, y, epochs=1, verbose=0)
        assert not np.array_equal(before, model.layers[0].kernel.numpy())      # gradients reach the kernel
        path = str(tmp_path / 'standardized.keras')
        model.save(path)
        loaded = keras.models.load_model(path, custom_objects={'StandardizedConv2D': StandardizedConv2D})
        assert type(loaded.layers[0]) is StandardizedConv2D
        np.testing.assert_array_equal(loaded.predict(x, verbose=0), model.predict(x, verbose=0))
    finally:
        tf.random.set_seed(None)
        keras.backend.clear_session()
