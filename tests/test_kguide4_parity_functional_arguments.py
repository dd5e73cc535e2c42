"""keras.Model(inputs, outputs) checks its arguments as Keras 3 does, before it takes a name.

The Functional API guide's mistakes: outputs given as a shape (``x.shape``), None in a dict, an array
or a string among the inputs raise 'All `outputs` values must be KerasTensors. Received: ...'; the
failed model takes no name (the next model is still 'functional_N', as in TF 2.21); a dict of
inputs whose keys are not the Inputs' names warns first. Goldens: /work/notes/progs/kguides4/g3.py
and p5.py under TF 2.21 / Keras 3.
"""
import re
import warnings

import numpy as np
import pytest

from framework import keras


def test_non_keras_tensors_are_keras_value_errors():
    x = keras.Input((3,))
    y = keras.layers.Dense(2)(x)
    cases = [
        (lambda: keras.Model(np.ones(3), y),
         "All `inputs` values must be KerasTensors. Received: inputs=[1. 1. 1.] including invalid value "
         "[1. 1. 1.] of type <class 'numpy.ndarray'>"),
        (lambda: keras.Model(x, np.ones(3)),
         "All `outputs` values must be KerasTensors. Received: outputs=[1. 1. 1.] including invalid value "
         "[1. 1. 1.] of type <class 'numpy.ndarray'>"),
        (lambda: keras.Model([x, 'a'], [y]),
         "All `inputs` values must be KerasTensors. Received: inputs=[%r, 'a'] including invalid value a of "
         "type <class 'str'>" % x),
        (lambda: keras.Model(x, {'y': None}),
         "All `outputs` values must be KerasTensors. Received: outputs={'y': None} including invalid value None "
         "of type <class 'NoneType'>"),
        (lambda: keras.Model(x, y.shape),
         "All `outputs` values must be KerasTensors. Received: outputs=(None, 2) including invalid value None "
         "of type <class 'NoneType'>"),
    ]
    for make, message in cases:
        with pytest.raises(ValueError) as info:
            make()
        assert str(info.value) == message


def test_a_refused_model_takes_no_name():
    x = keras.Input((3,))
    y = keras.layers.Dense(2)(x)
    first = keras.Model(x, y).name
    with pytest.raises(ValueError):
        keras.Model(x, y.shape)
    number = int(re.fullmatch(r'functional(?:_(\d+))?', first).group(1) or 0)
    assert keras.Model(x, y).name == 'functional_%d' % (number + 1)


def test_dict_inputs_keyed_by_other_names_warn():
    x = keras.Input((3,), name='given')
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter('always')
        keras.Model({'x': x}, keras.layers.Dense(2)(x))
    assert [str(w.message) for w in caught] == [
        "When providing `inputs` as a dict, all keys in the dict must match the names of the corresponding "
        "tensors. Received key 'x' mapping to value %r which has name 'given'. Change the tensor name to 'x' "
        "(via `Input(..., name='x')`)" % x]
