"""MultiHeadAttention's attention scores on KerasTensors take Keras 3's compute_output_spec shape:
(batch, num_heads, Tq, Tq) whatever the value's length, as TF 2.21 prints (notes/progs/me39/mha.py); on data
they are (batch, num_heads, Tq, Tv)."""
import numpy as np

from framework import keras


def test_symbolic_scores_take_the_query_length_twice():
    q, v = keras.Input((5, 8)), keras.Input((7, 8))
    output, scores = keras.layers.MultiHeadAttention(num_heads=2, key_dim=4)(q, v, return_attention_scores=True)
    assert output.shape == (None, 5, 8)
    assert scores.shape == (None, 2, 5, 5)          # TF 2.21's KerasTensor
    model = keras.Model([q, v], [output, scores])
    got = model([np.ones((3, 5, 8), 'float32'), np.ones((3, 7, 8), 'float32')])
    assert tuple(got[1].shape) == (3, 2, 5, 7)      # the computed scores


def test_symbolic_scores_of_unknown_lengths_and_without_scores():
    q = keras.Input((None, 8))
    output, scores = keras.layers.MultiHeadAttention(num_heads=2, key_dim=4)(
        q, q, return_attention_scores=True, use_causal_mask=True)
    assert output.shape == (None, None, 8) and scores.shape == (None, 2, None, None)
    assert keras.layers.MultiHeadAttention(num_heads=3, key_dim=2, value_dim=5, output_shape=6)(
        keras.Input((5, 8)), keras.Input((7, 8))).shape == (None, 5, 6)
