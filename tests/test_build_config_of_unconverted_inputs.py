"""Layers that convert no input in __call__ (Keras 3's _convert_input_args = False: TextVectorization,
Hashing, HashedCrossing, CategoryEncoding, RandomFlip, RandomCrop, Pipeline) build from the shapes of
tensor arguments only: called first on a list or a numpy array they build with None, and their build
config says {'input_shape': None}; on a tensor, its shape. Layers that convert (Resizing) keep the array's
shape. Values from TF 2.21 / Keras 3.15 (kerasio34 t_bc2.py, me32/bc3.py)."""
import numpy as np
import pytest

import framework as tf
from framework import keras

IMAGES = np.zeros((1, 4, 4, 3), 'float32')


@pytest.mark.parametrize('make, given, out_shape', [
    (lambda: keras.layers.TextVectorization(vocabulary=['a']), ['a b'], (1, 2)),
    (lambda: keras.layers.Hashing(3), np.array(['a']), (1,)),
    (lambda: keras.layers.HashedCrossing(4), (np.array([1, 2]), np.array(['a', 'b'])), (2,)),
    (lambda: keras.layers.CategoryEncoding(3), np.array([0, 1]), (3,)),
    (lambda: keras.layers.RandomFlip(), IMAGES, (1, 4, 4, 3)),
    (lambda: keras.layers.RandomCrop(2, 2), IMAGES, (1, 2, 2, 3)),
    (lambda: keras.layers.Pipeline([keras.layers.Rescaling(0.5)]), IMAGES, (1, 4, 4, 3)),
])
def test_a_list_or_array_builds_with_no_shape(make, given, out_shape):
    layer = make()
    assert tuple(layer(given).shape) == out_shape
    assert layer.built
    assert layer.get_build_config() == {'input_shape': None}


def test_a_tensor_gives_its_shape():
    layer = keras.layers.Hashing(3)
    layer(tf.constant(['a']))
    assert layer.get_build_config() == {'input_shape': (1,)}


def test_a_converting_layer_keeps_the_array_shape():
    layer = keras.layers.Resizing(2, 2)
    layer(IMAGES)
    assert layer.get_build_config() == {'input_shape': (1, 4, 4, 3)}


def test_a_pipeline_on_an_array_builds_its_layers_in_call():
    pipeline = keras.layers.Pipeline([keras.layers.Rescaling(0.5), keras.layers.CenterCrop(2, 2)])
    pipeline(IMAGES)
    assert [layer.get_build_config() for layer in pipeline.layers] == [{'input_shape': (1, 4, 4, 3)}] * 2
    assert pipeline.get_build_config() == {'input_shape': None}


def test_build_from_config_keeps_the_shape_as_given():
    # Keras 3's build_from_config calls build with the config's shape as it is: a JSON list stays a list
    seen = []

    class Probe(keras.layers.Layer):
        def build(self, input_shape):
            seen.append(input_shape)
            self.w = self.add_weight(shape=(input_shape[-1], 2))

        def call(self, x):
            return x @ self.w

    for layer in (keras.layers.Dense(3), Probe(), keras.layers.BatchNormalization()):
        layer.build_from_config({'input_shape': [None, 5]})
        assert layer.built and layer.get_build_config() == {'input_shape': [None, 5]}
    assert seen == [[None, 5]]
    dense = keras.layers.Dense(3)
    dense.build_from_config({'input_shape': (None, 4)})
    assert dense.get_build_config() == {'input_shape': (None, 4)}
    assert [tuple(w.shape) for w in dense.weights] == [(4, 3), (3,)]


def test_a_structure_of_tensors_gives_its_shapes_and_a_mixed_one_none():
    crossing = keras.layers.HashedCrossing(4)
    crossing((tf.constant([1, 2]), tf.constant(['a', 'b'])))
    assert crossing.get_build_config() == {'input_shape': ((2,), (2,))}
    crossing = keras.layers.HashedCrossing(4)
    crossing([tf.constant([1, 2]), tf.constant(['a', 'b'])])
    assert crossing.get_build_config() == {'input_shape': [(2,), (2,)]}
    crossing = keras.layers.HashedCrossing(4)
    crossing((tf.constant([1, 2]), np.array(['a', 'b'])))
    assert crossing.get_build_config() == {'input_shape': None}
