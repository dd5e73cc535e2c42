"""More mistakes that print TF's class name (`print(type(e).__name__, e)`), as TF 2.21 / Keras 3.15
did (/work/notes/progs/blogs31/p56.py):
- keras.optimizers.Adam(foo=1): "ValueError Argument(s) not recognized: {'foo': 1}";
- fit with y keyed otherwise than the outputs: "TypeError Expected float32, but got a of type 'str'.";
- tf.foldl over an empty tensor with no initializer: 'OutOfRangeError ...'.
Before, tapeflow printed UnknownArgumentError, TargetKeysError and EmptyElemsError.
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


def test_unknown_optimizer_argument():
    name, text, last = _caught(lambda: keras.optimizers.Adam(foo=1))
    assert (name, text) == ('ValueError', "Argument(s) not recognized: {'foo': 1}")
    assert last.startswith("ValueError: Argument(s) not recognized")
    with pytest.raises(TypeError):        # still both classes
        keras.optimizers.Adam(foo=1)


def test_targets_keyed_otherwise_than_outputs():
    keras.utils.set_random_seed(0)
    inputs = keras.Input((3,), name='x')
    model = keras.Model(inputs, {'a': keras.layers.Dense(1, name='a')(inputs),
                                 'b': keras.layers.Dense(1, name='b')(inputs)})
    model.compile('adam', {'a': 'mse', 'b': 'mse'})
    x = np.ones((4, 3), 'float32')
    name, text, last = _caught(lambda: model.fit(x, {'a': np.ones((4, 1)), 'c': np.ones((4, 1))}, verbose=0))
    assert (name, text) == ('TypeError', "Expected float32, but got a of type 'str'.")
    assert last.startswith('TypeError: Expected float32')


def test_foldl_of_nothing():
    name, text, _ = _caught(lambda: tf.foldl(lambda a, x: a + x, tf.constant([], tf.float32)))
    assert name == 'OutOfRangeError'
    assert 'Tried to read from index 0 but array size is: 0' in text
