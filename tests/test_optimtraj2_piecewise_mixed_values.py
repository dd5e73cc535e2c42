"""PiecewiseConstantDecay with values of different dtypes fails when called, as in TF 2.21 / Keras 3.15.

Keras multiplies each range's indicator (in values[0]'s dtype) by its value; a value of another dtype
([0.1, 0.01, 0]: the 0 is int32) makes TensorFlow's Mul kernel refuse it. tapeflow computed a rate.
"""
import numpy as np
import pytest

import framework as tf
from framework import keras
from framework.errors import InvalidArgumentError

Piecewise = keras.optimizers.schedules.PiecewiseConstantDecay


@pytest.mark.parametrize('values, expected, got', [
    ([0.1, 2, 0.3], 'float', 'int32'),
    ([1, 0.5, 0.3], 'int32', 'float'),
    ([0.1, 0.2, 3], 'float', 'int32'),
    ([np.float64(0.1), 0.2, 0.3], 'double', 'float'),
])
def test_mixed_values_raise_tensorflows_mul_error(values, expected, got):
    schedule = Piecewise([2, 4], values)
    with pytest.raises(InvalidArgumentError) as err:
        schedule(3)
    assert str(err.value) == ('cannot compute Mul as input #1(zero-based) was expected to be a %s tensor but is a '
                              '%s tensor [Op:Mul] name: ' % (expected, got))


def test_in_a_traced_function_it_is_the_graph_type_error():
    schedule = Piecewise([2, 4], [0.1, 0.01, 0])

    @tf.function
    def rate():
        return schedule(tf.constant(3))

    with pytest.raises(TypeError, match="Input 'y' of 'Mul' Op has type int32 that does not match type float32 "
                                        "of argument 'x'."):
        rate()


def test_one_dtype_still_works():
    assert Piecewise([2, 4], [1, 2, 3])(3).dtype == tf.int32
    assert float(Piecewise([2, 4], [0.1, np.float32(0.2), 0.3])(3)) == pytest.approx(0.2)
