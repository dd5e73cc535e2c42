"""The ``training`` flag a layer call inherits is Keras 3's shared call context: the flag the latest
layer call inside the outermost one resolved, a sibling's included; a functional graph hands each
layer the default its call recorded there (a Dropout node's False) when the model's flag is None.
Expected values were printed by TF 2.21 / Keras 3.15 running the same code
(/work/notes/progs/me34/training_ctx2.py, progs/me33/training_*.py)."""
import numpy as np

from framework import keras

layers = keras.layers


class Recorder(layers.Layer):
    """Appends (tag, the training its call got) to ``seen`` (a layer would copy a list attribute: Keras
    tracks lists set on it)."""

    def __init__(self, tag, seen, **kwargs):
        super().__init__(**kwargs)
        self.tag = tag
        self.record = seen.append

    def call(self, inputs, training=None):
        self.record((self.tag, training))
        return inputs


class DefaultFalse(Recorder):
    def call(self, inputs, training=False):
        self.record((self.tag, training))
        return inputs


class DefaultTrue(Recorder):
    def call(self, inputs, training=True):
        self.record((self.tag, training))
        return inputs


X = np.ones((2, 3), 'float32')


def test_a_sibling_given_false_passes_it_to_the_next_sibling():
    seen = []

    class Model(keras.Model):
        def __init__(self):
            super().__init__()
            self.a, self.b, self.c = Recorder('a', seen), Recorder('b', seen), Recorder('c', seen)

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
            self.t, self.n = DefaultTrue('t', seen), Recorder('n', seen)

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
    model = keras.Sequential([keras.Input((1, 2, 1)), layers.RandomFlip('horizontal'), Recorder('n', seen),
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

    inputs = keras.Input((3,))
    h = Recorder('f1', seen)(inputs)
    h = Passes(DefaultFalse('pf', seen))(h)
    model = keras.Model(inputs, Recorder('f2', seen)(h))
    for training, expected in [(None, [('f1', None), ('pf', False), ('f2', False)]),
                               (True, [('f1', True), ('pf', True), ('f2', True)]),
                               (False, [('f1', False), ('pf', False), ('f2', False)])]:
        seen.clear()
        model(X, training=training)
        assert seen == expected, training


def test_sequential_hands_recorded_defaults_and_predict_runs_with_false():
    seen = []
    model = keras.Sequential([keras.Input((3,)), DefaultFalse('sf', seen), Recorder('sn', seen)])
    for call, expected in [(lambda: model(X), [('sf', False), ('sn', False)]),
                           (lambda: model(X, training=True), [('sf', True), ('sn', True)]),
                           (lambda: model.predict(X, verbose=0), [('sf', False), ('sn', False)])]:
        seen.clear()
        call()
        assert seen == expected
