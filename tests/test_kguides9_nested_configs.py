"""A custom layer's get_config may hold layers and Keras objects: Keras 3 serializes those
values too (serialization_lib.serialize_dict), as the saving guide's MyDense / CustomModel show.

Goldens are the dicts TF 2.21 + Keras 3 print for the same code (keras-io
guides/serialization_and_saving, run with synthetic shapes).
"""
import pytest

from framework import keras


@pytest.fixture
def registered():
    objects = keras.saving.get_custom_objects()
    before = dict(objects)

    @keras.saving.register_keras_serializable(package='KG9Layers', name='KernelMult')
    class MyDense(keras.layers.Layer):
        def __init__(self, units, *, kernel_regularizer=None, kernel_initializer=None, nested_model=None,
                     **kwargs):
            super().__init__(**kwargs)
            self.hidden_units = units
            self.kernel_regularizer = kernel_regularizer
            self.kernel_initializer = kernel_initializer
            self.nested_model = nested_model

        def get_config(self):
            config = super().get_config()
            config.update({'units': self.hidden_units, 'kernel_regularizer': self.kernel_regularizer,
                           'kernel_initializer': self.kernel_initializer, 'nested_model': self.nested_model})
            return config

        def build(self, input_shape):
            self.kernel = self.add_weight(name='kernel', shape=(input_shape[-1], self.hidden_units),
                                          regularizer=self.kernel_regularizer, initializer=self.kernel_initializer)

        def call(self, inputs):
            return keras.ops.matmul(inputs, self.kernel)

    @keras.saving.register_keras_serializable(package='KG9Models')
    class TwoLayers(keras.layers.Layer):
        def __init__(self, first_layer, second_layer=None, **kwargs):
            super().__init__(**kwargs)
            self.first_layer = first_layer
            self.second_layer = second_layer if second_layer is not None else keras.layers.Dense(8, name='second')

        def get_config(self):
            config = super().get_config()
            config.update({'first_layer': self.first_layer, 'second_layer': self.second_layer})
            return config

        @classmethod
        def from_config(cls, config):
            config['first_layer'] = keras.layers.deserialize(config['first_layer'])
            config['second_layer'] = keras.layers.deserialize(config['second_layer'])
            return cls(**config)

        def call(self, inputs):
            return self.first_layer(self.second_layer(inputs))

    yield MyDense, TwoLayers
    objects.clear()
    objects.update(before)


_POLICY = {'module': 'keras', 'class_name': 'DTypePolicy', 'config': {'name': 'float32'}, 'registered_name': None}


def test_a_layer_in_a_config_is_its_own_config_dict(registered):
    MyDense, _ = registered
    inner = MyDense(units=16, kernel_regularizer='l1', kernel_initializer='ones', name='inner')
    outer = MyDense(units=64, nested_model=inner, name='outer')
    config = keras.layers.serialize(outer)
    # TF 2.21 prints exactly this (names aside: the guide's are my_dense / my_dense_1; its module is
    # None there, the class being defined in __main__)
    module = MyDense.__module__
    assert config == {
        'module': module, 'class_name': 'MyDense',
        'config': {'name': 'outer', 'trainable': True, 'dtype': _POLICY, 'units': 64, 'kernel_regularizer': None,
                   'kernel_initializer': None,
                   'nested_model': {'module': module, 'class_name': 'MyDense',
                                    'config': {'name': 'inner', 'trainable': True, 'dtype': _POLICY, 'units': 16,
                                               'kernel_regularizer': 'l1', 'kernel_initializer': 'ones',
                                               'nested_model': None},
                                    'registered_name': 'KG9Layers>KernelMult'}},
        'registered_name': 'KG9Layers>KernelMult'}
    # the default from_config (cls(**config)) hands the nested dict over as it is, as in Keras 3
    again = keras.layers.deserialize(config)
    assert isinstance(again, MyDense) and again.nested_model['class_name'] == 'MyDense'


def test_keras_objects_in_a_config_are_serialized(registered):
    MyDense, _ = registered
    layer = MyDense(units=16, kernel_regularizer=keras.regularizers.L1L2(l1=1e-5, l2=1e-4), kernel_initializer='ones')
    assert keras.layers.serialize(layer)['config']['kernel_regularizer'] == {
        'module': 'keras.regularizers', 'class_name': 'L1L2', 'config': {'l1': 1e-05, 'l2': 0.0001},
        'registered_name': None}


def test_a_functional_model_of_nested_layers_round_trips(registered):
    MyDense, TwoLayers = registered
    inner = MyDense(units=16, kernel_regularizer='l1', kernel_initializer='ones', name='inner')
    inputs = keras.Input((32,))
    model = keras.Model(inputs, TwoLayers(first_layer=inner)(inputs))
    config = model.get_config()
    entry = config['layers'][1]['config']
    # built sublayers carry their build_config, as TF's print shows
    assert entry['first_layer']['build_config'] == {'input_shape': (None, 8)}
    assert entry['second_layer']['class_name'] == 'Dense' and entry['second_layer']['config']['units'] == 8
    assert entry['second_layer']['build_config'] == {'input_shape': (None, 32)}
    rebuilt = keras.Model.from_config(config)     # was TypeError: 'MyDense' object is not subscriptable
    assert tuple(rebuilt(keras.ops.ones((1, 32))).shape) == (1, 16) and len(rebuilt.weights) == 3
