"""A layer whose call reshapes a whole batch to a fixed size builds in a functional model, as on TF.

The keras.io Switch Transformer's Switch layer does ``tf.reshape(inputs, [num_tokens_per_batch, dim])``:
on TF 2.21 the symbolic batch axis is unknown and shape inference finds the batch that fits (its
summary shows (10, 20, 16)); tapeflow's symbolic call ran ``call`` on a batch of one and failed
("Input to reshape is a tensor with 320 values, but the requested shape has 3200"). Goldens from
TF 2.21 + Keras 3.15 (progs/kerasio11/d12a.py).
"""
import numpy as np
import pytest

import framework as tf
from framework import keras


class Tokens(keras.layers.Layer):
    def __init__(self, tokens, **kwargs):
        super().__init__(**kwargs)
        self.tokens = tokens

    def call(self, x):
        batch = tf.shape(x)[0]
        flat = tf.reshape(x, [self.tokens, 3])         # the whole batch's tokens at once
        return tf.reshape(flat * 2.0, [batch, tf.shape(x)[1], 3])


def test_the_reshape_fixes_the_batch_as_tensorflows_shape_inference_does():
    inputs = keras.Input((4, 3))
    out = Tokens(8)(inputs)
    pooled = keras.layers.GlobalAveragePooling1D()(out)
    model = keras.Model(inputs, keras.layers.Dense(1, kernel_initializer='ones')(pooled))
    assert out.shape == (2, 4, 3) and pooled.shape == (2, 3) and model.output_shape == (2, 1)   # TF's
    x = np.arange(24, dtype='float32').reshape(2, 4, 3)
    assert model.predict(x, verbose=0).tolist() == [[33.0], [105.0]]
    model.compile(loss='mse', optimizer='sgd')
    assert model.evaluate(x, np.zeros((2, 1)), verbose=0) == pytest.approx(6057.0)
    keras.backend.clear_session()


@pytest.mark.parametrize('tokens', [6, 5])
def test_a_size_no_batch_fits_still_fails_as_tensorflows_graph_construction(tokens):
    # TF 2.21: shape inference refuses 18 (or 15) values for (None, 4, 3) with ValueError
    with pytest.raises(ValueError, match='Exception encountered when calling Tokens.call'):
        Tokens(tokens)(keras.Input((4, 3)))
