"""A padded query step in MultiHeadAttention, as the Transformer tutorial's encoder meets it.

Keras 3's Softmax layer zeroes masked positions after the softmax, so a row masked throughout
gives zeros; MultiHeadAttention goes through it when it needs the weights (dropout, returned
scores) and otherwise through its fused dot_product_attention, which leaves such a row at 1/n.
Expected values printed by TF 2.21 / Keras 3 for the same program.
"""
import numpy as np

import framework as tf
from framework import keras


def _rounded(t):
    return np.round(t[:, :, 0].numpy().astype(np.float64), 4).tolist()


def test_masked_query_rows_by_attention_path():
    keras.utils.set_random_seed(8)
    ids = tf.constant([[3, 4, 5, 0], [2, 3, 0, 0]])
    emb = keras.layers.Embedding(10, 4, mask_zero=True)
    fused = keras.layers.MultiHeadAttention(num_heads=2, key_dim=4)
    x = emb(ids)
    assert _rounded(fused(query=x, value=x, key=x)) == [[0.0112, 0.0111, 0.0112, -0.0079],
                                                       [0.0162, 0.0163, -0.0243, -0.0243]]
    with_dropout = keras.layers.MultiHeadAttention(num_heads=2, key_dim=4, dropout=0.1)
    x = emb(ids)
    assert _rounded(with_dropout(query=x, value=x, key=x)) == [[0.002, 0.002, 0.002, 0.0],
                                                              [-0.0073, -0.0073, 0.0, 0.0]]
    scored = keras.layers.MultiHeadAttention(num_heads=2, key_dim=4)
    x = emb(ids)
    out, scores = scored(query=x, value=x, key=x, return_attention_scores=True)
    assert _rounded(out) == [[-0.0009, -0.0009, -0.0009, 0.0], [-0.0101, -0.0101, 0.0, 0.0]]
    assert scores[1, 0, 2].numpy().tolist() == [0.0, 0.0, 0.0, 0.0]


def test_softmax_layer_zeroes_masked_positions_and_reads_float_masks_above_half():
    out = keras.layers.Softmax()(tf.constant([[1.0, 2.0, 3.0]]), mask=tf.constant([[0.0, 0.4, 0.7]]))
    assert out.numpy().tolist() == [[0.0, 0.0, 1.0]]
    out = keras.layers.Softmax()(tf.constant([[1.0, 2.0]]), mask=tf.constant([[False, False]]))
    assert out.numpy().tolist() == [[0.0, 0.0]]
