"""A custom RNN cell whose state_size holds a shape of several axes ([3, (3, 2)]) has two states, as
Keras 3 runs it on TF 2.21 (/work/notes/progs/layers12/rnn2.py): given initial states it runs; without
them Keras's ops.zeros((batch, (3, 2))) fails, "Can't convert Python sequence with mixed types to Tensor.".
tapeflow flattened the sizes into three states (IndexError / 'too many values to unpack')."""
import numpy as np
import pytest

import framework as tf
from framework import keras

L = keras.layers
X = (np.arange(30, dtype='float32').reshape(2, 5, 3) % 7) * 0.2


class TwoStateCell(L.Layer):
    def __init__(self, units, **kwargs):
        super().__init__(**kwargs)
        self.units = units
        self.state_size = [units, (units, 2)]
        self.output_size = units

    def build(self, input_shape):
        self.kernel = self.add_weight(shape=(input_shape[-1], self.units), initializer='ones', name='kernel')

    def call(self, inputs, states):
        h, m = states
        out = tf.matmul(inputs, self.kernel) * 0.1 + h * 0.5 + tf.reduce_sum(m, -1) * 0.1
        return out, [out, m + tf.expand_dims(out, -1)]


def test_runs_from_given_initial_states():
    outs = L.RNN(TwoStateCell(3), return_state=True)(X, initial_state=[tf.ones((2, 3)), tf.ones((2, 3, 2))])
    assert [tuple(t.shape) for t in outs] == [(2, 3), (2, 3), (2, 3, 2)]
    # TF 2.21's bits for the first sequence
    assert outs[0].numpy()[0].view('uint32').tolist() == [1074093458] * 3
    assert outs[2].numpy()[0].view('uint32').tolist() == [[1089544527] * 2] * 3


def test_zero_initial_states_fail_as_keras():
    with pytest.raises(ValueError) as err:
        L.RNN(TwoStateCell(3), return_state=True)(X)
    assert "Can't convert Python sequence with mixed types to Tensor." in str(err.value)
    assert str(err.value).startswith('Exception encountered when calling RNN.call().')
