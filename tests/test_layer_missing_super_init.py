"""A layer whose __init__ never calls super().__init__() fails at its first call with Keras 3's
RuntimeError (TF 2.21's text), not an AttributeError about tapeflow's internals."""
import numpy as np
import pytest

from framework import keras

WORDS = "In layer '%s', you forgot to call `super().__init__()` as the first statement in the `__init__()` method. Go add it!"


class NoInit(keras.layers.Layer):
    def __init__(self, units):
        self.units = units

    def call(self, x):
        return x


class NoInitWithWeights(keras.layers.Layer):
    def __init__(self, units):
        self.units = units

    def build(self, input_shape):
        self.w = self.add_weight(shape=(input_shape[-1], self.units))

    def call(self, x):
        return x @ self.w


class NoInitModel(keras.Model):
    def __init__(self):
        self.dense = keras.layers.Dense(2)

    def call(self, x):
        return self.dense(x)


@pytest.mark.parametrize('make', [lambda: NoInit(3), lambda: NoInitWithWeights(3), NoInitModel])
def test_a_layer_without_super_init_says_so_when_called(make):
    layer = make()      # made without complaint, as in Keras
    with pytest.raises(RuntimeError) as caught:
        layer(np.ones((1, 2), np.float32))
    assert str(caught.value) == WORDS % type(layer).__name__


def test_an_attribute_error_of_an_initialized_layer_is_left_as_it_is():
    class Broken(keras.layers.Layer):
        def call(self, x):
            return x.no_such_attribute

    with pytest.raises(AttributeError, match='no_such_attribute'):
        Broken()(np.ones((1, 2), np.float32))
