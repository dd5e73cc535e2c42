"""Data and layer mistakes print TF's class name (`print(type(e).__name__, e)`), as TF 2.21 /
Keras 3.15 did (/work/notes/progs/blogs31/p57.py):
- model.fit({1, 2}): 'ValueError Unrecognized data type: x={1, 2} (of type <class 'set'>)';
- LayerNormalization(axis=4) on a rank-2 input: 'IndexError tuple index out of range';
- TextVectorization().adapt of integers: 'ValueError Failed to convert a NumPy array to a Tensor ...';
- IntegerLookup().adapt of strings: "ValueError invalid literal for int() with base 10: np.str_('a')";
- layer.set_weights([1.0, 2.0]): "AttributeError 'float' object has no attribute 'shape'".
Before, tapeflow printed UnrecognizedDataError, AxisRangeError, NotStringsError, NotIntegersError,
WeightValueError.
"""
import traceback

import numpy as np
import pytest

import framework as tf
from framework import keras


def _caught(call):
    with pytest.raises(Exception) as caught:
        call()
    error = caught.value
    return type(error).__name__, str(error), traceback.format_exception_only(type(error), error)[0]


def _model():
    keras.utils.set_random_seed(0)
    model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(1)])
    model.compile('adam', 'mse')
    return model


def test_fit_of_a_set():
    name, text, last = _caught(lambda: _model().fit({1, 2}, verbose=0))
    assert (name, text) == ('ValueError', "Unrecognized data type: x={1, 2} (of type <class 'set'>)")
    assert last.startswith('ValueError: Unrecognized data type')


def test_axis_out_of_range():
    name, text, last = _caught(lambda: keras.layers.LayerNormalization(axis=4)(tf.ones((2, 3))))
    assert (name, text) == ('IndexError', 'tuple index out of range')
    assert last.startswith('IndexError: tuple index out of range')


def test_lookup_layers_given_the_other_kind():
    name, text, _ = _caught(lambda: keras.layers.TextVectorization().adapt(np.array([1, 2, 3])))
    assert name == 'ValueError'
    assert text.startswith('Failed to convert a NumPy array to a Tensor (Unsupported object type int).')
    name, text, _ = _caught(lambda: keras.layers.IntegerLookup().adapt(np.array(['a', 'b'])))
    assert (name, text) == ('ValueError', "invalid literal for int() with base 10: np.str_('a')")


def test_set_weights_of_numbers():
    model = _model()
    name, text, last = _caught(lambda: model.layers[0].set_weights([1.0, 2.0]))
    assert (name, text) == ('AttributeError', "'float' object has no attribute 'shape'")
    assert last.startswith("AttributeError: 'float' object")
