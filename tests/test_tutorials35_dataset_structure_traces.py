"""fit / evaluate on a dataset of dict or list inputs share their traced step with the same inputs given as
arrays, as on TF 2.21, where both reach Keras's train function with one element spec (the pandas-dataframe
tutorial fits dict(df) and then a dataset of dict batches). tapeflow keyed a dataset's traces as plain
(x, y) data, so the arrays' pass traced again: a print in call() showed once more per pass (six extra
lines in notes/progs/tutorials35/tr1.py) and the retracing warning counted those traces. Expected prints
from TF 2.21 / Keras 3.15."""
import numpy as np
import pytest

import framework as tf
from framework import keras


class Shout(keras.layers.Layer):
    def call(self, x):
        print('call() ran', tuple(x.shape))
        return x


def _model(inputs):
    if inputs == 'dict':
        inp = {'a': keras.Input((1,), name='a'), 'b': keras.Input((2,), name='b')}
        joined = keras.layers.Concatenate()([inp['a'], inp['b']])
    else:
        inp = [keras.Input((1,)), keras.Input((2,))]
        joined = keras.layers.Concatenate()(inp)
    model = keras.Model(inp, keras.layers.Dense(1)(Shout()(joined)))
    model.compile('sgd', 'mse')
    return model


def _x(inputs, n):
    a, b = np.ones((n, 1), 'float32'), np.ones((n, 2), 'float32')
    return {'a': a, 'b': b} if inputs == 'dict' else [a, b]


def _dataset(inputs, n):
    x = _x(inputs, n)
    return tf.data.Dataset.from_tensor_slices((x if inputs == 'dict' else tuple(x),
                                               np.zeros((n, 1), 'float32'))).batch(3)


def _prints(capsys, run):
    capsys.readouterr()
    run()
    return capsys.readouterr().out.splitlines()


@pytest.mark.parametrize('inputs', ['dict', 'list'])
def test_arrays_after_a_dataset_of_the_same_inputs_trace_nothing_new(inputs, capsys):
    keras.utils.set_random_seed(0)
    model = _model(inputs)
    # TF 2.21: the dataset's trace (the model's construction printed once before)
    assert _prints(capsys, lambda: model.fit(_dataset(inputs, 6), verbose=0)) == ['call() ran (None, 3)']
    assert _prints(capsys, lambda: model.fit(_x(inputs, 6), np.zeros((6, 1), 'float32'), batch_size=4,
                                             verbose=0)) == []
    assert _prints(capsys, lambda: model.fit(_dataset(inputs, 6), verbose=0)) == []
    # evaluate's own function traces once, for arrays and dataset alike
    assert _prints(capsys, lambda: model.evaluate(_x(inputs, 5), np.zeros((5, 1), 'float32'), verbose=0)) == \
        ['call() ran (None, 3)']
    assert _prints(capsys, lambda: model.evaluate(_dataset(inputs, 5), verbose=0)) == []


@pytest.mark.parametrize('inputs', ['dict', 'list'])
def test_a_dataset_after_arrays_of_the_same_inputs_traces_nothing_new(inputs, capsys):
    keras.utils.set_random_seed(0)
    model = _model(inputs)
    assert _prints(capsys, lambda: model.fit(_x(inputs, 5), np.zeros((5, 1), 'float32'), batch_size=2,
                                             verbose=0)) == ['call() ran (None, 3)']
    assert _prints(capsys, lambda: model.fit(_dataset(inputs, 6), verbose=0)) == []
