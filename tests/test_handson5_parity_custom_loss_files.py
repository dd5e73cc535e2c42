"""A model compiled with a user's loss or metric (Hands-On ML ch. 12: huber_fn, HuberLoss),
saved as .keras and loaded without custom_objects, fails as Keras 3.15 fails.

Checked with TensorFlow 2.21 + Keras 3.15: such a file's compile_config names an
unregistered Loss subclass with 'module' None (a script's __main__, else its module) and
'registered_name' the bare class name, and ``load_model`` raises a plain TypeError, 'Could not
locate class 'HuberLoss'. Make sure custom classes and functions are decorated with
`@keras.saving.register_keras_serializable()`. If they are already decorated, make sure they
are all imported so that the decorator is run before trying to load them. Full object config:
{...}' ('Could not locate function 'huber_fn'...' for a function). tapeflow raised its
SavedFileError, a ValueError, which a TensorFlow program's ``except TypeError`` misses.
"""
import json
import zipfile

import numpy as np
import pytest

import framework as tf
from framework import keras

KERAS_WORDS = ('Make sure custom classes and functions are decorated with '
               '`@keras.saving.register_keras_serializable()`. If they are already decorated, make sure they '
               'are all imported so that the decorator is run before trying to load them. Full object config: ')


def huber_fn(y_true, y_pred):
    error = y_true - y_pred
    return tf.where(tf.abs(error) < 1, tf.square(error) / 2, tf.abs(error) - 0.5)


class HuberLoss(keras.losses.Loss):
    def __init__(self, threshold=1.0, **kwargs):
        self.threshold = threshold
        super().__init__(**kwargs)

    def call(self, y_true, y_pred):
        return huber_fn(y_true, y_pred)

    def get_config(self):
        return {**super().get_config(), 'threshold': self.threshold}


def _saved(tmp_path, loss, metrics=('mae',)):
    model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(1)])
    model.compile(loss=loss, optimizer='sgd', metrics=list(metrics))
    path = str(tmp_path / 'model.keras')
    model.save(path)
    return path


def _compile_config(path):
    with zipfile.ZipFile(path) as archive:
        return json.loads(archive.read('config.json'))['compile_config']


def test_user_loss_class_is_written_with_its_module_and_bare_registered_name(tmp_path):
    keras.backend.clear_session()       # Keras numbers loss names per session: 'huber_loss_2' after two others
    entry = _compile_config(_saved(tmp_path, HuberLoss(2.0)))['loss']
    assert entry == {'module': __name__, 'class_name': 'HuberLoss',
                     'config': {'name': 'huber_loss', 'reduction': 'sum_over_batch_size', 'threshold': 2.0},
                     'registered_name': 'HuberLoss'}


def test_built_in_loss_class_keeps_keras_module(tmp_path):
    entry = _compile_config(_saved(tmp_path, keras.losses.Huber()))['loss']
    assert (entry['module'], entry['registered_name']) == ('keras.losses', None)


def test_unknown_loss_class_raises_keras_type_error(tmp_path):
    path = _saved(tmp_path, HuberLoss(2.0))
    with pytest.raises(TypeError) as info:
        keras.models.load_model(path)
    assert type(info.value) is TypeError
    assert str(info.value) == ("Could not locate class 'HuberLoss'. " + KERAS_WORDS +
                               repr(_compile_config(path)['loss']))


@pytest.mark.parametrize('where', ['loss', 'metrics'])
def test_unknown_loss_function_raises_keras_type_error(tmp_path, where):
    path = _saved(tmp_path, huber_fn) if where == 'loss' else _saved(tmp_path, 'mse', [huber_fn])
    with pytest.raises(TypeError) as info:
        keras.models.load_model(path)
    assert type(info.value) is TypeError
    assert str(info.value) == ("Could not locate function 'huber_fn'. " + KERAS_WORDS +
                               "{'module': 'builtins', 'class_name': 'function', 'config': 'huber_fn', "
                               "'registered_name': 'function'}")


def test_custom_objects_and_compile_false_still_load(tmp_path):
    path = _saved(tmp_path, HuberLoss(2.0))
    loaded = keras.models.load_model(path, custom_objects={'HuberLoss': HuberLoss})
    assert type(loaded.loss) is HuberLoss and loaded.loss.threshold == 2.0
    assert not keras.models.load_model(path, compile=False).compiled
    x = np.ones((2, 3), np.float32)
    np.testing.assert_array_equal(loaded.predict(x, verbose=0),
                                  keras.models.load_model(path, compile=False).predict(x, verbose=0))
