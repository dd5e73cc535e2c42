"""A custom layer's build(self, a_shape, b_shape) for call(self, a, b) gets each argument's shape by
name, as Keras 3 builds it (tapeflow passed the first shape alone: "build() missing 1 required
positional argument: 'b_shape'"); get_build_config is {'shapes_dict': ...}. From TF 2.21 / Keras 3.15."""
import numpy as np
import pytest

import framework as tf
from framework import keras


class Two(keras.layers.Layer):
    def build(self, a_shape, b_shape):
        self.w = self.add_weight(shape=(a_shape[-1], b_shape[-1]), initializer='ones')

    def call(self, a, b):
        return tf.matmul(a, self.w) + b


class Optional(keras.layers.Layer):
    def build(self, x_shape, y_shape=None):
        self.shapes = (x_shape, y_shape)

    def call(self, x, y=None):
        return x


def test_eager_first_call_builds_by_name():
    layer = Two()
    out = layer(tf.ones((2, 3)), tf.ones((2, 4)))
    assert out.numpy().tolist() == [[4.0] * 4] * 2
    assert layer.get_build_config() == {'shapes_dict': {'a_shape': (2, 3), 'b_shape': (2, 4)}}
    again = Two()
    again.build_from_config(layer.get_build_config())
    assert again.built and [tuple(v.shape) for v in again.weights] == [(3, 4)]


def test_functional_call_and_save_round_trip(tmp_path):
    a, b = keras.Input((3,)), keras.Input((4,))
    layer = Two()
    out = layer(a, b)
    assert out.shape == (None, 4)
    assert layer.get_build_config() == {'shapes_dict': {'a_shape': (None, 3), 'b_shape': (None, 4)}}
    model = keras.Model([a, b], out)
    assert model.predict([np.ones((2, 3)), np.ones((2, 4))], verbose=0).tolist() == [[4.0] * 4] * 2
    model.save(tmp_path / 'two.keras')
    loaded = keras.models.load_model(tmp_path / 'two.keras', custom_objects={'Two': Two})
    assert loaded.predict([np.ones((1, 3)), np.ones((1, 4))], verbose=0).tolist() == [[4.0] * 4]


def test_one_given_shape_is_the_input_shape():
    layer = Optional()
    layer(tf.ones((2, 3)))
    assert layer.shapes == ((2, 3), None)
    assert layer.get_build_config() == {'input_shape': (2, 3)}


def test_build_arguments_that_match_no_call_argument():
    class NoSuffix(keras.layers.Layer):
        def build(self, a_shape, other):
            pass

        def call(self, a, b):
            return a

    class NoArgument(keras.layers.Layer):
        def build(self, a_shape, c_shape):
            pass

        def call(self, a, b):
            return a

    preamble = ('For a `build()` method with more than one argument, all arguments should have a `_shape` suffix and '
                'match an argument from `call()`. E.g. `build(self, foo_shape, bar_shape)`  ')
    with pytest.raises(ValueError) as caught:
        NoSuffix()(tf.ones((2, 3)), tf.ones((2, 3)))
    assert str(caught.value) == preamble + ("For layer 'NoSuffix', Received `build()` argument `other`, which does not "
                                            'end in `_shape`.')
    with pytest.raises(ValueError) as caught:
        NoArgument()(tf.ones((2, 3)), tf.ones((2, 3)))
    assert str(caught.value) == preamble + ("For layer 'NoArgument', received `build()` argument `c_shape`, but "
                                            '`call()` does not have argument `c`.')
