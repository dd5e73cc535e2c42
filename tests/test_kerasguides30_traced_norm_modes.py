"""A BatchNormalization made (un)trainable after fit's step was traced keeps the trace's mode until
compile is called again, as TF 2.21 (Keras 3 reads ``trainable`` when it traces the train function):
frozen after a fit, it still updates its moving statistics and normalizes with the batch's; compiled
frozen then unfrozen, it keeps its moving statistics. run_eagerly=True reads the flag at every step.
Values printed by TF 2.21 for the same programs (progs/kerasguides30/t_bnfreeze.py)."""
import numpy as np
import pytest

from framework import keras

pytestmark = pytest.mark.usefixtures('xeon_cpu')

X = (np.arange(24, dtype='float32').reshape(8, 3) % 7) / 7.0
Y = (np.arange(16, dtype='float32').reshape(8, 2) % 5) / 5.0
FIRST_MEAN = [0.007460714317858219, 0.007828570902347565, 0.008171428926289082]


def _model(run_eagerly=False, frozen=False):
    keras.utils.set_random_seed(7)
    bn = keras.layers.BatchNormalization(name='bn')
    model = keras.Sequential([keras.Input((3,)), bn, keras.layers.Dense(2, kernel_initializer='ones')])
    bn.trainable = not frozen
    model.compile(optimizer=keras.optimizers.SGD(0.1), loss='mse', run_eagerly=run_eagerly)
    return model, bn


def _fit(model):
    return model.fit(X, Y, epochs=1, batch_size=4, verbose=0, shuffle=False).history['loss']


def test_frozen_after_fit_keeps_training_mode_until_compiled_again():
    model, bn = _model()
    _fit(model)
    assert bn.moving_mean.numpy().tolist() == FIRST_MEAN
    bn.trainable = False
    assert _fit(model) == [0.6106738448143005]
    assert bn.moving_mean.numpy().tolist() == [0.014772960916161537, 0.01550135388970375, 0.01618024706840515]
    assert bn.gamma.numpy().tolist() == [0.5423574447631836, 0.2872951626777649, 0.4255620241165161]
    assert bn.trainable is False
    model.compile(optimizer=keras.optimizers.SGD(0.1), loss='mse')
    assert _fit(model) == [0.17198261618614197]
    assert bn.moving_mean.numpy().tolist() == [0.014772960916161537, 0.01550135388970375, 0.01618024706840515]
    assert bn.gamma.numpy().tolist() == [0.5423574447631836, 0.2872951626777649, 0.4255620241165161]


def test_unfrozen_without_compiling_keeps_inference_mode():
    model, bn = _model(frozen=True)
    _fit(model)
    bn.trainable = True
    assert _fit(model) == [0.4985329508781433]
    assert bn.moving_mean.numpy().tolist() == [0.0, 0.0, 0.0]
    assert bn.gamma.numpy().tolist() == [1.0, 1.0, 1.0]
    assert bn.trainable is True


def test_run_eagerly_reads_the_flag_each_step():
    model, bn = _model(run_eagerly=True)
    _fit(model)
    bn.trainable = False
    assert _fit(model) == [0.2795228064060211]
    assert bn.moving_mean.numpy().tolist() == FIRST_MEAN
