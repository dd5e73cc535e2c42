"""A predict_step output holding None (layers/training/predict_none.py). Printed by TF 2.21
(progs/tutorials39: t39_pred2.py / t39_pred3.py / t39_pred4.py), e.g.

    class M(keras.Model):
        def predict_step(self, data):
            return (self(data), None)
    model.predict(x, batch_size=32, callbacks=[cb])     # 96 samples

TF 2.21: ValueError "Structures don't have the same nested structure." once the second batch has run
(callbacks: begin 0, step, end 0, begin 1, [step when run_eagerly], then the error), or after
on_predict_end with one batch; predict_on_batch AttributeError "'NoneType' object has no attribute
'numpy'". tapeflow raised numpy's 'zero-dimensional arrays cannot be concatenated' after every batch,
and predict_on_batch returned the None as array(None, dtype=object).
"""
import numpy as np
import pytest

from framework import keras


class Calls(keras.callbacks.Callback):
    def on_predict_batch_begin(self, batch, logs=None):
        print('begin %d' % batch)

    def on_predict_batch_end(self, batch, logs=None):
        print('end %d' % batch)

    def on_predict_end(self, logs=None):
        print('predict_end')


def _model(shape):
    class Returns(keras.Model):
        def predict_step(self, data):
            print('step')     # (a traced step prints on its trace only)
            y = self(data[0] if isinstance(data, tuple) else data)
            return {'none': None, 'tuple': (y, None), 'dict': {'y': y, 'n': None}, 'list': [None, y]}[shape]

    keras.utils.set_random_seed(0)
    inputs = keras.Input((4,))
    return Returns(inputs, keras.layers.Dense(1)(inputs))


def _x(rows):
    return np.random.default_rng(0).random((rows, 4))


@pytest.mark.parametrize('run_eagerly', [False, True])
def test_predict_refuses_the_second_batch(run_eagerly, capsys):
    model = _model('tuple')
    model.compile(run_eagerly=run_eagerly)
    with pytest.raises(ValueError) as error:
        model.predict(_x(96), verbose=0, batch_size=32, callbacks=[Calls()])
    assert str(error.value) == "Structures don't have the same nested structure."
    steps = ['step'] if run_eagerly else []      # a traced step prints on its first trace only
    assert capsys.readouterr().out.split('\n')[:-1] == ['begin 0', 'step', 'end 0', 'begin 1'] + steps


@pytest.mark.parametrize('shape', ['none', 'tuple', 'dict', 'list'])
def test_predict_of_one_batch_and_predict_on_batch(shape, capsys):
    model = _model(shape)
    with pytest.raises(ValueError) as error:
        model.predict(_x(64), verbose=0, batch_size=64, callbacks=[Calls()])
    assert str(error.value) == "Structures don't have the same nested structure."
    assert capsys.readouterr().out.split('\n')[-2] == 'predict_end'
    with pytest.raises(AttributeError) as error:
        model.predict_on_batch(_x(8))
    assert str(error.value) == "'NoneType' object has no attribute 'numpy'"


def test_outputs_without_none_still_predict():
    class Pair(keras.Model):
        def predict_step(self, data):
            y = self(data[0] if isinstance(data, tuple) else data)
            return (y, y * 2.0)

    inputs = keras.Input((4,))
    model = Pair(inputs, keras.layers.Dense(1)(inputs))
    first, second = model.predict(_x(96), verbose=0, batch_size=32)
    assert first.shape == second.shape == (96, 1)
    np.testing.assert_array_equal(second, first * 2.0)
