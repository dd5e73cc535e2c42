"""A BatchNormalization gamma's gradient factors, noted in a returning traced step for SGD's regrouping
(framework/ops/regrouped_step.py), leave the table when the gamma variable dies. Only SGD reads a note, so
an Adam or RMSprop model's last note stayed for the rest of the process, and every later SGD step there took
the regrouping path (optim/sgd.py's ``if NOTED``): what a program computed after another depended on it."""
import gc

import numpy as np
import pytest

from framework import keras
from framework.ops import regrouped_step


def _fit_and_drop(optimizer):
    x = np.random.RandomState(0).randn(32, 4).astype('float32')
    model = keras.Sequential([keras.Input((4,)), keras.layers.Dense(3), keras.layers.BatchNormalization(),
                              keras.layers.Dense(1)])
    model.compile(optimizer, 'mse')
    model.fit(x, np.zeros((32, 1), 'float32'), batch_size=8, epochs=1, verbose=0)
    gamma = id(model.layers[1].gamma)
    noted_while_alive = gamma in regrouped_step.NOTED
    del model
    gc.collect()
    return noted_while_alive


@pytest.mark.parametrize('optimizer', ['adam', 'rmsprop'])
def test_a_dead_models_gamma_note_leaves(optimizer):
    before = set(regrouped_step.NOTED)
    assert _fit_and_drop(optimizer)       # the step noted the factors (no SGD popped them)
    assert set(regrouped_step.NOTED) <= before


def test_sgd_still_reads_its_notes():
    before = set(regrouped_step.NOTED)
    assert not _fit_and_drop('sgd')       # SGD popped its gamma's note in each step
    assert set(regrouped_step.NOTED) <= before
