"""The learning-rate variable is made in floatx, as Keras 3's BaseOptimizer makes it: after
set_floatx('float64') a float64 model steps with 0.001 itself, not 0.001 rounded to float32
(values printed by TF 2.21 / Keras 3.15)."""
import numpy as np
import pytest

import framework as tf
from framework import keras


@pytest.mark.parametrize('name, expected', [
    ('sgd', [0.999, 0.998, 0.997]),
    ('adam', [0.9990000382973049, 0.9990000224867721, 0.9990000172164833]),
    ('rmsprop', [0.9968378804418571, 0.9968377618675612, 0.9968377399078945]),
    ('adamw', [0.9989960382971149, 0.9989960224865821, 0.9989960172162934]),
])
def test_float64_step_uses_the_float64_rate(float64_floatx, name, expected):
    optimizer = keras.optimizers.get(name)
    assert optimizer.learning_rate.dtype == 'float64'
    variable = keras.Variable(np.ones(3), dtype='float64')
    optimizer.build([variable])
    assert [str(v.dtype) for v in optimizer.variables][:2] == ['int64', 'float64']
    optimizer.apply([tf.constant(np.array([0.1, 0.2, 0.3]))], [variable])
    assert variable.numpy().tolist() == expected


def test_float32_floatx_keeps_a_float32_rate():
    optimizer = keras.optimizers.Adam(0.1)
    assert optimizer.learning_rate.dtype == 'float32'
    assert float(optimizer.learning_rate.numpy()) == 0.10000000149011612
