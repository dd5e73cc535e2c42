"""keras.models.clone_model's argument errors and non-model arguments, as Keras 3.15 (TF 2.21) has them.

Golden texts printed by TF 2.21 with /work/notes/progs/kerasio40/p9.py (addresses replaced by 0xADDR),
e.g. ``keras.models.clone_model(sub, clone_function=cf)`` for a subclassed model ``sub``.
"""
import re

import numpy as np
import pytest

from framework import keras

L = keras.layers


class Sub(keras.Model):
    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.d = L.Dense(2)

    def call(self, x):
        return self.d(x)


def _models():
    inputs = keras.Input((3,))
    functional = keras.Model(inputs, L.Dense(2)(inputs))
    sequential = keras.Sequential([keras.Input((3,)), L.Dense(2)])
    sub = Sub()
    sub(np.ones((1, 3), 'float32'))
    return functional, sequential, sub


def _text(call):
    with pytest.raises(Exception) as info:
        call()
    return type(info.value).__name__, re.sub(r'0x[0-9a-f]+', '0xADDR', str(info.value))


def copy_layer(layer):
    return type(layer).from_config(layer.get_config())


@pytest.mark.parametrize('which', [0, 1, 2])
def test_unknown_keywords_and_a_clone_function_that_is_not_callable(which):
    model = _models()[which]
    assert _text(lambda: keras.models.clone_model(model, foo=1, bar=2)) == (
        'ValueError', "Unexpected keyword argument(s): ('foo', 'bar')")
    if which < 2:
        assert _text(lambda: keras.models.clone_model(model, clone_function=3)) == (
            'TypeError', "'int' object is not callable")


def test_a_functional_clone_function_returning_a_non_callable():
    functional = _models()[0]
    assert _text(lambda: keras.models.clone_model(functional, clone_function=lambda layer: 3)) == (
        'TypeError', "'int' object is not callable")


def test_functional_input_tensors_nested_otherwise():
    functional = _models()[0]
    kind, text = _text(lambda: keras.models.clone_model(functional, input_tensors=[keras.Input((3,))]))
    assert kind == 'ValueError'
    assert text.startswith('`input_tensors` must have the same structure as model.input\n'
                           'Reference structure: <KerasTensor shape=(None, 3)')
    assert '\nReceived structure: [<KerasTensor shape=(None, 3)' in text


def test_sequential_call_function_text():
    sequential = _models()[1]
    assert _text(lambda: keras.models.clone_model(sequential, call_function=lambda layer, *a, **k: layer(*a, **k))) == (
        'ValueError', "`call_function` argument is not supported with Sequential models.  In a Sequential model, "
        "layers aren't called at model-construction time (they're merely listed). Use `call_function` with "
        "Functional models only. Received model of type 'Sequential', with "
        "call_function=<function _wrap_clone_function.<locals>.wrapped_clone_function at 0xADDR>")


def test_subclassed_model_texts():
    sub = _models()[2]
    assert _text(lambda: keras.models.clone_model(sub, clone_function=copy_layer)) == (
        'ValueError', "Arguments `clone_function` and `input_tensors` are only supported for Sequential models or "
        "Functional models. Received model of type 'Sub', with clone_function=<function copy_layer at 0xADDR> and "
        "input_tensors=None")
    assert _text(lambda: keras.models.clone_model(sub, call_function=lambda layer, *a: layer(*a))) == (
        'ValueError', "Argument `call_function` is only supported for Functional models. Received model of type "
        "'Sub', with call_function=None")
    # Keras 3 tests input_tensors' truth value: a lone KerasTensor refuses it, an empty list passes
    assert _text(lambda: keras.models.clone_model(sub, input_tensors=keras.Input((3,)))) == (
        'TypeError', 'A symbolic KerasTensor cannot be used as a boolean.')
    assert type(keras.models.clone_model(sub, input_tensors=[])) is Sub


def test_anything_else_is_rebuilt_from_its_config():
    # TF 2.21: OK int 3 / NoneType None / str dense; a Dense is a new unbuilt Dense of the same config
    assert keras.models.clone_model(3) == 3 and keras.models.clone_model(None) is None
    assert keras.models.clone_model('dense') == 'dense'
    dense = L.Dense(3, name='dd')
    dense.build((None, 2))
    copy = keras.models.clone_model(dense)
    assert type(copy) is L.Dense and copy is not dense and copy.name == 'dd' and copy.built
    optimizer = keras.models.clone_model(keras.optimizers.Adam(0.5))
    assert type(optimizer) is keras.optimizers.Adam and float(optimizer.learning_rate) == 0.5
