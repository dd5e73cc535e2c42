"""What Keras 3 hands a model's steps from the single-batch methods (TF 2.21 + Keras 3.15.1, printed
by a train_step / test_step / predict_step override): train_on_batch and test_on_batch pass
``(x, y, sample_weight)`` with None for what is missing, so a train_step written ``x, y = data``
raises ValueError on TF there; predict_on_batch passes ``(x,)``. tapeflow passed (x, y) and x.
"""
import numpy as np

from framework import keras


def _describe(data):
    if isinstance(data, tuple):
        return tuple(None if d is None else tuple(d.shape) for d in data)
    return tuple(data.shape)


class _Recording(keras.Model):
    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.seen = []

    def train_step(self, data):
        self.seen.append(('train', _describe(data)))
        return super().train_step(data)

    def test_step(self, data):
        self.seen.append(('test', _describe(data)))
        return super().test_step(data)

    def predict_step(self, data):
        self.seen.append(('predict', _describe(data)))
        return super().predict_step(data)


def test_single_batch_methods_hand_keras_structures():
    inputs = keras.Input(shape=(3,))
    model = _Recording(inputs, keras.layers.Dense(1)(inputs))
    model.compile(optimizer='sgd', loss='mse')
    x, y, sw = np.ones((4, 3), 'float32'), np.ones((4, 1), 'float32'), np.ones((4,), 'float32')
    model.train_on_batch(x, y)
    model.train_on_batch(x, y, sample_weight=sw)
    model.test_on_batch(x, y)
    model.predict_on_batch(x)
    assert model.seen == [('train', ((4, 3), (4, 1), None)), ('train', ((4, 3), (4, 1), (4,))),
                          ('test', ((4, 3), (4, 1), None)), ('predict', ((4, 3),))]


def test_fit_still_hands_pairs():
    inputs = keras.Input(shape=(3,))
    model = _Recording(inputs, keras.layers.Dense(1)(inputs))
    model.compile(optimizer='sgd', loss='mse')
    model.fit(np.ones((4, 3), 'float32'), np.ones((4, 1), 'float32'), batch_size=4, verbose=0)
    model.predict(np.ones((4, 3), 'float32'), batch_size=4, verbose=0)
    assert model.seen == [('train', ((4, 3), (4, 1))), ('predict', (4, 3))]
