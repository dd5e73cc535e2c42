"""A model class with its own ``compile`` is not compiled by ``compile_from_config``: Keras 3 cannot
know a custom compile's signature, so it warns "`compile()` was not called as part of model loading
because the model's `compile()` method is custom. ..." and leaves the model uncompiled, whether
called by the user, model_from_json, deserialize_keras_object, clone_model or load_model; and
clone_model keeps a functional subclass's class when its __init__ takes Functional's arguments (or
*args, **kwargs). Values printed by TF 2.21 (notes progs/kerasio39/p18.py, p19.py, d.py, e.py)."""
import warnings

import pytest

import framework as tf  # noqa: F401
from framework import keras
from layers.training.trainer import CUSTOM_COMPILE_NOT_CALLED

L = keras.layers
CALLS = []


class CM(keras.Model):
    def compile(self, optimizer='adam', **kwargs):
        CALLS.append(sorted(kwargs))
        super().compile(optimizer=optimizer, **kwargs)


class TS(keras.Model):
    def train_step(self, data):
        return super().train_step(data)


class ArgsKw(keras.Model):
    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)


class Extra(keras.Model):
    def __init__(self, inputs, outputs, extra=1, **kwargs):
        super().__init__(inputs, outputs, **kwargs)
        self.extra = extra


def _compiled(cls):
    inputs = keras.Input((3,))
    model = cls(inputs, L.Dense(2)(inputs), name='orig')
    model.compile(optimizer=keras.optimizers.SGD(0.1), loss=keras.losses.MeanSquaredError())
    return model


def _ours(caught):
    return [w for w in caught if str(w.message) == CUSTOM_COMPILE_NOT_CALLED]


def test_compile_from_config_warns_and_leaves_a_custom_compile_uncalled():
    config = _compiled(CM).get_compile_config()
    CALLS.clear()
    inputs = keras.Input((3,))
    model = CM(inputs, L.Dense(2)(inputs))
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter('always')
        assert model.compile_from_config(config) is None
    assert [w.filename for w in _ours(caught)] == [__file__]      # Keras's stacklevel=2: the caller's line
    assert CALLS == [] and not model.compiled                     # TF 2.21: compiled False


@pytest.mark.parametrize('rebuild', ['model_from_json', 'deserialize_keras_object', 'clone_model'])
def test_rebuilt_models_do_not_call_a_custom_compile(rebuild):
    model = _compiled(CM)
    CALLS.clear()
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter('always')
        with keras.utils.custom_object_scope({'CM': CM}):
            if rebuild == 'model_from_json':
                copy = keras.models.model_from_json(model.to_json())
            elif rebuild == 'deserialize_keras_object':
                copy = keras.utils.deserialize_keras_object(keras.utils.serialize_keras_object(model))
            else:
                copy = keras.models.clone_model(model)
    assert type(copy).__name__ == 'CM'
    assert CALLS == []
    assert len(_ours(caught)) == 1 and _ours(caught)[0].filename != __file__     # warned inside the library


def test_load_model_warns_from_the_library(tmp_path):
    _compiled(CM).save(tmp_path / 'cm.keras')
    CALLS.clear()
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter('default')         # Python's default: once per place that warns
        for _ in range(2):
            loaded = keras.models.load_model(tmp_path / 'cm.keras', custom_objects={'CM': CM})
            keras.models.load_model(tmp_path / 'cm.keras', custom_objects={'CM': CM})
    assert CALLS == [] and type(loaded).__name__ == 'CM'
    assert len(_ours(caught)) == 1


@pytest.mark.parametrize('cls, cloned_as', [(TS, 'TS'), (ArgsKw, 'ArgsKw'), (Extra, 'Functional')])
def test_clone_keeps_a_functional_like_subclass(cls, cloned_as):
    copy = keras.models.clone_model(_compiled(cls))
    assert (type(copy).__name__, copy.name, copy.compiled, type(copy.optimizer).__name__) == \
        (cloned_as, 'orig', True, 'SGD')
