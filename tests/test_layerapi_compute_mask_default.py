"""Layer.compute_mask, as Keras 3's base Layer has it: it returns the previous mask (AttributeError in
tapeflow before), yet having it makes no layer one that computes masks. Values from TF 2.21 / Keras 3.15."""
import warnings

import numpy as np

import framework as tf
from framework import keras


class Halve(keras.layers.Layer):
    def call(self, x):
        return x * 0.5


class KeepMask(keras.layers.Layer):
    def call(self, x):
        return x + 1.0

    def compute_mask(self, inputs, mask=None):
        return super().compute_mask(inputs, mask)


def _embedded():
    emb = keras.layers.Embedding(5, 2, mask_zero=True, embeddings_initializer='ones')
    return emb(tf.constant([[1, 2, 0], [3, 0, 0]]))


def test_base_compute_mask_returns_the_previous_mask():
    x = tf.constant(np.arange(6, dtype='float32').reshape(2, 3))
    m = tf.constant([[True, False, True], [True, True, False]])
    assert keras.layers.Dense(2).compute_mask(x, m).numpy().tolist() == [[True, False, True], [True, True, False]]
    assert keras.layers.Dropout(0.5).compute_mask(x, m) is m
    assert Halve().compute_mask(x, m) is m
    assert keras.layers.Dense(2).compute_mask(x, None) is None


def test_a_layer_without_its_own_compute_mask_still_drops_the_mask():
    e = _embedded()
    assert Halve().supports_masking is False
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter('always')
        h = Halve()(e)
    assert getattr(h, '_keras_mask', None) is None
    assert any("was passed an input with a mask attached to it" in str(w.message) for w in caught)


def test_super_compute_mask_passes_the_mask_on():
    k = KeepMask()(_embedded())
    assert KeepMask().supports_masking is True
    assert np.asarray(k._keras_mask).tolist() == [[True, True, False], [True, False, False]]
