"""A layer called with its first argument by name (``mha(query=x, value=x, key=x)``, the
Transformer tutorial's attention blocks), as Keras 3's ``__call__`` takes it.

Expected values printed by TF 2.21 / Keras 3 for the same program: by keyword the query's and
value's Keras masks are applied, and the layer clears them from the tensors it was given, so a
second call on the same tensor attends without masks.
"""
import numpy as np
import pytest

import framework as tf
from framework import keras


def _masked_embedding():
    keras.utils.set_random_seed(8)
    emb = keras.layers.Embedding(10, 4, mask_zero=True)
    mha = keras.layers.MultiHeadAttention(num_heads=1, key_dim=4)
    return emb, mha, tf.constant([[3, 4, 5, 0], [2, 3, 0, 0]])


def test_attention_takes_its_query_by_name():
    emb, mha, ids = _masked_embedding()
    x = emb(ids)
    by_name = mha(query=x, value=x, key=x)
    assert np.round(by_name[:, :, 0].numpy().astype(np.float64), 4).tolist() == [[0.0134, 0.0134, 0.0134, -0.0085],
                                                               [0.0297, 0.0297, -0.0221, -0.0221]]
    positional = mha(x, x, x)
    assert np.round(positional[:, :, 0].numpy().astype(np.float64), 4).tolist() == [[-0.0085, -0.0084, -0.0085, -0.0085],
                                                                  [-0.0221, -0.0221, -0.0221, -0.0221]]


def test_inputs_by_name_and_a_missing_first_argument():
    dense = keras.layers.Dense(2, kernel_initializer='ones')
    assert dense(inputs=np.ones((1, 3), np.float32)).numpy().tolist() == [[3.0, 3.0]]
    with pytest.raises(TypeError, match="Dense.call\\(\\) missing its first argument 'inputs'"):
        dense(x=np.ones((1, 3), np.float32))
