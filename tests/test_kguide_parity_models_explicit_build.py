"""``layer.build(input_shape)`` called by hand, as the subclassing guide's deferred-weights
section and Keras's docs do: Keras 3 marks the layer built (its first call builds nothing
again) and records the shape in get_build_config.

Golden values printed by TensorFlow 2.21 / Keras 3.15 (/opt/tfref) for the same classes.
"""
import numpy as np

from framework import keras
from framework.keras import layers, ops


class Linear(layers.Layer):
    def __init__(self, units=3, **kwargs):
        super().__init__(**kwargs)
        self.units = units

    def build(self, input_shape):
        self.w = self.add_weight(shape=(input_shape[-1], self.units), initializer='random_normal')

    def call(self, x):
        return ops.matmul(x, self.w)


class TwoLinears(keras.Model):
    def __init__(self):
        super().__init__()
        self.a = Linear(5)
        self.b = layers.Dense(2)

    def call(self, x):
        return self.b(self.a(x))


def test_a_user_build_called_by_hand_marks_the_layer_built_once():
    layer = Linear()
    layer.build((None, 4))
    # TF: True [TensorShape([4, 3])] {'input_shape': (None, 4)}
    assert layer.built and layer.get_build_config() == {'input_shape': (None, 4)}
    kernel = layer.w
    kernel.assign(np.ones((4, 3), 'float32'))
    out = layer(np.ones((1, 4), 'float32'))
    assert layer.w is kernel and len(layer.weights) == 1      # tapeflow built it again: 2 weights
    np.testing.assert_array_equal(out.numpy(), [[4.0, 4.0, 4.0]])


def test_default_build_called_by_hand_records_the_shape():
    model = TwoLinears()
    model.build((None, 4))
    # TF: True 0 {'input_shape': (None, 4)}: the sublayers stay unbuilt, as in Keras
    assert model.built and len(model.weights) == 0 and model.get_build_config() == {'input_shape': (None, 4)}
    assert tuple(model(np.ones((1, 4), 'float32')).shape) == (1, 2)
    assert len(model.weights) == 3


def test_a_build_overridden_twice_runs_both_and_records_the_first_shape():
    class Wider(Linear):
        def build(self, input_shape):
            super().build(input_shape)
            self.bias = self.add_weight(shape=(self.units,), initializer='zeros')

    layer = Wider()
    layer.build((None, 2))
    assert layer.built and len(layer.weights) == 2 and layer.get_build_config() == {'input_shape': (None, 2)}
    layer(np.ones((3, 2), 'float32'))
    assert len(layer.weights) == 2
