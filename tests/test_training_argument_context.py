"""A layer call given ``training=None`` hands call() None, as Keras 3's Layer._resolve_and_populate_arg on
TF 2.21 (every expected value printed by TF 2.21): a given value is used as given, None included, not the
enclosing call's or the call's own default (a subclassed model passing its training=None to a RandomFlip
leaves the images as they are). Sequential hands a None training on as no argument.

A call not given ``training`` inherits Keras 3's shared call context: the flag the latest layer call inside
the outermost one resolved, a sibling's included; a functional graph hands each layer the default its call
recorded there (a Dropout node's False) when the model's flag is None (probes: notes progs/me34/training_ctx2.py,
progs/me33/training_*.py)."""
import numpy as np

import framework as tf
from framework import keras

X = np.ones((1, 2), 'float32')
layers = keras.layers
IMAGES = np.arange(2 * 4 * 4 * 1, dtype='float32').reshape(2, 4, 4, 1)


class Probe(keras.layers.Layer):
    def __init__(self, tag, seen, **kwargs):
        super().__init__(**kwargs)
        self.tag, self.record = tag, seen.append      # (a list attribute would be tracked as a copy)

    def call(self, inputs, training=None):
        self.record((self.tag, training))
        return inputs


class DefaultFalse(Probe):
    def call(self, inputs, training=False):
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


def test_a_sibling_given_false_passes_it_to_the_next_sibling():
    seen = []

    class Model(keras.Model):
        def __init__(self):
            super().__init__()
            self.a, self.b, self.c = Probe('a', seen), Probe('b', seen), Probe('c', seen)

        def call(self, inputs, training=None):
            return self.c(self.b(self.a(inputs, training=False)), training=None)

    model = Model()
    model(X)
    seen.clear()
    model(X)
    assert seen == [('a', False), ('b', False), ('c', None)]
    seen.clear()
    model(X, training=True)
    assert seen == [('a', False), ('b', False), ('c', None)]


def test_a_default_true_layer_sets_the_context_for_the_next():
    seen = []

    class Model(keras.Model):
        def __init__(self):
            super().__init__()
            self.t, self.n = DefaultTrue('t', seen), Probe('n', seen)

        def call(self, inputs):
            return self.n(self.t(inputs))

    model = Model()
    model(X)
    seen.clear()
    model(X)
    assert seen == [('t', True), ('n', True)]


def test_batchnorm_given_false_turns_off_a_later_dropout_in_fit():
    # TF 2.21: the Dropout after self.bn(h, training=False) inherits False, even in fit
    keras.utils.set_random_seed(1)

    class Model(keras.Model):
        def __init__(self):
            super().__init__()
            self.d1 = layers.Dense(4, kernel_initializer='ones')
            self.bn = layers.BatchNormalization()
            self.dr = layers.Dropout(0.5)
            self.d2 = layers.Dense(1, kernel_initializer='ones')

        def call(self, x, training=None):
            return self.d2(self.dr(self.bn(self.d1(x), training=False)))

    model = Model()
    model.compile('sgd', 'mse')
    x = np.arange(24, dtype='float32').reshape(8, 3) / 10
    history = model.fit(x, np.ones((8, 1), 'float32'), epochs=3, batch_size=4, verbose=0)
    np.testing.assert_allclose(history.history['loss'], [70.011253, 0.655079, 0.586985], rtol=1e-5)


def test_a_dropout_node_keeps_its_recorded_false_after_a_flip():
    # TF 2.21 prints 'n got True', 'D got False' and [1. 1. 1. 1.]: the Dropout node recorded its default
    seen = []

    class Drop(layers.Dropout):
        def call(self, inputs, training=False):
            seen.append(('d', training))
            return super().call(inputs, training=training)

    keras.utils.set_random_seed(5)
    model = keras.Sequential([keras.Input((1, 2, 1)), layers.RandomFlip('horizontal'), Probe('n', seen),
                              Drop(0.5)])
    seen.clear()
    out = model(np.ones((2, 1, 2, 1), 'float32'))
    assert seen == [('n', True), ('d', False)]
    np.testing.assert_array_equal(np.asarray(out).ravel(), np.ones(4))


def test_functional_model_hands_its_own_flag_to_every_layer_taking_one():
    seen = []

    class Passes(layers.Layer):       # a call without training: its sublayer inherits the context
        def __init__(self, inner, **kwargs):
            super().__init__(**kwargs)
            self.inner = inner

        def call(self, inputs):
            return self.inner(inputs)

    inputs = keras.Input((2,))
    h = Probe('f1', seen)(inputs)
    h = Passes(DefaultFalse('pf', seen))(h)
    model = keras.Model(inputs, Probe('f2', seen)(h))
    for training, expected in [(None, [('f1', None), ('pf', False), ('f2', False)]),
                               (True, [('f1', True), ('pf', True), ('f2', True)]),
                               (False, [('f1', False), ('pf', False), ('f2', False)])]:
        seen.clear()
        model(X, training=training)
        assert seen == expected, training


def test_sequential_hands_recorded_defaults_and_predict_runs_with_false():
    seen = []
    model = keras.Sequential([keras.Input((2,)), DefaultFalse('sf', seen), Probe('sn', seen)])
    for call, expected in [(lambda: model(X), [('sf', False), ('sn', False)]),
                           (lambda: model(X, training=True), [('sf', True), ('sn', True)]),
                           (lambda: model.predict(X, verbose=0), [('sf', False), ('sn', False)])]:
        seen.clear()
        call()
        assert seen == expected


def test_the_call_context_keeps_no_layer_alive():
    import gc
    import weakref
    model = keras.Sequential([keras.Input((2,)), DefaultFalse('f', []), layers.Dense(1)])
    model(X)
    model.predict(X, verbose=0)
    gone = weakref.ref(model)
    del model
    gc.collect()
    assert gone() is None
