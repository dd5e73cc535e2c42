"""train_on_batch / test_on_batch return what a custom train_step / test_step returned, as Keras 3 in
TF 2.21 (pythonify_logs of the step's outputs; None gives {} / []), even where the compiled metrics were
never updated and so stay unbuilt. tapeflow compared the step's dict with get_metrics_result() and
raised "Cannot get result() since the metric has not yet been built."

Values printed by TF 2.21 (/work/notes/progs/modelfuzz14/g01.py):
    dict  train_on_batch: [0.5146875381469727, 3.0], return_dict {'loss': 0.5049397349357605, 'n': 3.0}
          test_on_batch: [0.6896018981933594, array([1., 2.])], {'my': 0.6896018981933594, 'v': array([1., 2.])}
    none  [] and {} for both (traced and run_eagerly alike)
"""
import numpy as np
import pytest

import framework as tf
from framework import keras

X = np.arange(12, dtype='float32').reshape(4, 3) / 10
Y = np.array([[1.], [0.], [2.], [1.]], 'float32')


class _CustomSteps(keras.Model):
    def __init__(self, returns):
        super().__init__()
        self.returns = returns
        self.dense = keras.layers.Dense(1)

    def call(self, x):
        return self.dense(x)

    def train_step(self, data):
        x, y, _ = keras.utils.unpack_x_y_sample_weight(data)
        with tf.GradientTape() as tape:
            loss = self.compute_loss(x=x, y=y, y_pred=self(x, training=True))
        grads = tape.gradient(loss, self.trainable_variables)
        self.optimizer.apply_gradients(zip(grads, self.trainable_variables))
        return {'loss': loss, 'n': 3} if self.returns == 'dict' else None

    def test_step(self, data):
        x, y, _ = keras.utils.unpack_x_y_sample_weight(data)
        p = self(x)
        return {'my': tf.reduce_mean(tf.abs(y - p)), 'v': tf.constant([1.0, 2.0])} if self.returns == 'dict' else None


def _model(returns, run_eagerly):
    model = _CustomSteps(returns)
    model.compile(keras.optimizers.SGD(0.1), 'mse', metrics=['mae'], run_eagerly=run_eagerly)
    model(X)
    model.set_weights([np.array([[0.5], [-0.25], [1.0]], 'float32'), np.array([0.1], 'float32')])
    return model


@pytest.mark.parametrize('run_eagerly', [False, True])
def test_custom_step_dicts_come_back_as_returned(run_eagerly):
    model = _model('dict', run_eagerly)
    first = model.train_on_batch(X, Y)
    assert first[0] == pytest.approx(0.5146875381469727, rel=1e-6) and first[1] == 3.0
    second = model.train_on_batch(X, Y, return_dict=True)
    assert sorted(second) == ['loss', 'n']
    assert second['loss'] == pytest.approx(0.5049397349357605, rel=1e-6) and second['n'] == 3.0
    listed = model.test_on_batch(X, Y)
    assert listed[0] == pytest.approx(0.6896018981933594, rel=1e-6)
    np.testing.assert_array_equal(listed[1], [1.0, 2.0])
    named = model.test_on_batch(X, Y, return_dict=True)
    assert sorted(named) == ['my', 'v'] and named['my'] == pytest.approx(0.6896018981933594, rel=1e-6)
    np.testing.assert_array_equal(named['v'], [1.0, 2.0])


@pytest.mark.parametrize('run_eagerly', [False, True])
def test_custom_steps_returning_none_give_empty_logs(run_eagerly):
    model = _model('none', run_eagerly)
    assert model.train_on_batch(X, Y) == [] and model.train_on_batch(X, Y, return_dict=True) == {}
    assert model.test_on_batch(X, Y) == [] and model.test_on_batch(X, Y, return_dict=True) == {}


def test_default_steps_still_return_the_metrics():
    model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(1)])
    model.compile(keras.optimizers.SGD(0.1), 'mse', metrics=['mae'])
    model.set_weights([np.array([[0.5], [-0.25], [1.0]], 'float32'), np.array([0.1], 'float32')])
    logs = model.test_on_batch(X, Y, return_dict=True)
    assert sorted(logs) == ['loss', 'mae']
    assert model.test_on_batch(X, Y) == [logs['loss'], logs['mae']]
