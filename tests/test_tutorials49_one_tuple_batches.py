"""What a custom train_step / test_step / predict_step receives as ``data`` ("Customizing what happens in
fit()"): Keras 3 hands a dataset's or a generator's ``(x,)`` element to the step as the 1-tuple it is, and a
PyDataset's array batch as ``(x,)`` too (its adapter wraps it), while a dataset of bare ``x`` and a
PyDataset's dict batch come alone. Their traces differ: fit on a dataset of ``x`` after one of ``(x,)``
traces the steps again, a PyDataset's ``(x,)`` batches reuse the ``(x,)`` dataset's trace.

Expected lines printed by TF 2.21 / Keras 3 (/work/notes/progs/tutorials49/t49_onetuple2.py, run with
``import tensorflow as tf``); tapeflow handed a bare x to every step (and traced the PyDataset's anew)."""
import numpy as np

import framework as tf
from framework import keras


def _describe(data):
    if isinstance(data, (tuple, list)):
        return type(data).__name__ + '(' + ', '.join(_describe(d) for d in data) + ')'
    if isinstance(data, dict):
        return '{' + ', '.join('%s: %s' % (k, _describe(v)) for k, v in sorted(data.items())) + '}'
    return 'T%s' % (tuple(data.shape),)


class Spy(keras.Model):
    def train_step(self, data):
        print('train_step', _describe(data))
        return {'n': tf.constant(1.0)}

    def test_step(self, data):
        print('test_step', _describe(data))
        return {'n': tf.constant(1.0)}

    def predict_step(self, data):
        print('predict_step', _describe(data))
        return super().predict_step(data)


X = np.ones((8, 3), 'float32')


class Batches(keras.utils.PyDataset):
    def __init__(self, kind):
        super().__init__()
        self.kind = kind

    def __len__(self):
        return 2

    def __getitem__(self, index):
        return {'array': X[:4], 'tuple': (X[:4],), 'dict': {'inp': X[:4]}}[self.kind]


def _spy():
    inputs = keras.Input((3,), name='inp')
    model = Spy(inputs, keras.layers.Dense(2)(inputs))
    model.compile(optimizer='sgd')
    return model


def _steps(capsys, model, data):
    model.fit(data, verbose=0, batch_size=4, shuffle=False)
    model.evaluate(data, verbose=0, batch_size=4)
    model.predict(data, verbose=0, batch_size=4)
    return [line for line in capsys.readouterr().out.splitlines() if '_step' in line]


def test_py_dataset_batches_reach_the_steps_as_keras_adapter_makes_them(capsys):
    one_tuple = ['train_step tuple(T(None, 3))', 'test_step tuple(T(None, 3))', 'predict_step tuple(T(4, 3))']
    assert _steps(capsys, _spy(), Batches('array')) == one_tuple
    assert _steps(capsys, _spy(), Batches('tuple')) == one_tuple
    assert _steps(capsys, _spy(), Batches('dict')) == [
        'train_step {inp: T(None, 3)}', 'test_step {inp: T(None, 3)}', 'predict_step {inp: T(4, 3)}']


def test_one_tuple_and_bare_elements_are_traced_apart_and_py_dataset_shares_the_dataset_trace(capsys):
    model = _spy()
    one_tuple = tf.data.Dataset.from_tensor_slices((X,)).batch(4)
    bare = tf.data.Dataset.from_tensor_slices(X).batch(4)
    assert _steps(capsys, model, one_tuple) == [
        'train_step tuple(T(None, 3))', 'test_step tuple(T(None, 3))', 'predict_step tuple(T(4, 3))']
    assert _steps(capsys, model, bare) == ['train_step T(None, 3)', 'test_step T(None, 3)', 'predict_step T(4, 3)']
    assert _steps(capsys, model, one_tuple) == []       # its traces serve again
    assert _steps(capsys, model, X) == []               # arrays of x share the bare dataset's
    assert _steps(capsys, model, Batches('array')) == []
    assert _steps(capsys, model, Batches('tuple')) == []


def test_a_generator_of_one_tuples_hands_the_tuple_on(capsys):
    def batches():
        for _ in range(2):
            yield (X[:4],)
    model = _spy()
    model.fit(batches(), verbose=0)
    assert [line for line in capsys.readouterr().out.splitlines() if '_step' in line] == [
        'train_step tuple(T(None, 3))']
