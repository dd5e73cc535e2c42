"""A loss compiled with reduction=None: fit and evaluate log the mean of every sample's loss.

Keras 3 weighs each batch's loss in the loss tracker by the batch size, one scalar, so an
unreduced loss (one value per sample) is averaged first. tapeflow weighed every value by the
batch size, which counts a short last batch (2 of 10 samples in batches of 4) size times less.
Values: TF 2.21 / Keras 3.15 (progs/histories/t1.py).
"""
import numpy as np
import pytest

from framework import keras


def _data():
    x = np.linspace(-1, 1, 30, dtype='float32').reshape(10, 3)
    y = np.linspace(0, 2, 10, dtype='float32').reshape(10, 1)
    return x, y


def _model(loss):
    model = keras.Sequential([keras.Input((3,)),
                              keras.layers.Dense(1, kernel_initializer=keras.initializers.Constant(0.1))])
    model.compile(keras.optimizers.SGD(0.05), loss, metrics=['mae'])
    return model


@pytest.mark.parametrize('reduction', [None, 'none'])
def test_fit_logs_the_mean_of_an_unreduced_loss(reduction):
    x, y = _data()
    model = _model(keras.losses.MeanSquaredError(reduction=reduction))
    history = model.fit(x, y, epochs=2, batch_size=4, shuffle=False, verbose=0)
    assert history.history == {'loss': [0.7767325639724731, 0.03350578621029854],
                               'mae': [0.8217390179634094, 0.15757949650287628]}
    assert model.evaluate(x, y, batch_size=4, verbose=0) == [0.002687024651095271, 0.042437560856342316]


def test_evaluate_gives_an_unreduced_loss_the_reduced_losss_value():
    x, y = _data()
    unreduced = _model(keras.losses.MeanSquaredError(reduction=None))
    reduced = _model('mse')
    expected = {'loss': 1.2116048336029053, 'mae': 1.0000001192092896}
    assert unreduced.evaluate(x, y, batch_size=4, verbose=0, return_dict=True) == expected
    assert reduced.evaluate(x, y, batch_size=4, verbose=0, return_dict=True) == expected
