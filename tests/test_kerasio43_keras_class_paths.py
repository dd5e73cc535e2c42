"""A built-in layer that cannot be rebuilt from a .keras file is printed by its place in keras.src, as TF
2.21 prints it: a TextVectorization given an unregistered standardize function, loaded without it
(progs/kerasio43/p23b.py), fails with TypeError "... Exception encountered: <class
'keras.src.layers.preprocessing.text_vectorization.TextVectorization'> could not be deserialized properly.
..."; tapeflow printed "<class 'layers.preprocessing.text_vectorization.TextVectorization'>" (only a
dozen common layers were mapped)."""
import pytest

import framework as tf
from framework import keras
from layers.keras_modules import keras_module_of


def raw_standardize(x):
    return tf.strings.lower(x)


def test_unregistered_standardize_names_keras_class_path(tmp_path):
    layer = keras.layers.TextVectorization(standardize=raw_standardize, name='tv')
    layer.adapt(tf.constant(['A b']))
    text = keras.Input((), dtype='string')
    keras.Model(text, layer(text)).save(str(tmp_path / 'tv.keras'))
    with pytest.raises(TypeError) as caught:
        keras.models.load_model(str(tmp_path / 'tv.keras'))
    assert ("Exception encountered: <class 'keras.src.layers.preprocessing.text_vectorization.TextVectorization'> "
            'could not be deserialized properly.') in str(caught.value)


@pytest.mark.parametrize('name, module', [      # as TF 2.21's keras.layers.<name>.__module__ prints them
    ('GlobalMaxPooling2D', 'keras.src.layers.pooling.global_max_pooling2d'),
    ('SpatialDropout2D', 'keras.src.layers.regularization.spatial_dropout'),
    ('RandomFlip', 'keras.src.layers.preprocessing.image_preprocessing.random_flip'),
    ('ReLU', 'keras.src.layers.activations.relu'),
    ('StackedRNNCells', 'keras.src.layers.rnn.stacked_rnn_cells'),
    ('Lambda', 'keras.src.layers.core.lambda_layer')])
def test_builtin_layer_modules(name, module):
    assert keras_module_of(getattr(keras.layers, name)) == module
