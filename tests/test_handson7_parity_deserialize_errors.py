"""Keras 3's deserialization errors, as TensorFlow 2.21 raises them (progs/handson7/x11.py, p14.py):
``Layer.from_config`` wraps any error of ``cls(**config)`` in a TypeError naming the class and the
config (dtype policies shown by name), and loading wraps a TypeError once more per level
('<class ...> could not be deserialized properly'). Géron's ch. 18 clones its DQN with
``keras.models.clone_model``, which goes through ``from_config``: a custom layer whose
``__init__`` takes no ``**kwargs`` fails there."""
import numpy as np
import pytest

from framework import keras


class NoKwargs(keras.layers.Layer):
    def __init__(self, units):
        super().__init__()
        self.units = units

    def call(self, x):
        return x * 2


def test_from_config_wraps_the_constructor_error():
    with pytest.raises(TypeError) as info:
        NoKwargs.from_config({'units': 3, 'trainable': True, 'dtype': 'float32'})
    assert str(info.value) == ("Error when deserializing class 'NoKwargs' using config={'units': 3, 'trainable': True, "
                               "'dtype': 'float32'}.\n\nException encountered: NoKwargs.__init__() got an unexpected "
                               "keyword argument 'trainable'")
    # (raised while handling it, without `from`: its context, not its cause, as Keras 3's; kerasexamples15/p14)
    assert info.value.__cause__ is None and isinstance(info.value.__context__, TypeError)


def test_from_config_wraps_value_errors_and_names_the_policy():
    with pytest.raises(TypeError) as info:
        keras.layers.Dense.from_config({'units': -3, 'dtype': {'module': 'keras', 'class_name': 'DTypePolicy',
                                                               'config': {'name': 'float32'}, 'registered_name': None}})
    # (Keras 3's Dense.from_config adds its quantization_config entry before the constructor runs)
    assert str(info.value) == ("Error when deserializing class 'Dense' using config={'units': -3, 'dtype': 'float32', "
                               "'quantization_config': None}."
                               "\n\nException encountered: Received an invalid value for `units`, expected a positive "
                               "integer. Received: units=-3")


def test_clone_model_of_a_layer_without_kwargs():
    model = keras.Sequential([keras.layers.Input(shape=[2]), NoKwargs(3)])
    with pytest.raises(TypeError, match=r"^Error when deserializing class 'NoKwargs' using config=\{'units': 3, "
                                        r"'trainable': True, 'dtype': 'float32'\}\.\n\nException encountered: "):
        keras.models.clone_model(model)
    target = keras.models.clone_model(keras.Sequential([keras.layers.Input(shape=[4]), keras.layers.Dense(2)]))
    assert [w.shape for w in target.weights] == [(4, 2), (2,)]


def test_load_model_wraps_once_per_level(tmp_path):
    model = keras.Sequential([keras.layers.Input(shape=[2]), NoKwargs(3)])
    path = str(tmp_path / 'm.keras')
    model.save(path)
    with pytest.raises(TypeError) as info:
        keras.models.load_model(path, custom_objects={'NoKwargs': NoKwargs})
    text = str(info.value)
    assert text.count('could not be deserialized properly. Please ensure that components that are Python object '
                      'instances (layers, models, etc.) returned by `get_config()` are explicitly deserialized in '
                      "the model's `from_config()` method.\n\nconfig={") == 2
    assert "Exception encountered: <class '%s.NoKwargs'> could not be deserialized properly." % __name__ in text
    assert text.endswith("Exception encountered: Error when deserializing class 'NoKwargs' using config={'units': 3, "
                         "'trainable': True, 'dtype': 'float32'}.\n\nException encountered: NoKwargs.__init__() got "
                         "an unexpected keyword argument 'trainable'")
    np.testing.assert_array_equal(model(np.ones((1, 2), np.float32)).numpy(), [[2.0, 2.0]])


class NoKwargsModel(keras.Model):
    def __init__(self):
        super().__init__()
        self.d = keras.layers.Dense(2)

    def call(self, x):
        return self.d(x)


def test_model_from_config_uses_keras_models_words():
    # TF 2.21 (progs/handson7/p14.py): Model.from_config passes the config as it is (the dtype policy
    # as a dict) and wraps a TypeError in its own text
    config = {'trainable': True, 'dtype': {'module': 'keras', 'class_name': 'DTypePolicy',
                                           'config': {'name': 'float32'}, 'registered_name': None}}
    with pytest.raises(TypeError) as info:
        NoKwargsModel.from_config(config)
    assert str(info.value) == (
        "Unable to revive model from config. When overriding the `get_config()` method, make sure that the returned "
        "config contains all items used as arguments in the  constructor to <class '%s.NoKwargsModel'>, which is "
        "the default behavior. You can override this default behavior by defining a `from_config(cls, config)` class "
        "method to specify how to create an instance of NoKwargsModel from its config.\n\nReceived config=%s\n\n"
        "Error encountered during deserialization: NoKwargsModel.__init__() got an unexpected keyword argument "
        "'trainable'" % (__name__, config))


def test_clone_model_of_a_subclassed_model_wraps_it_once_more():
    model = NoKwargsModel()
    model(np.ones((1, 4), np.float32))
    wanted = (r"^<class '%s\.NoKwargsModel'> could not be deserialized properly\. "
              r"(.|\n)*Exception encountered: Unable to revive model from config\." % __name__)
    with pytest.raises(TypeError, match=wanted):
        keras.models.clone_model(model)
