"""fit / evaluate / predict pass ``training`` only to a model whose call names it (Keras 3).

The Transformer tutorial's model is ``call(self, inputs)``: Keras's steps call it as ``self(x)``,
so its layers inherit no flag and its dropout stays off in ``fit`` (its history depends on it).
Expected values printed by TF 2.21 / Keras 3.15 for the same program (SGD(0), ones kernel, x of
ones: 64.0 is the loss without dropout, 50.0 with the seeded Dropout(0.5) mask).
"""
import numpy as np

from framework import keras


class _NoFlag(keras.Model):
    def __init__(self):
        super().__init__()
        self.drop = keras.layers.Dropout(0.5)
        self.dense = keras.layers.Dense(1, kernel_initializer='ones')

    def call(self, inputs):
        return self.dense(self.drop(inputs))


class _WithFlag(_NoFlag):
    def call(self, inputs, training=None):
        return self.dense(self.drop(inputs))


class _RecordsFlag(keras.layers.Layer):
    seen = []

    def call(self, inputs, training=None):
        self.seen.append(training)
        return inputs


class _NoFlagOuter(keras.Model):
    def __init__(self):
        super().__init__()
        self.inner = _RecordsFlag()

    def call(self, inputs):
        return self.inner(inputs)


_X, _Y = np.ones((4, 8), np.float32), np.zeros((4, 1), np.float32)


def _fit_loss(cls):
    keras.utils.set_random_seed(1)
    model = cls()
    model.compile(optimizer=keras.optimizers.SGD(0.0), loss='mse')
    return model.fit(_X, _Y, epochs=1, verbose=0).history['loss'], model.evaluate(_X, _Y, verbose=0)


def test_fit_runs_a_model_without_training_argument_without_dropout():
    assert _fit_loss(_NoFlag) == ([64.0], 64.0)


def test_fit_passes_training_to_a_model_that_names_it():
    assert _fit_loss(_WithFlag) == ([50.0], 64.0)


def test_steps_leave_training_unset_for_the_layers_of_such_a_model():
    model = _NoFlagOuter()
    model.compile(loss='mse', run_eagerly=True)
    _RecordsFlag.seen.clear()
    model.fit(_X, _Y, verbose=0)
    model.evaluate(_X, _Y, verbose=0)
    model.predict(_X, verbose=0)
    # (TF also runs the call once on symbolic inputs when building: the count is not compared)
    assert len(_RecordsFlag.seen) >= 3 and set(_RecordsFlag.seen) == {None}
