"""A subclassed model whose layers no longer fit its file: Keras 3's loader retries a failed layer
where the model's ``layers`` property reaches it again ('layers/dense', a path no file holds), and
its error keeps each object's last failure. So TF 2.21 / Keras 3.15's "Example error message" is the
count check on 0 saved variables, not the shape mismatch met first (texts below, printed by TF).
Functional and Sequential models reach their layers at one path only: their message is unchanged."""
import warnings

import numpy as np
import pytest

import framework as tf  # noqa: F401
from framework import keras


class Net(keras.Model):
    """The model of a user who changed ``hidden`` between the save and the load."""

    def __init__(self, hidden=4, **kwargs):
        super().__init__(**kwargs)
        self.hidden = hidden
        self.d1 = keras.layers.Dense(hidden)
        self.d2 = keras.layers.Dense(1)

    def call(self, x):
        return self.d2(self.d1(x))


class Blocks(keras.Model):
    """Layers in a list attribute and a nested Sequential."""

    def __init__(self, h=4, **kwargs):
        super().__init__(**kwargs)
        self.blocks = [keras.layers.Dense(h), keras.layers.Dense(h)]
        self.inner = keras.Sequential([keras.layers.Dense(h), keras.layers.Dense(2)])
        self.head = keras.layers.Dense(1)

    def call(self, x):
        for block in self.blocks:
            x = block(x)
        return self.head(self.inner(x))


X = np.linspace(0, 1, 12, dtype='float32').reshape(4, 3)


def _built(model):
    model(X)
    return model


def _raised(load):
    with pytest.raises(ValueError) as info:
        load()
    return str(info.value)


def test_keras_file_of_a_changed_subclassed_model_names_the_retry(tmp_path):
    keras.backend.clear_session()
    saved = _built(Net(5))
    saved.compile('adam', 'mse')
    saved.fit(X, np.ones((4, 1)), verbose=0)
    saved.save(tmp_path / 'n.keras')
    keras.backend.clear_session()       # the loaded model's layers are dense, dense_1 as in TF's run
    text = _raised(lambda: keras.models.load_model(tmp_path / 'n.keras', custom_objects={'Net': Net}))
    assert text.startswith(
        "A total of 3 objects could not be loaded. Example error message for object <Dense name=dense, built=True>:"
        "\n\nLayer 'dense' expected 2 variables, but received 0 variables during loading. Expected: ['kernel', "
        "'bias']\n\nList of objects that could not be loaded:\n[<Dense name=dense, built=True>, <Dense name=dense_1, "
        "built=True>, <keras.src.optimizers.adam.Adam object at 0x")


def test_weights_file_error_and_skip_mismatch_warning(tmp_path):
    keras.backend.clear_session()
    _built(Blocks(4)).save_weights(tmp_path / 'b.weights.h5')
    model = _built(Blocks(5))          # dense_5 .. dense_9: all but the head no longer fit
    before = [w.numpy().copy() for w in model.weights]
    expected = ("A total of 4 objects could not be loaded. Example error message for object <Dense name=dense_5, "
                "built=True>:\n\nLayer 'dense_5' expected 2 variables, but received 0 variables during loading. "
                "Expected: ['kernel', 'bias']\n\nList of objects that could not be loaded:\n[<Dense name=dense_5, "
                "built=True>, <Dense name=dense_6, built=True>, <Dense name=dense_7, built=True>, <Dense "
                "name=dense_8, built=True>]")
    assert _raised(lambda: model.load_weights(tmp_path / 'b.weights.h5')) == expected
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter('always')
        model.load_weights(tmp_path / 'b.weights.h5', skip_mismatch=True)
    assert [str(w.message) for w in caught if w.category is not DeprecationWarning] == [expected]
    changed = [not np.array_equal(a, w.numpy()) for a, w in zip(before, model.weights)]
    assert changed == [False] * 8 + [True, False]       # only the head still fits (its bias stays 0)


def test_functional_model_keeps_the_shape_mismatch_text(tmp_path):
    keras.backend.clear_session()

    def functional(units):
        inputs = keras.Input((3,))
        return keras.Model(inputs, keras.layers.Dense(1)(keras.layers.Dense(units)(inputs)))   # Dense(1) named first

    functional(4).save_weights(tmp_path / 'f.weights.h5')
    model = functional(5)
    with warnings.catch_warnings():
        warnings.simplefilter('ignore')         # (its "Skipping nested container" warnings)
        text = _raised(lambda: model.load_weights(tmp_path / 'f.weights.h5'))
    assert text.endswith('\n\nList of objects that could not be loaded:\n[<Dense name=dense_3, built=True>, '
                         '<Dense name=dense_2, built=True>]')
    assert text.startswith(
        'A total of 2 objects could not be loaded. Example error message for object <Dense name=dense_3, '
        'built=True>:\n\nThe shape of the target variable and the shape of the target value in '
        '`variable.assign(value)` must match. variable.shape=(3, 5), Received: value.shape=(3, 4).')
