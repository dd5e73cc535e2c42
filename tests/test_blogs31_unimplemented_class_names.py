"""More errors that print TF's class name (`print(type(e).__name__, e)`), as TF 2.21 / Keras 3.15
did (/work/notes/progs/blogs31/p64.py):
- SGD().apply_gradients([(tf.constant('a'), v)]): 'UnimplementedError {{function_node ...}} Cast string
  to float is not supported [Op:Cast] name: ';
- RandomRotation(0.1, fill_mode='bad'): "NotImplementedError Unknown `fill_mode` bad. Expected of one
  ('reflect', 'wrap', 'constant', 'nearest')."
Before, tapeflow printed StringGradientError and UnknownOptionError.
"""
import traceback

import pytest

import framework as tf
from framework import keras


def test_string_gradient():
    v = tf.Variable(1.0)
    with pytest.raises(TypeError) as caught:             # still the TypeError tapeflow raised before
        keras.optimizers.SGD().apply_gradients([(tf.constant('a'), v)])
    assert type(caught.value).__name__ == 'UnimplementedError'
    assert str(caught.value) == ('{{function_node __wrapped__Cast_device_/job:localhost/replica:0/task:0/device:'
                                 'CPU:0}} Cast string to float is not supported [Op:Cast] name: ')


def test_unknown_fill_mode():
    with pytest.raises(ValueError) as caught:             # still the ValueError tapeflow raised before
        keras.layers.RandomRotation(0.1, fill_mode='bad')
    error = caught.value
    assert type(error).__name__ == 'NotImplementedError'
    assert str(error) == "Unknown `fill_mode` bad. Expected of one ('reflect', 'wrap', 'constant', 'nearest')."
    assert traceback.format_exception_only(type(error), error)[0].startswith('NotImplementedError: Unknown')
