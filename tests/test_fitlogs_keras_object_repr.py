"""Callbacks, initializers, regularizers, constraints and schedules print as Keras 3's objects (fitlogs).

Keras leaves their repr to Python, so TF 2.21 prints e.g. ``print(history)`` as
'<keras.src.callbacks.history.History object at 0x7f...>' (/work/notes/progs/fitlogs/p09.py);
tapeflow printed its own module ('<layers.callbacks.history.History object at 0x...>'), and its
initializers a config ('GlorotUniform(seed=None, ...)').
"""
import re

import numpy as np
import pytest

from framework import keras


def _masked(obj):
    return re.sub(r'0x[0-9a-f]+', '0xADDR', repr(obj))


@pytest.mark.parametrize('make, expected', [
    (lambda: keras.callbacks.EarlyStopping(), 'keras.src.callbacks.early_stopping.EarlyStopping'),
    (lambda: keras.callbacks.ModelCheckpoint('m.keras'), 'keras.src.callbacks.model_checkpoint.ModelCheckpoint'),
    (lambda: keras.callbacks.ReduceLROnPlateau(), 'keras.src.callbacks.reduce_lr_on_plateau.ReduceLROnPlateau'),
    (lambda: keras.callbacks.CallbackList(), 'keras.src.callbacks.callback_list.CallbackList'),
    (lambda: keras.callbacks.Callback(), 'keras.src.callbacks.callback.Callback'),
    (lambda: keras.initializers.GlorotUniform(), 'keras.src.initializers.random_initializers.GlorotUniform'),
    (lambda: keras.initializers.Zeros(), 'keras.src.initializers.constant_initializers.Zeros'),
    (lambda: keras.initializers.STFT(), 'keras.src.initializers.constant_initializers.STFT'),
    (lambda: keras.initializers.Initializer(), 'keras.src.initializers.initializer.Initializer'),
    (lambda: keras.initializers.get('glorot_uniform'), 'keras.src.initializers.random_initializers.GlorotUniform'),
    (lambda: keras.regularizers.L2(), 'keras.src.regularizers.regularizers.L2'),
    (lambda: keras.regularizers.OrthogonalRegularizer(), 'keras.src.regularizers.regularizers.OrthogonalRegularizer'),
    (lambda: keras.constraints.MaxNorm(), 'keras.src.constraints.constraints.MaxNorm'),
    (lambda: keras.constraints.Constraint(), 'keras.src.constraints.constraints.Constraint'),
    (lambda: keras.optimizers.schedules.ExponentialDecay(0.1, 10, 0.9),
     'keras.src.optimizers.schedules.learning_rate_schedule.ExponentialDecay'),
    (lambda: keras.optimizers.schedules.CosineDecay(0.1, 10),
     'keras.src.optimizers.schedules.learning_rate_schedule.CosineDecay'),
])
def test_built_in_objects_print_with_keras_module(make, expected):
    obj = make()
    assert _masked(obj) == '<%s object at 0xADDR>' % expected
    assert str(obj) == repr(obj) and repr(obj).endswith('%#x>' % id(obj))


def test_history_of_fit_prints_as_keras(capsys):
    model = keras.Sequential([keras.Input((2,)), keras.layers.Dense(1)])
    model.compile('sgd', 'mse')
    print(model.fit(np.ones((4, 2)), np.ones((4, 1)), verbose=0))
    print(keras.layers.Dense(2).kernel_initializer)
    assert re.sub(r'0x[0-9a-f]+', '0xADDR', capsys.readouterr().out) == (
        '<keras.src.callbacks.history.History object at 0xADDR>\n'
        '<keras.src.initializers.random_initializers.GlorotUniform object at 0xADDR>\n')


class _MyCallback(keras.callbacks.Callback):
    pass


class _MyInitializer(keras.initializers.Initializer):
    def __call__(self, shape, dtype=None):
        return keras.ops.zeros(shape)


@pytest.mark.parametrize('cls', [_MyCallback, _MyInitializer])
def test_a_users_subclass_keeps_its_own_module(cls):
    obj = cls()
    assert repr(obj) == object.__repr__(obj)


def test_ipython_pretty_printer_form():
    # IPython prints an object with Python's default repr as '<module.Class at 0x...>'
    class Printer:
        def __init__(self):
            self.parts = []

        def text(self, part):
            self.parts.append(part)

    printer = Printer()
    history = keras.callbacks.History()
    history._repr_pretty_(printer, False)
    assert printer.parts == ['<keras.src.callbacks.history.History at %#x>' % id(history)]
