"""A model saved with a user's function as initializer, regularizer, constraint or activation, loaded
without it. TF 2.21 / Keras 3.15 (texts below, printed by progs/kerasio33/r25*.py):

- keras.initializers / regularizers / constraints .deserialize hand back the unfound function's name
  (Keras's deserialize with a module table), so their ``get`` raises "Could not interpret initializer
  identifier: {...}" (activations.get raises "Could not locate function" itself);
- load_model's error names the built-in layer that failed by its class in keras.src
  (``<class 'keras.src.layers.core.dense.Dense'>``).
"""
import pytest

import framework as tf  # noqa: F401
from framework import keras


def my_init(shape, dtype=None):
    return keras.ops.ones(shape, dtype=dtype)


def my_act(x):
    return x * 2


def _config(name):
    return {'module': 'builtins', 'class_name': 'function', 'config': name, 'registered_name': 'function'}


@pytest.mark.parametrize('family, kind', [(keras.initializers, 'initializer'), (keras.regularizers, 'regularizer'),
                                          (keras.constraints, 'constraint')])
def test_deserialize_gives_the_name_and_get_cannot_interpret_it(family, kind):
    assert family.deserialize(_config('my_init')) == 'my_init'
    with pytest.raises(ValueError) as info:
        family.get(_config('my_init'))
    assert str(info.value) == ("Could not interpret %s identifier: {'module': 'builtins', 'class_name': 'function', "
                               "'config': 'my_init', 'registered_name': 'function'}" % kind)


def test_registered_or_scoped_functions_are_still_found():
    with keras.saving.custom_object_scope({'my_init': my_init}):
        assert keras.initializers.get(_config('my_init')) is my_init
    assert keras.initializers.deserialize(_config('my_init')) == 'my_init'


def test_activation_get_still_cannot_locate_the_function():
    with pytest.raises(TypeError, match="^Could not locate function 'my_init'"):
        keras.activations.get(_config('my_init'))


def _load_error(model, tmp_path):
    model.save(tmp_path / 'm.keras')
    with pytest.raises(TypeError) as info:
        keras.models.load_model(tmp_path / 'm.keras')
    return str(info.value)


def test_load_model_with_an_unfound_regularizer(tmp_path):
    model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(2, kernel_regularizer=my_init)])
    text = _load_error(model, tmp_path)
    assert text.startswith("<class 'keras.src.models.sequential.Sequential'> could not be deserialized properly.")
    assert "\n\nException encountered: <class 'keras.src.layers.core.dense.Dense'> could not be deserialized " \
           "properly." in text
    assert text.endswith("\n\nException encountered: Could not interpret regularizer identifier: {'module': "
                         "'builtins', 'class_name': 'function', 'config': 'my_init', 'registered_name': 'function'}")


@pytest.mark.parametrize('layer, keras_class', [
    (lambda: keras.layers.Conv2D(2, 3, activation=my_act), 'keras.src.layers.convolutional.conv2d.Conv2D'),
    (lambda: keras.layers.LSTM(2, recurrent_activation=my_act), 'keras.src.layers.rnn.lstm.LSTM'),
    (lambda: keras.layers.Embedding(5, 2, embeddings_initializer=my_init), 'keras.src.layers.core.embedding.Embedding'),
    (lambda: keras.layers.Activation(my_act), 'keras.src.layers.activations.activation.Activation'),
])
def test_the_failed_layer_is_named_by_its_keras_class(tmp_path, layer, keras_class):
    shape = {'Conv2D': (5, 5, 1), 'LSTM': (4, 3)}.get(keras_class.rsplit('.', 1)[1], (4,))
    text = _load_error(keras.Sequential([keras.Input(shape), layer()]), tmp_path)
    assert "\n\nException encountered: <class '%s'> could not be deserialized properly." % keras_class in text
