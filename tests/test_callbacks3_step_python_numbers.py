"""A custom train_step / test_step that puts Python numbers in its logs: Keras 3's step function
returns them as tensors (float32 for floats), so History, batch logs and evaluate show
0.10000000149011612 for 0.1 (TF 2.21). Only train_on_batch / test_on_batch with run_eagerly=True
keep the Python floats. Values printed by TF 2.21 (progs/callbacks3/p11.py, p13.py)."""
import numpy as np
import pytest

from framework import keras


class AddsNumbers(keras.Model):
    def train_step(self, data):
        logs = super().train_step(data)
        logs['lr'] = 0.1
        logs['k'] = 7
        return logs

    def test_step(self, data):
        logs = super().test_step(data)
        logs['t'] = 0.3
        return logs


class FirstBatchLogs(keras.callbacks.Callback):
    def on_train_batch_end(self, batch, logs=None):
        if batch == 0:
            self.seen = dict(logs)


def _data():
    rng = np.random.default_rng(0)
    return rng.random((40, 3), dtype=np.float32), rng.random((40, 1), dtype=np.float32)


def _model(run_eagerly):
    keras.utils.set_random_seed(0)
    inputs = keras.Input((3,))
    model = AddsNumbers(inputs, keras.layers.Dense(1)(inputs))
    model.compile('sgd', 'mse', run_eagerly=run_eagerly)
    return model


@pytest.mark.parametrize('run_eagerly', [False, True])
def test_fit_and_evaluate_log_python_floats_as_float32(run_eagerly):
    x, y = _data()
    model = _model(run_eagerly)
    seen = FirstBatchLogs()
    history = model.fit(x, y, epochs=1, batch_size=20, verbose=0, callbacks=[seen], validation_data=(x, y))
    assert history.history['lr'] == [0.10000000149011612]
    assert history.history['k'] == [7.0]
    assert history.history['val_t'] == [0.30000001192092896]
    assert seen.seen['lr'] == 0.10000000149011612
    assert model.evaluate(x, y, verbose=0, return_dict=True)['t'] == 0.30000001192092896


@pytest.mark.parametrize('run_eagerly, lr, t', [(False, 0.10000000149011612, 0.30000001192092896),
                                                (True, 0.1, 0.3)])
def test_on_batch_calls_convert_only_when_traced(run_eagerly, lr, t):
    x, y = _data()
    model = _model(run_eagerly)
    assert model.train_on_batch(x, y, return_dict=True)['lr'] == lr
    assert model.test_on_batch(x, y, return_dict=True)['t'] == t


def test_a_step_returning_its_own_dict_logs_float32_values():
    class OwnDict(keras.Model):
        def train_step(self, data):
            return {'tiny': 1e-5, 'neg_tiny': -1e-5, 'half': 0.5, 'i': 3}

    x, y = _data()
    inputs = keras.Input((3,))
    model = OwnDict(inputs, keras.layers.Dense(1)(inputs))
    model.compile('sgd', 'mse')
    history = model.fit(x, y, epochs=1, batch_size=20, verbose=0)
    assert history.history == {'half': [0.5], 'i': [3.0], 'neg_tiny': [-9.999999747378752e-06],
                               'tiny': [9.999999747378752e-06]}
