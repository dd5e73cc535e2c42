"""A custom train_step reads super().train_step(data)'s logs as tensors, as in Keras 3, where
compute_metrics returns the metrics' result tensors: logs['loss'].dtype and logs['loss'] * 2 work
(TF 2.21 prints 'EagerTensor <dtype: 'float32'>'; tapeflow gave a float, and .dtype raised
AttributeError), and print(model.train_step(batch)) in a custom loop prints that dict of tensors.
Values from TF 2.21 (progs/callbacks3/p26.py, p27.py)."""
import numpy as np
import pytest

from framework import keras

pytestmark = pytest.mark.usefixtures('xeon_cpu')


class DoublesLoss(keras.Model):
    def train_step(self, data):
        logs = super().train_step(data)
        self.seen = (type(logs['loss']).__name__, str(logs['loss'].dtype), float(logs['loss'].numpy()))
        logs['loss_x2'] = logs['loss'] * 2
        return logs


def test_super_train_step_logs_read_as_tensors():
    keras.utils.set_random_seed(0)
    x = np.random.rand(40, 3).astype('float32')
    y = np.random.rand(40, 1).astype('float32')
    inputs = keras.Input((3,))
    model = DoublesLoss(inputs, keras.layers.Dense(1)(inputs))
    model.compile('sgd', 'mse', run_eagerly=True)
    history = model.fit(x, y, epochs=1, batch_size=20, verbose=0)
    assert model.seen[:2] == ('EagerTensor', "<dtype: 'float32'>")
    assert history.history == {'loss': [0.25430217385292053], 'loss_x2': [0.5086043477058411]}


def test_a_train_step_called_directly_prints_its_tensors():
    keras.utils.set_random_seed(0)
    x = np.random.rand(40, 3).astype('float32')
    y = np.random.rand(40, 1).astype('float32')
    model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(1)])
    model.compile('sgd', 'mse', metrics=['mae'])
    logs = model.train_step((x[:10], y[:10]))
    assert repr(logs) == ("{'loss': <tf.Tensor: shape=(), dtype=float32, numpy=0.24636037647724152>, "
                          "'mae': <tf.Tensor: shape=(), dtype=float32, numpy=0.4219134449958801>}")
    assert {key: type(logs[key]).__name__ for key in logs} == {'loss': 'EagerTensor', 'mae': 'EagerTensor'}
