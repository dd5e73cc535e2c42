"""EarlyStopping / ModelCheckpoint / ReduceLROnPlateau compare monitored values as Keras 3.15 does: with
keras.ops.less / greater, which turn the logs' Python floats (and a baseline) into float32 tensors.

An accuracy of 6 of 10 logs 0.6000000238418579 (float32's 0.6): in float32 it does not beat a baseline
or initial_value_threshold of 0.6, where Python's float comparison said it did; likewise 0.7 with
min_delta 0.1 is no improvement on 0.8 (0.7 + 0.1 and 0.8 are one float32). tapeflow compared with
operator.lt / gt: EarlyStopping stopped an epoch later, ModelCheckpoint saved a model TF does not.
Goldens: TF 2.21 + Keras 3.15 running /work/notes/progs/callbacks2/t3.py and n07.py.
"""
import numpy as np
import pytest

from framework import keras


def data():
    x = np.arange(10, dtype='float32').reshape(10, 1) - 3.5
    return x, np.array([1, 1, 0, 0, 1, 1, 1, 1, 0, 0], 'float32')     # 6 of 10 right


def model():
    m = keras.Sequential([keras.Input((1,)), keras.layers.Dense(1, activation='sigmoid', kernel_initializer='ones')])
    m.compile(keras.optimizers.SGD(0.0), 'binary_crossentropy', metrics=['accuracy'])
    return m


def test_an_accuracy_equal_to_the_baseline_in_float32_does_not_restart_patience(capsys):
    x, y = data()
    stop = keras.callbacks.EarlyStopping(monitor='accuracy', baseline=0.6, patience=2, verbose=1)
    h = model().fit(x, y, epochs=5, verbose=0, callbacks=[stop])
    assert h.epoch == [0, 1]
    assert h.history['accuracy'] == [0.6000000238418579, 0.6000000238418579]
    assert (stop.wait, stop.stopped_epoch) == (2, 1)
    assert capsys.readouterr().out == 'Epoch 2: early stopping\n'


def test_initial_value_threshold_equal_in_float32_saves_nothing(tmp_path, capsys):
    x, y = data()
    path = tmp_path / 'best.keras'
    check = keras.callbacks.ModelCheckpoint(str(path), monitor='accuracy', save_best_only=True,
                                            initial_value_threshold=0.6, verbose=1)
    model().fit(x, y, epochs=1, verbose=0, callbacks=[check])
    assert not path.exists()
    assert check.best == 0.6
    assert capsys.readouterr().out == '\nEpoch 1: accuracy did not improve from 0.60000\n'


def test_the_monitor_op_is_keras_ops():
    stop = keras.callbacks.EarlyStopping(monitor='loss', min_delta=0.1)
    assert stop.monitor_op is None
    stop.set_model(model())
    stop._set_monitor_op()
    assert stop.monitor_op is keras.ops.less
    assert stop.min_delta == -0.1
    assert not stop._is_improvement(0.7, 0.8)
    assert stop._is_improvement(0.69, 0.8)
    assert type(stop._is_improvement(0.69, 0.8)).__name__ == 'EagerTensor'      # ops.less's result, as in Keras


@pytest.mark.parametrize('mode, current, reference, min_delta, improves', [
    ('max', 0.30000001192092896, 0.3, 0, False),
    ('min', 0.29999999, 0.3, 0, True),
    ('max', 0.5000000001, 0.5, 0, False),
    ('max', 0.9, 0.8, 0.1, False),
    ('max', 0.90000001, 0.8, 0.1, False),
    ('min', 1e-50, 0.0, 0, False),
    ('max', 16777217.0, 16777216.0, 0, False),
    ('max', np.float64(0.6), 0.6, 0, False),
    ('max', 0.6000000238418579, np.float64(0.6), 0, True),     # a float64 operand: compared in float64
])
def test_comparisons(mode, current, reference, min_delta, improves):
    stop = keras.callbacks.EarlyStopping(monitor='accuracy', mode=mode, min_delta=min_delta)
    stop._set_monitor_op()
    assert bool(stop._is_improvement(current, reference)) is improves
