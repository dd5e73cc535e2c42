"""LSTM / LSTMCell given a float `units`: Keras 3 takes it (the cell's state size is a list, which RNN's
check lets through) and fails when the build makes the kernel. GRU / SimpleRNN refuse it at once
(tests/test_errors32_rnn_float_units.py).

Golden texts printed by TF 2.21 / Keras 3 (progs/errors35/lstmf.py):
    l = keras.layers.LSTM(2.5); print(l.units, l.cell.units, l.cell.state_size)  -> 2.5 2.5 [2.5, 2.5]
    keras.layers.LSTM(2.5)(tf.ones([1, 2, 3]))
    -> ValueError: Cannot convert '(3, 10.0)' to a shape. Found invalid dimension '10.0' of type '<class 'float'>'.
"""
import pytest

import framework as tf
from framework import keras


def test_float_units_are_kept():
    layer = keras.layers.LSTM(2.5)
    assert (layer.units, layer.cell.units, layer.cell.state_size) == (2.5, 2.5, [2.5, 2.5])
    assert layer.get_config()['units'] == 2.5
    keras.layers.Bidirectional(keras.layers.LSTM(2.5))       # TF 2.21 takes it too


@pytest.mark.parametrize('run, width', [
    (lambda: keras.layers.LSTM(2.5)(tf.ones([1, 2, 3])), '10.0'),
    (lambda: keras.layers.LSTM(2.5).build((None, 2, 3)), '10.0'),
    (lambda: keras.layers.LSTM(2.0)(keras.Input((2, 3))), '8.0'),
    (lambda: keras.layers.LSTMCell(2.5).build((None, 3)), '10.0'),
    (lambda: keras.Sequential([keras.Input((2, 3)), keras.layers.LSTM(2.5)]), '10.0'),
])
def test_float_units_fail_when_the_kernel_is_made(run, width):
    with pytest.raises(ValueError) as info:
        run()
    assert str(info.value) == ("Cannot convert '(3, %s)' to a shape. Found invalid dimension '%s' of type "
                               "'<class 'float'>'. " % (width, width))


def test_integer_units_still_build():
    assert keras.layers.LSTM(3)(tf.ones([1, 2, 4])).shape == (1, 3)
