"""A dict of inputs keyed by an unnamed Input's layer name ('input_layer') is refused in Keras 3.15's words.

Keras 3's Functional._standardize_inputs reads a dict given to a model whose Inputs are not a dict by the
Inputs' tensor names ('keras_tensor...' for an unnamed Input, whose layer shows as 'input_layer' in
summary()). Without those names it raises its structure ValueError, wrapped as an exception 'encountered
when calling Functional.call()'. Goldens: TF 2.21 + Keras 3.15 running /work/notes/progs/fithist/t_struct.py.
"""
import numpy as np
import pytest

from framework import keras

X = np.ones((5, 3), 'float32')


def model_of_one_unnamed_input():
    inputs = keras.Input((3,))
    return keras.Model(inputs, keras.layers.Dense(1)(inputs)), inputs


@pytest.mark.parametrize('call', [lambda m, key: m.predict({key: X}, verbose=0), lambda m, key: m({key: X})])
def test_a_dict_by_layer_name_is_refused_with_the_structure_sentence(call):
    model, inputs = model_of_one_unnamed_input()
    layer_name = model.layers[0].name       # 'input_layer' in a fresh process
    with pytest.raises(ValueError) as info:
        call(model, layer_name)
    text = str(info.value)
    assert text.startswith('Exception encountered when calling Functional.call().')
    assert ("The structure of `inputs` doesn't match the expected structure.\nExpected: %s\n"
            "Received: inputs={'%s': 'Tensor(shape=(5, 3))'}" % (inputs.name, layer_name)) in text


def test_a_dict_by_tensor_name_is_refused_by_the_input_spec_first():
    model, inputs = model_of_one_unnamed_input()
    layer_name = model.layers[0].name
    with pytest.raises(ValueError) as info:
        model({inputs.name: X})
    assert str(info.value) == ('Missing data for input "%s". You passed a data dictionary with keys [\'%s\']. '
                               "Expected the following keys: ['%s']" % (layer_name, inputs.name, layer_name))
