"""Layers first built by fit / evaluate record the batch size of Keras 3's traced step: None when
the data's batches can differ in size, the batch size when they cannot; predict and direct calls
keep the first batch's. The autoencoder tutorial's subclassed model printed (32, 64) in its
summary where TF 2.21 prints (None, 64). Expected values from TF 2.21 / Keras 3.15.1 running the
same calls (notes/progs/tftutorials2/sumshape3_tf.py)."""
import numpy as np
import pytest

import framework as tf
from framework import keras
from framework.keras import layers


class Sub(keras.Model):
    def __init__(self):
        super().__init__()
        self.d = layers.Dense(4)
        self.inner = keras.Sequential([layers.Dense(3)])

    def call(self, x):
        return self.inner(self.d(x))


X = np.random.RandomState(0).rand(10, 6).astype('float32')
Y = np.zeros((10, 3), 'float32')


def _ds(batch, **kwargs):
    return tf.data.Dataset.from_tensor_slices((X, Y)).batch(batch, **kwargs)


RUNS = {
    'fit, 10 samples in batches of 3': (lambda m: m.fit(X, Y, batch_size=3, verbose=0), None),
    'fit, 10 samples in batches of 5': (lambda m: m.fit(X, Y, batch_size=5, verbose=0), 5),
    'fit, 10 samples, default batch 32': (lambda m: m.fit(X, Y, verbose=0), None),
    'fit, 8 of 10 after validation_split, batches of 4':
        (lambda m: m.fit(X, Y, batch_size=4, validation_split=0.2, verbose=0), 4),
    'fit, dataset batched with drop_remainder': (lambda m: m.fit(_ds(3, drop_remainder=True), verbose=0), 3),
    'fit, generator': (lambda m: m.fit(((X[i:i + 3], Y[i:i + 3]) for i in range(0, 9, 3)), steps_per_epoch=3,
                                       verbose=0), None),
    'evaluate, dataset': (lambda m: m.evaluate(_ds(3), verbose=0), None),
    'evaluate, arrays in batches of 5': (lambda m: m.evaluate(X, Y, batch_size=5, verbose=0), 5),
    'predict, dataset': (lambda m: m.predict(tf.data.Dataset.from_tensor_slices(X).batch(3), verbose=0), 3),
    'train_on_batch': (lambda m: m.train_on_batch(X, Y), 10),
}


@pytest.mark.filterwarnings('ignore::UserWarning')
@pytest.mark.parametrize('kind', ['sequential', 'subclassed'])
@pytest.mark.parametrize('run', list(RUNS))
def test_first_build_records_the_traced_steps_batch_size(kind, run):
    keras.backend.clear_session()
    model = keras.Sequential([layers.Dense(4), layers.Dense(3)]) if kind == 'sequential' else Sub()
    model.compile(optimizer='sgd', loss='mse')
    call, batch = RUNS[run]
    call(model)
    inner = model.layers if kind == 'sequential' else [model.d, model.inner.layers[0]]
    assert model.get_build_config() == {'input_shape': (batch, 6)}
    assert [layer.get_build_config() for layer in inner] == [{'input_shape': (batch, 6)},
                                                              {'input_shape': (batch, 4)}]


class Autoencoder(keras.Model):
    def __init__(self):
        super().__init__()
        self.encoder = keras.Sequential([layers.Flatten(), layers.Dense(4, activation='relu')])
        self.decoder = keras.Sequential([layers.Dense(6, activation='sigmoid'), layers.Reshape((2, 3))])

    def call(self, x):
        return self.decoder(self.encoder(x))


def test_autoencoder_summary_after_fit_shows_a_free_batch(capsys):
    keras.utils.set_random_seed(3)
    x = np.random.RandomState(1).rand(10, 2, 3).astype('float32')
    model = Autoencoder()
    model.compile(optimizer='adam', loss='mse')
    model.fit(x, x, epochs=1, batch_size=4, verbose=0)
    capsys.readouterr()
    model.summary(line_length=70)
    rows = [line.split('│')[2].strip() for line in capsys.readouterr().out.splitlines() if '(Sequential)' in line]
    assert rows == ['(None, 4)', '(None, 2, 3)']        # TF 2.21's summary rows
