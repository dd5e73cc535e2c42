"""A layer call given ``training=None`` hands call() None, as Keras 3's Layer._resolve_and_populate_arg on
TF 2.21 (every expected value printed by TF 2.21): a given value is used as given, None included, not the
enclosing call's or the call's own default (a subclassed model passing its training=None to a RandomFlip
leaves the images as they are). Sequential hands a None training on as no argument."""
import numpy as np

import framework as tf
from framework import keras

X = np.ones((1, 2), 'float32')
IMAGES = np.arange(2 * 4 * 4 * 1, dtype='float32').reshape(2, 4, 4, 1)


class Probe(keras.layers.Layer):
    def __init__(self, tag, seen, **kwargs):
        super().__init__(**kwargs)
        self.tag, self.record = tag, seen.append      # (a list attribute would be tracked as a copy)

    def call(self, inputs, training=None):
        self.record((self.tag, training))
        return inputs


class DefaultTrue(Probe):
    def call(self, inputs, training=True):
        self.record((self.tag, training))
        return inputs


def test_a_given_none_reaches_call_as_none():
    seen = []

    class M2(keras.Model):
        def __init__(self):
            super().__init__()
            self.t, self.n = DefaultTrue('t', seen), Probe('n', seen)

        def call(self, inputs, training=None):
            return self.n(self.t(inputs, training=training))
    m = M2()
    m(X)
    seen.clear()
    m(X)
    assert seen == [('t', None), ('n', None)]
    seen.clear()
    m(X, training=True)
    assert seen == [('t', True), ('n', True)]
    seen.clear()
    DefaultTrue('d', seen)(X)
    DefaultTrue('e', seen)(X, training=None)
    assert seen == [('d', True), ('e', None)]


def test_augmentation_in_a_subclassed_model_called_bare_leaves_the_input():
    class M(keras.Model):
        def __init__(self):
            super().__init__()
            self.flip = keras.layers.RandomFlip(seed=1)

        def call(self, inputs, training=None):
            return self.flip(inputs, training=training)
    np.testing.assert_array_equal(M()(IMAGES), IMAGES)
    np.testing.assert_array_equal(keras.layers.RandomFlip(seed=1)(IMAGES, training=None), IMAGES)


def test_sequential_hands_no_none_on():
    flipped = [[0.0, 1.0, 2.0, 3.0], [31.0, 30.0, 29.0, 28.0]]      # TF 2.21's rows for RandomFlip(seed=1)
    for training in ({}, {'training': None}):
        out = keras.Sequential([keras.layers.RandomFlip(seed=1)])(IMAGES, **training)
        assert np.asarray(out)[:, 0, :, 0].tolist() == flipped
    out = keras.Sequential([keras.layers.RandomFlip(seed=1)])(IMAGES, training=False)
    np.testing.assert_array_equal(out, IMAGES)
