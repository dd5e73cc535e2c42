"""MultiHeadAttention keeps attention_axes as given until built, as Keras 3: a list stays a list in get_config
(tapeflow made it a tuple, so a config compared with the list it was made from differed); an int becomes a
one-tuple; once built, the resolved axes are a tuple.

Expected values printed by TF 2.21 (notes progs/layers15/cfg2.py):

    keras.layers.MultiHeadAttention(2, 3, attention_axes=[1, 2]).get_config()['attention_axes']    # [1, 2]
    keras.layers.MultiHeadAttention(2, 3, attention_axes=(1,)).get_config()['attention_axes']      # (1,)
    keras.layers.MultiHeadAttention(2, 3, attention_axes=1).get_config()['attention_axes']         # (1,)
"""
import numpy as np

from framework import keras

L = keras.layers


def test_attention_axes_as_given():
    assert repr(L.MultiHeadAttention(2, 3, attention_axes=[1, 2]).get_config()['attention_axes']) == '[1, 2]'
    assert repr(L.MultiHeadAttention(2, 3, attention_axes=(1,)).get_config()['attention_axes']) == '(1,)'
    assert repr(L.MultiHeadAttention(2, 3, attention_axes=1).get_config()['attention_axes']) == '(1,)'
    assert L.MultiHeadAttention(2, 3).get_config()['attention_axes'] is None


def test_round_trip_and_call_with_a_list():
    layer = L.MultiHeadAttention(2, 3, attention_axes=[1, 2])
    clone = L.MultiHeadAttention.from_config(layer.get_config())
    assert clone.get_config() == layer.get_config()
    x = np.ones((2, 3, 4, 6), 'float32')
    assert tuple(clone(x, x).shape) == (2, 3, 4, 6)
    assert clone.get_config()['attention_axes'] == (1, 2)      # resolved at build, a tuple
