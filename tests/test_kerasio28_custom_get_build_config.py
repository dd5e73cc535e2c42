"""A user's ``get_build_config`` override is written whatever the layer's state, as Keras 3 writes it.

Keras 3's serialize_keras_object stores any non-None ``get_build_config()``; tapeflow asked only
built layers of the classes Keras records shapes for, so an unbuilt custom layer, or a custom
Dropout (a layer Keras marks built when made), lost the dict its own method returns.

Values: TF 2.21 / Keras 3.15 (/work/notes/progs/kerasio28/s05b_buildcfg.py).
"""
from framework import keras


class Gate(keras.layers.Layer):
    def build(self, input_shape):
        self.k = self.add_weight(shape=(input_shape[-1], 2), name='kernel')

    def call(self, x):
        return x @ self.k

    def get_build_config(self):
        return {'input_shape': [None, 4], 'note': 'custom'}


class Drop(keras.layers.Dropout):
    def get_build_config(self):
        return {'extra': 1}


class Plain(keras.layers.Layer):
    def call(self, x):
        return x


def test_unbuilt_custom_layer_keeps_its_build_config():
    config = keras.saving.serialize_keras_object(Gate(name='g'))
    assert config['build_config'] == {'input_shape': [None, 4], 'note': 'custom'}
    assert keras.layers.serialize(Gate())['build_config'] == {'input_shape': [None, 4], 'note': 'custom'}


def test_dropout_subclass_override_is_written():
    assert keras.saving.serialize_keras_object(Drop(0.5, name='d'))['build_config'] == {'extra': 1}


def test_layers_without_override_keep_keras_rule():
    assert 'build_config' not in keras.saving.serialize_keras_object(Plain(name='p'))
    model = keras.Sequential([keras.Input((4,)), Drop(0.5, name='d'), Plain(name='p'), Gate(name='g')])
    written = [(c['class_name'], c.get('build_config')) for c in model.get_config()['layers']]
    assert written == [('InputLayer', None), ('Drop', {'extra': 1}), ('Plain', {'input_shape': (None, 4)}),
                       ('Gate', {'input_shape': [None, 4], 'note': 'custom'})]
