"""Géron ch. 16's attention models, functional, on masked (Embedding(mask_zero=True)) tokens, against
TF 2.21 (golden values printed by /opt/tfref for the same programs):

- a Transformer block's skip connection, Add([MultiHeadAttention(Z, Z), Z]), keeps Z's padding mask
  in a functional model (Keras reads the masks off its graph), so the GlobalAveragePooling1D after
  it averages the unpadded steps only. MultiHeadAttention clears its inputs' masks, and here that
  used to strip Z's mask: the pooling averaged the padding too.
- Attention between a GRU decoder's and encoder's masked outputs builds (its compute_mask met a
  KerasTensor and raised SymbolicTensorError), and its output keeps the query's mask.
- building that Attention does not warn of a softmax over an axis of size 1: the unknown time axes
  were 1 long in tapeflow's run on zeros.
"""
import warnings

import numpy as np
import pytest

from framework import keras

# TF 2.21's bits on the AVX-512 Xeon the goldens were printed on (oneDNN's kernels and 16-lane vectors)
pytestmark = pytest.mark.usefixtures('xeon_cpu')


def _tokens():
    X = np.random.RandomState(0).randint(1, 30, size=(2, 5))
    X[:, 3:] = 0
    return X


def test_skip_connection_keeps_the_padding_mask_after_multi_head_attention():
    keras.utils.set_random_seed(42)
    inp = keras.layers.Input(shape=[None], dtype='int64')
    Z = keras.layers.Embedding(30, 4, mask_zero=True)(inp)
    M = keras.layers.MultiHeadAttention(num_heads=1, key_dim=4)(Z, value=Z)
    pooled = keras.layers.GlobalAveragePooling1D()(keras.layers.Add()([M, Z]))
    got = keras.Model(inp, pooled)(_tokens()).numpy()
    np.testing.assert_array_equal(got, np.array(
        [[-0.02870236337184906, -0.013400286436080933, 0.021243244409561157, 0.010899576358497143],
         [-0.05628715083003044, -0.02262256294488907, 0.008351214230060577, -0.04972964897751808]], np.float32))


def test_attention_between_masked_gru_outputs():
    X = _tokens()
    keras.utils.set_random_seed(42)
    enc_in = keras.layers.Input(shape=[None], dtype='int32')
    dec_in = keras.layers.Input(shape=[None], dtype='int32')
    emb = keras.layers.Embedding(30, 4, mask_zero=True)
    enc_out = keras.layers.GRU(3, return_sequences=True)(emb(enc_in))
    dec_out = keras.layers.GRU(3, return_sequences=True)(emb(dec_in))
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter('always')
        att = keras.layers.Attention()([dec_out, enc_out])
    assert not [w for w in caught if 'softmax' in str(w.message)]
    assert tuple(att._keras_mask.shape) == (None, None) and att._keras_mask.dtype == 'bool'
    got = keras.Model([enc_in, dec_in], att)((X, X[:, ::-1].copy())).numpy()[0]
    np.testing.assert_array_equal(got, np.array(
        [[0.0, 0.0, 0.0], [0.0, 0.0, 0.0],
         [0.004534882493317127, -0.005458111874759197, -0.0007196803926490247],
         [0.004535608924925327, -0.005458310712128878, -0.0007202515262179077],
         [0.004535729996860027, -0.0054583377204835415, -0.0007202706183306873]], np.float32))
