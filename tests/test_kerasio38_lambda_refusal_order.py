"""A Lambda's code is refused in safe mode where Keras 3's in-order deserialization meets it.

TF 2.21 / Keras 3.15 (/work/notes/progs/kerasio38/p7.py, p3.py): loading a model whose unknown
custom layer class (or a Dense whose activation function is not in custom_objects) comes *before*
a Lambda holding a Python lambda reports that earlier failure ("Could not locate class 'Scale'",
"Could not locate function 'my_act'", legacy .h5: "Unknown layer: 'Scale'"); only a Lambda met
first gives the Lambda ValueError. tapeflow used to refuse every Lambda before building anything.
"""
import numpy as np
import pytest

from framework import keras

L = keras.layers


class Scale(L.Layer):           # deliberately not registered
    def call(self, x):
        return x * 2.0


def my_act(x):                   # deliberately not registered
    return x * 0.5


def _model(kind):
    keras.backend.clear_session()
    inp = keras.Input((3,), name='x')
    lam = L.Lambda(lambda t: t * 2.0, name='lam')
    if kind == 'class_then_lambda':
        out = lam(Scale(name='sc')(inp))
    elif kind == 'fn_then_lambda':
        out = lam(L.Dense(3, activation=my_act, name='d')(inp))
    elif kind == 'lambda_then_class':
        out = Scale(name='sc')(lam(inp))
    elif kind == 'nested_lambda_after_class':
        out = keras.Sequential([L.Lambda(lambda t: t + 1, name='lam2')], name='sub')(Scale(name='sc')(inp))
    return keras.Model(inp, out, name='m')


LAMBDA_TEXT = 'Requested the deserialization of a `Lambda` layer whose `function` is a Python lambda.'


@pytest.mark.parametrize('kind', ['class_then_lambda', 'nested_lambda_after_class'])
def test_unknown_class_before_a_lambda_is_reported_first(tmp_path, kind):
    model = _model(kind)
    model.save(tmp_path / 'm.keras')
    model.save(tmp_path / 'm.h5')
    with pytest.raises(TypeError, match="Could not locate class 'Scale'"):
        keras.models.load_model(tmp_path / 'm.keras')
    with pytest.raises(TypeError, match="Could not locate class 'Scale'"):
        keras.models.model_from_json(model.to_json())
    with pytest.raises(ValueError, match="Unknown layer: 'Scale'"):
        keras.models.load_model(tmp_path / 'm.h5')


def test_unknown_activation_before_a_lambda_is_reported_first(tmp_path):
    model = _model('fn_then_lambda')
    model.save(tmp_path / 'm.keras')
    model.save(tmp_path / 'm.h5')
    with pytest.raises(TypeError, match="Could not locate function 'my_act'") as info:
        keras.models.load_model(tmp_path / 'm.keras')
    assert str(info.value).startswith("<class 'keras.src.models.functional.Functional'> could not be deserialized")
    with pytest.raises(TypeError, match="Error when deserializing class 'Dense'"):
        keras.models.load_model(tmp_path / 'm.h5')


def test_a_lambda_met_first_is_refused_with_the_file_named(tmp_path):
    model = _model('lambda_then_class')
    model.save(tmp_path / 'm.keras')
    with pytest.raises(ValueError) as info:
        keras.models.load_model(tmp_path / 'm.keras')
    assert str(info.value).startswith(LAMBDA_TEXT)
    assert info.value.__notes__ == [info.value.__notes__[0]] and "Lambda layer(s) ['lam']" in info.value.__notes__[0]
    assert str(tmp_path / 'm.keras') in info.value.__notes__[0]
    # with safe mode off the Lambda loads and the unknown class after it is what fails
    with pytest.raises(TypeError, match="Could not locate class 'Scale'"):
        keras.models.load_model(tmp_path / 'm.keras', safe_mode=False)


def test_everything_known_and_safe_mode_off_loads(tmp_path):
    model = _model('class_then_lambda')
    model.save(tmp_path / 'm.keras')
    loaded = keras.models.load_model(tmp_path / 'm.keras', custom_objects={'Scale': Scale}, safe_mode=False)
    x = np.arange(6, dtype='float32').reshape(2, 3)
    np.testing.assert_array_equal(loaded.predict(x, verbose=0), x * 4.0)
