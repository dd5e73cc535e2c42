"""train_on_batch / test_on_batch / predict_on_batch trace again for inputs of other dtypes, as TF 2.21's
traced functions do (Keras hands them the arrays as given): a print in call() shows once per
(x dtype, y dtype) seen, and a new batch size relaxes only the trace of its own dtypes. Lines as TF
printed them for the same calls."""
import numpy as np

import framework as tf
from framework import keras
from framework.keras import layers


class _Show(layers.Layer):
    def call(self, x):
        print('trace call', x.dtype, x.shape)
        return x


def _model():
    keras.backend.clear_session()
    model = keras.Sequential([keras.Input((3,)), _Show(), layers.Dense(1)])
    model.compile('sgd', 'mse')
    return model


def _lines(capsys):
    return [line for line in capsys.readouterr().out.splitlines()]


def test_train_on_batch_traces_per_dtypes(capsys):
    model = _model()
    _lines(capsys)
    steps = [('A', np.ones((4, 3)), np.ones((4, 1))),
             ('B', np.ones((4, 3), 'float32'), np.ones((4, 1))),
             ('C', np.ones((4, 3), 'float32'), np.ones((4, 1), 'float32')),
             ('D', np.ones((4, 3)), np.ones((4, 1))),
             ('E', np.ones((4, 3), 'float32'), np.ones((4, 1), 'int32')),
             ('F', np.ones((5, 3), 'float32'), np.ones((5, 1), 'int32')),
             ('G', np.ones((6, 3)), np.ones((6, 1)))]
    for label, x, y in steps:
        print(label)
        model.train_on_batch(x, y)
    traced = "trace call <dtype: 'float32'> (4, 3)"
    relaxed = "trace call <dtype: 'float32'> (None, 3)"
    assert _lines(capsys) == ['A', traced, 'B', traced, 'C', traced, 'D', 'E', traced, 'F', relaxed, 'G', relaxed]


def test_test_and_predict_on_batch_trace_per_dtypes(capsys):
    model = _model()
    model.train_on_batch(np.ones((4, 3)), np.ones((4, 1)))
    _lines(capsys)
    print('H')
    model.test_on_batch(np.ones((4, 3)), np.ones((4, 1)))
    print('I')
    model.test_on_batch(np.ones((4, 3), 'float32'), np.ones((4, 1), 'float32'))
    print('J')
    model.predict_on_batch(np.ones((4, 3)))
    print('K')
    model.predict_on_batch(np.ones((4, 3), 'float32'))
    print('L')
    model.predict_on_batch(np.ones((4, 3), 'int32'))
    print('N')
    model.train_on_batch(tf.ones((4, 3), tf.float64), tf.ones((4, 1)))
    traced = "trace call <dtype: 'float32'> (4, 3)"
    assert _lines(capsys) == ['H', traced, 'I', traced, 'J', traced, 'K', traced, 'L', traced, 'N', traced]
