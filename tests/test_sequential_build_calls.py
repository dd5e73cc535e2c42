"""A Sequential built from its Input calls each layer once, as Keras 3's symbolic build does (checked
with Keras 3.15, which gives the same counts and weight path):
a print in a user layer's call() shows once (it showed twice: a shape pass, then the trace)."""
import framework as tf
from framework import keras


class CountingLayer(keras.layers.Layer):
    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.calls = 0

    def build(self, input_shape):
        self.w = self.add_weight(shape=(input_shape[-1], 2))

    def call(self, x):
        self.calls += 1
        return tf.matmul(x, self.w)


def test_building_from_an_input_calls_each_layer_once():
    keras.backend.clear_session()          # names count from 0 again: 'sequential', 'variable'
    layer = CountingLayer()
    model = keras.Sequential([keras.Input((3,)), layer, keras.layers.Dense(4)])
    assert layer.calls == 1
    assert model.output_shape == (None, 4) and layer.w.path == 'sequential/counting_layer/variable'


def test_a_layer_that_cannot_be_traced_still_gets_its_shape_from_shapes():
    model = keras.Sequential([keras.layers.Dense(2)])
    model.build((None, 5))
    assert model.output_shape == (None, 2) and model.layers[0].kernel.shape == (5, 2)
