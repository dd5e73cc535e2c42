"""GroupNormalization passes its input's mask on, as Keras 3 (supports_masking = True).

TF 2.21 (/work/notes/progs/layers8/masks.py, 'gn mask'): Embedding(6, 3, mask_zero=True) then
GroupNormalization(1) on tokens [[3, 1, 2, 0, 0], [0, 4, 2, 5, 1]] gives an output whose _keras_mask is
[[True, True, True, False, False], [False, True, True, True, True]]; tapeflow dropped it (None), so an RNN
after the normalization ran over the padding.
"""
import pytest
import warnings

import numpy as np

import framework as tf
from framework import keras

TOKENS = np.array([[3, 1, 2, 0, 0], [0, 4, 2, 5, 1]], 'int32')


def test_group_normalization_keeps_the_mask_eagerly():
    x = keras.layers.Embedding(6, 3, mask_zero=True)(TOKENS)
    layer = keras.layers.GroupNormalization(1)
    assert layer.supports_masking
    with warnings.catch_warnings():
        warnings.simplefilter('error')      # no 'does not support masking' warning
        y = layer(x)
    np.testing.assert_array_equal(np.asarray(y._keras_mask), TOKENS != 0)


# measured under TF 2.21 on the AVX-512 Xeon (oneDNN's kernels): run as there on any CPU (conftest's xeon_cpu)
@pytest.mark.usefixtures('xeon_cpu')
def test_masked_rnn_after_group_normalization_skips_padding():
    keras.utils.set_random_seed(4)
    inputs = keras.Input((5,), dtype='int32')
    normalized = keras.layers.GroupNormalization(1)(keras.layers.Embedding(6, 3, mask_zero=True)(inputs))
    model = keras.Model(inputs, keras.layers.SimpleRNN(2)(normalized))
    values = model.layers[2](model.layers[1](TOKENS))
    expected = model.layers[3](values, mask=tf.constant(TOKENS != 0))
    np.testing.assert_array_equal(np.asarray(model(TOKENS)), np.asarray(expected))
    # the first row stops at its third token: its final state is the state after three steps
    unmasked = model.layers[3](values[:1, :3])
    np.testing.assert_array_equal(np.asarray(model(TOKENS))[0], np.asarray(unmasked)[0])
