"""ReduceLROnPlateau and LearningRateScheduler on a MultiOptimizer act on each sub-optimizer, as Keras
3.15's: named messages, and 'learning_rate_<name>' history keys (a MultiOptimizer has no learning_rate
of its own: tapeflow's callbacks raised its AttributeError at the first epoch's end).

Printed by TF 2.21 / Keras 3 (/work/notes/progs/optimtraj10/c9_multi_cb.py, cases mcb_map_rlr / mcb_map_lrs1):
    opt = keras.optimizers.MultiOptimizer(keras.optimizers.OptimizerMap(
        keras.optimizers.SGD(0.05, momentum=0.9), {'enc': keras.optimizers.Adam(0.01)}))
    model (Dense(8, name='enc'), Dense(1, name='head')).fit(..., epochs=5, callbacks=[
        keras.callbacks.ReduceLROnPlateau(monitor='loss', patience=0, min_delta=1.0, verbose=1, min_lr=0.001, factor=0.5)])
"""
import numpy as np
import pytest

from framework import keras


def _fit(callback):
    keras.backend.clear_session()
    keras.utils.set_random_seed(3)
    rng = np.random.RandomState(0)
    x, y = rng.randn(64, 5).astype('float32'), rng.randn(64, 1).astype('float32')
    model = keras.Sequential([keras.Input((5,)), keras.layers.Dense(8, activation='relu', name='enc'),
                              keras.layers.Dense(1, name='head')])
    O = keras.optimizers
    model.compile(optimizer=O.MultiOptimizer(O.OptimizerMap(O.SGD(0.05, momentum=0.9), {'enc': O.Adam(0.01)})),
                  loss='mse')
    return model.fit(x, y, batch_size=16, epochs=5, verbose=0, shuffle=False, callbacks=[callback]).history


def test_reduce_lr_on_plateau_reduces_each_sub_optimizer(capsys):
    history = _fit(keras.callbacks.ReduceLROnPlateau(monitor='loss', patience=0, min_delta=1.0, verbose=1,
                                                     min_lr=0.001, factor=0.5))
    lines = [line for line in capsys.readouterr().out.splitlines() if line]
    assert lines == [                                    # TF 2.21
        'Epoch 2: ReduceLROnPlateau reducing adam learning rate to 0.004999999888241291.',
        'Epoch 2: ReduceLROnPlateau reducing sgd learning rate to 0.02500000037252903.',
        'Epoch 3: ReduceLROnPlateau reducing adam learning rate to 0.0024999999441206455.',
        'Epoch 3: ReduceLROnPlateau reducing sgd learning rate to 0.012500000186264515.',
        'Epoch 4: ReduceLROnPlateau reducing adam learning rate to 0.0012499999720603228.',
        'Epoch 4: ReduceLROnPlateau reducing sgd learning rate to 0.0062500000931322575.',
        'Epoch 5: ReduceLROnPlateau reducing adam learning rate to 0.001.',
        'Epoch 5: ReduceLROnPlateau reducing sgd learning rate to 0.0031250000465661287.']
    assert sorted(history) == ['learning_rate_adam', 'learning_rate_sgd', 'loss']
    assert [v.hex() for v in history['learning_rate_adam']] == [
        '0x1.47ae140000000p-7', '0x1.47ae140000000p-7', '0x1.47ae140000000p-8', '0x1.47ae140000000p-9',
        '0x1.47ae140000000p-10']
    assert [v.hex() for v in history['learning_rate_sgd']] == [
        '0x1.99999a0000000p-5', '0x1.99999a0000000p-5', '0x1.99999a0000000p-6', '0x1.99999a0000000p-7',
        '0x1.99999a0000000p-8']


# The Xeon's bits: on an AVX2 AMD EPYC TF 2.21 gives '0x1.1add600000000p+0' at [1] and '0x1.add91a0000000p-1' at [3],
# tapeflow '0x1.1add600000000p+0' and '0x1.add9180000000p-1' (epyc1's report)
@pytest.mark.avx512_bits
def test_learning_rate_scheduler_sets_each_sub_optimizer(capsys):
    history = _fit(keras.callbacks.LearningRateScheduler(lambda epoch: 0.01 / (epoch + 1), verbose=1))
    lines = [line for line in capsys.readouterr().out.splitlines() if line]
    assert lines[:4] == ['Epoch 1: LearningRateScheduler setting adam learning rate to 0.01.',      # TF 2.21
                         'Epoch 1: LearningRateScheduler setting sgd learning rate to 0.01.',
                         'Epoch 2: LearningRateScheduler setting adam learning rate to 0.005.',
                         'Epoch 2: LearningRateScheduler setting sgd learning rate to 0.005.']
    assert len(lines) == 10
    assert [v.hex() for v in history['learning_rate_sgd']] == [
        '0x1.47ae140000000p-7', '0x1.47ae140000000p-8', '0x1.b4e81c0000000p-9', '0x1.47ae140000000p-9',
        '0x1.0624de0000000p-9']
    assert history['learning_rate_adam'] == history['learning_rate_sgd']
    assert [v.hex() for v in history['loss']] == [
        '0x1.6323240000000p+0', '0x1.1add5e0000000p+0', '0x1.d401820000000p-1', '0x1.add9180000000p-1',
        '0x1.a2bc160000000p-1']
