"""A functional model's InputSpec check runs before its structure warning, as in Keras 3.15.

Keras checks a call's inputs against the model's InputSpecs in Layer.__call__ and only then, inside
Functional.call, warns that their nesting differs. Two arrays given to a one-Input model therefore raise
the spec's ValueError with no "The structure of `inputs` doesn't match" warning first (tapeflow warned,
then raised). Goldens: TF 2.21 + Keras 3.15 running /work/notes/progs/fithist/t_callerr.py.
"""
import warnings

import numpy as np
import pytest

from framework import keras


def test_two_arrays_for_one_input_raise_without_the_structure_warning():
    inputs = keras.Input((3,))
    model = keras.Model(inputs, keras.layers.Dense(1)(inputs))
    name = model.layers[0].name
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter('always')
        with pytest.raises(ValueError) as info:
            model([np.ones((2, 3), 'float32'), np.ones((2, 3), 'float32')])
    assert str(info.value) == ('Layer "%s" expects 1 named input(s) with keys [\'%s\'], but it received 2 input '
                               "tensors. Pass inputs as a dict, e.g. `layer({'%s': ...})`." % (model.name, name, name))
    assert [str(w.message) for w in caught] == []


def test_one_array_in_a_list_still_warns_and_runs():
    inputs = keras.Input((3,))
    model = keras.Model(inputs, keras.layers.Dense(1)(inputs))
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter('always')
        out = model([np.ones((2, 3), 'float32')])
    assert tuple(out.shape) == (2, 1)
    assert [str(w.message) for w in caught] == [
        "The structure of `inputs` doesn't match the expected structure.\nExpected: %s\n"
        "Received: inputs=['Tensor(shape=(2, 3))']" % inputs.name]
