"""steps / steps_per_epoch given as a bool count as Keras 3 counts them on TF 2.21: True is one step,
False none, i.e. all the data (tapeflow raised TypeError: errors10 fuzzer D rows fit.steps / evaluate.args /
predict.args s_bool). Expected numbers printed by /work/notes/progs/errors10/p/s3.py under /opt/tfref."""
import numpy as np
import pytest

from framework import keras

rs = np.random.RandomState(0)
X = rs.rand(8, 3).astype('float32')
Y = rs.rand(8, 2).astype('float32')


def model():
    m = keras.Sequential([keras.Input((3,)), keras.layers.Dense(2, kernel_initializer='ones')])
    m.compile(optimizer=keras.optimizers.SGD(0.1), loss='mse')
    return m


class Count(keras.callbacks.Callback):
    def __init__(self):
        super().__init__()
        self.n = 0

    def on_test_batch_end(self, batch, logs=None):
        self.n += 1

    on_predict_batch_end = on_train_batch_end = on_test_batch_end


@pytest.mark.parametrize('steps, loss, batches', [(True, 1.79376, 1), (False, 1.94385, 4)])
def test_evaluate(steps, loss, batches):
    count = Count()
    assert round(model().evaluate(X, Y, batch_size=2, steps=steps, verbose=0, callbacks=[count]), 5) == loss
    assert count.n == batches


@pytest.mark.parametrize('steps, rows, batches', [(True, 2, 1), (False, 8, 4)])
def test_predict(steps, rows, batches):
    count = Count()
    assert model().predict(X, batch_size=2, steps=steps, verbose=0, callbacks=[count]).shape == (rows, 2)
    assert count.n == batches


@pytest.mark.parametrize('steps, loss, batches', [(True, 1.79376, 1), (False, 1.1509, 4)])
def test_fit(steps, loss, batches):
    count = Count()
    history = model().fit(X, Y, batch_size=2, steps_per_epoch=steps, epochs=1, verbose=0, callbacks=[count],
                          shuffle=False)
    assert count.n == batches and round(history.history['loss'][0], 5) == loss
