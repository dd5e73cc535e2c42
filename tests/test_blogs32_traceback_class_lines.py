"""An uncaught error's traceback ends in TF's class, as under TF 2.21, not tapeflow's module path:
'ValueError: Can't convert non-rectangular Python sequence to Tensor.' (tapeflow printed
'framework.tensor.ConversionError: ...'), 'AttributeError: 'numpy.float32' object has no attribute
'_id'' for a tape target that left TF (was 'framework.tape_arguments.NotATensorError: ...'),
'TypeError: ...' for fit's batch_size=2.5. The classes stay catchable as before (TypeError).
TF 2.21's lines from progs/blogs32/p23.py, q/qconv.py, q/qnt.py, q/qbs.py."""
import traceback

import numpy as np
import pytest

import framework as tf
from framework import keras


def _first_line(error):
    return traceback.format_exception_only(type(error), error)[0].rstrip('\n')


def test_non_rectangular_constant_traceback_line():
    with pytest.raises(TypeError) as info:          # still the TypeError tapeflow raised before
        tf.constant([[1, 2], [3]])
    assert _first_line(info.value) == "ValueError: Can't convert non-rectangular Python sequence to Tensor."


def test_numpy_target_traceback_line():
    w = tf.Variable(1.0)
    with tf.GradientTape() as tape:
        y = w.numpy() * 2.0
    with pytest.raises(AttributeError) as info:
        tape.gradient(y, w)
    assert _first_line(info.value) == "AttributeError: 'numpy.float32' object has no attribute '_id'"


def test_fractional_batch_size_traceback_line():
    model = keras.Sequential([keras.Input((2,)), keras.layers.Dense(1)])
    model.compile('sgd', 'mse')
    with pytest.raises(TypeError) as info:
        model.fit(np.zeros((4, 2), 'float32'), np.zeros((4, 1), 'float32'), batch_size=2.5, verbose=0)
    assert _first_line(info.value) == ("TypeError: Expected int32 passed to parameter 'size' of op 'Slice', got [2.5] "
                                       "of type 'list' instead. Error: Expected int32, but got 2.5 of type 'float'.")
