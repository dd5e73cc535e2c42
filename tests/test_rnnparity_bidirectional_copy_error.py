"""Bidirectional around a layer that takes no go_backwards: Keras 3 deserializes the layer's
serialized config with go_backwards=True, and the TypeError comes wrapped as its
deserialize_keras_object wraps it (text printed by TF 2.21, progs/rnnparity/r18_errs.py; only the
class's module path differs: keras.src.layers.core.dense there). tapeflow gave the inner text alone."""
import pytest

from framework import keras
from framework.keras import layers

EXPECTED_TAIL = (
    "could not be deserialized properly. Please ensure that components that are Python object instances "
    "(layers, models, etc.) returned by `get_config()` are explicitly deserialized in the model's "
    "`from_config()` method.\n\nconfig={'module': 'keras.layers', 'class_name': 'Dense', 'config': "
    "{'name': 'backward_dense', 'trainable': True, 'dtype': {'module': 'keras', 'class_name': 'DTypePolicy', "
    "'config': {'name': 'float32'}, 'registered_name': None}, 'units': 3, 'activation': 'linear', "
    "'use_bias': True, 'kernel_initializer': {'module': 'keras.initializers', 'class_name': 'GlorotUniform', "
    "'config': {'seed': None, 'input_axes': None, 'output_axes': None}, 'registered_name': None}, "
    "'bias_initializer': {'module': 'keras.initializers', 'class_name': 'Zeros', 'config': {}, "
    "'registered_name': None}, 'kernel_regularizer': None, 'bias_regularizer': None, 'kernel_constraint': None, "
    "'bias_constraint': None, 'quantization_config': None, 'go_backwards': True}, 'registered_name': None}.\n\n"
    "Exception encountered: Error when deserializing class 'Dense' using config={'name': 'backward_dense', "
    "'trainable': True, 'dtype': 'float32', 'units': 3, 'activation': 'linear', 'use_bias': True, "
    "'kernel_initializer': {'module': 'keras.initializers', 'class_name': 'GlorotUniform', 'config': "
    "{'seed': None, 'input_axes': None, 'output_axes': None}, 'registered_name': None}, 'bias_initializer': "
    "{'module': 'keras.initializers', 'class_name': 'Zeros', 'config': {}, 'registered_name': None}, "
    "'kernel_regularizer': None, 'bias_regularizer': None, 'kernel_constraint': None, 'bias_constraint': None, "
    "'quantization_config': None, 'go_backwards': True}.\n\nException encountered: Unrecognized keyword "
    "arguments passed to Dense: {'go_backwards': True}")


def test_bidirectional_of_dense_wraps_the_type_error_as_keras():
    keras.backend.clear_session()       # the layer's name is 'dense', as in the probe
    with pytest.raises(TypeError) as info:
        layers.Bidirectional(layers.Dense(3))
    text = str(info.value)
    assert text.startswith('<class ') and text.endswith(EXPECTED_TAIL)
