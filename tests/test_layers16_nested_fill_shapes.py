"""tf.zeros / tf.ones / tf.fill of a nested or mixed Python shape raise TF 2.21's converter error.

A stacked RNN whose cell has a nested state_size (Keras's StackedRNNCells.get_initial_state calls
ops.zeros((batch, (2, units)))) met tapeflow's TypeError 'Cannot convert (3, (2, 2)) to EagerTensor of
dtype int32'. Printed by TF 2.21 (/work/notes/progs/layers16/z2.py, rn2.py):
    tf.zeros((3, (2, 2)))   -> ValueError "Can't convert Python sequence with mixed types to Tensor."
    tf.ones(((2, 2), 3))    -> ValueError "Can't convert non-rectangular Python sequence to Tensor."
    tf.fill((None, (2, 2)), 1.0) -> ValueError "Attempt to convert a value (None) with an unsupported type
                                    (<class 'NoneType'>) to a Tensor."
"""
import numpy as np
import pytest

import framework as tf
from framework import keras

MIXED = "Can't convert Python sequence with mixed types to Tensor."
RAGGED = "Can't convert non-rectangular Python sequence to Tensor."
NONE = "Attempt to convert a value (None) with an unsupported type (<class 'NoneType'>) to a Tensor."
FILLS = [tf.zeros, tf.ones, lambda shape: tf.fill(shape, 1.0)]


@pytest.mark.parametrize('fill', FILLS)
@pytest.mark.parametrize('shape, text', [
    ((3, (2, 2)), MIXED), ((3, [2]), MIXED), ((2, (2, None)), MIXED), ((2, 'a'), MIXED), ((3, (2, 'a')), MIXED),
    (((2, 2), 3), RAGGED), (((2, 2), None), RAGGED), (([2], [2, 3]), RAGGED), ((None, (2, 2)), NONE)])
def test_nested_shape_is_the_converter_error(fill, shape, text):
    with pytest.raises(ValueError) as err:
        fill(shape)
    assert str(err.value) == text


class TwoStateCell(keras.layers.Layer):
    def __init__(self, units, **kwargs):
        super().__init__(**kwargs)
        self.units, self.state_size, self.output_size = units, [units, (2, units)], units

    def build(self, input_shape):
        self.kernel = self.add_weight(shape=(input_shape[-1], self.units), name='kernel')

    def call(self, inputs, states):
        a, b = states
        out = tf.matmul(inputs, self.kernel) + a + tf.reduce_sum(b, axis=1)
        return out, [out, b + tf.expand_dims(out, 1)]


def test_stacked_cell_with_nested_state_size_is_keras_error():
    layer = keras.layers.RNN([keras.layers.SimpleRNNCell(3), TwoStateCell(2)])
    with pytest.raises(ValueError, match="Can't convert Python sequence with mixed types to Tensor"):
        layer(np.ones((3, 5, 4), 'float32'))
