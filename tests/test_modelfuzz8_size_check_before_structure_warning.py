"""A functional model called on inputs nested otherwise than its Inputs AND of the wrong sizes raises
Keras 3's InputSpec error without first warning "The structure of `inputs` doesn't match the expected
structure." (Keras checks the spec in Layer.__call__, before call() warns); tapeflow warned, then raised.

Golden texts printed by TF 2.21 / Keras 3.15 with
    a = keras.Input((3,), name='a'); b = keras.Input((2,), name='b')
    m = keras.Model({'a': a, 'b': b}, keras.layers.Dense(1, kernel_initializer='ones')(keras.layers.concatenate([a, b])))
    m([B, A]) / m.predict([B, A]) / m({'a': B, 'b': B, 'c': A}) / m([A, B])   # A (4, 3), B (4, 2) ones
"""
import warnings

import numpy as np
import pytest

from framework import keras

A = np.ones((4, 3), 'float32')
B = np.ones((4, 2), 'float32')
STRUCTURE = "The structure of `inputs` doesn't match the expected structure."


def _dict_model():
    keras.backend.clear_session()
    a = keras.Input((3,), name='a')
    b = keras.Input((2,), name='b')
    joined = keras.layers.concatenate([a, b])
    return keras.Model({'a': a, 'b': b}, keras.layers.Dense(1, kernel_initializer='ones')(joined))


def _warnings_and_error(call):
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter('always')
        with pytest.raises(ValueError) as info:
            call()
    return [str(w.message) for w in caught], str(info.value)


@pytest.mark.parametrize('call', [lambda m: m([B, A]), lambda m: m((B, A)),
                                  lambda m: m.predict([B, A], verbose=0), lambda m: m({'a': B, 'b': B, 'c': A})],
                         ids=['list', 'tuple', 'predict', 'dict-extra-key'])
def test_reversed_inputs_raise_without_the_structure_warning(call):
    model = _dict_model()
    shown, error = _warnings_and_error(lambda: call(model))
    assert not [text for text in shown if text.startswith(STRUCTURE)]
    # TF 2.21's text
    assert error.startswith("Input 0 with name 'a' of layer 'functional' is incompatible with the layer: "
                            "expected shape=(None, 3), found shape=(4, 2)")


def test_one_input_model_given_a_bare_tensor_of_another_width():
    keras.backend.clear_session()
    a = keras.Input((3,), name='a')
    model = keras.Model([a], a)
    shown, error = _warnings_and_error(lambda: model(B))
    assert not [text for text in shown if text.startswith(STRUCTURE)]
    assert error.startswith("Input 0 with name 'a' of layer 'functional' is incompatible with the layer: "
                            "expected shape=(None, 3), found shape=(4, 2)")


def test_inputs_of_the_right_sizes_still_warn_and_run():
    model = _dict_model()
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter('always')
        out = model.predict([A, B], verbose=0)
    # TF 2.21: [5. 5. ...] and the warning naming the tuple it read
    assert out.ravel().tolist() == [5.0] * 4
    assert [str(w.message) for w in caught if str(w.message).startswith(STRUCTURE)] == [
        STRUCTURE + "\nExpected: {'a': 'a', 'b': 'b'}\nReceived: inputs=('Tensor(shape=(4, 3))', 'Tensor(shape=(4, 2))')"]
