"""fit's traced step serves a Dataset only when its x and y dtypes are those the trace was made on.

Keras's array adapter hands the step floats as floatx, a Dataset hands them as its element spec says: TF 2.21
traces train_step again for fit(Dataset of x, float64 y) after fit(x, float64 y), so a print in train_step
shows twice, and the retracing warning counts it (notes progs/kerasexamples15/p25_fit_retrace.py, TF 2.21's
lines: 'traced' once, twice, once for the three cases below; p27_fit_retrace_dtypes.py, p20_ordered_predict.py).
tapeflow let any earlier trace of the same structure serve a Dataset, and printed once.
"""
import numpy as np
import pytest

import framework as tf
from framework import keras


class Printing(keras.Model):
    def train_step(self, data):
        x, y = data
        print('traced', x.dtype.name, y.dtype.name)
        return super().train_step(data)


def _model():
    keras.utils.set_random_seed(0)
    inputs = keras.Input((2,))
    model = Printing(inputs, keras.layers.Dense(1)(inputs))
    model.compile('sgd', 'mse')
    return model


X = np.ones((4, 2), 'float32')


@pytest.mark.parametrize('first_y, second_y, lines', [
    ('float32', 'float32', ['traced float32 float32']),
    ('float64', 'float64', ['traced float32 float32', 'traced float32 float64']),     # arrays: floats as floatx
    ('float64', 'float32', ['traced float32 float32']),
], ids=['same', 'float64-dataset', 'float32-dataset'])
def test_arrays_then_dataset(capsys, first_y, second_y, lines):
    model = _model()
    model.fit(X, np.zeros((4, 1), first_y), verbose=0)
    model.fit(tf.data.Dataset.from_tensors((X, np.zeros((4, 1), second_y))), verbose=0)
    assert capsys.readouterr().out.splitlines() == lines


def test_dataset_then_dataset_of_other_dtype(capsys):
    model = _model()
    for y_dtype in ('float32', 'float32', 'float64', 'float64'):
        model.fit(tf.data.Dataset.from_tensors((X, np.zeros((4, 1), y_dtype))), verbose=0)
    assert capsys.readouterr().out.splitlines() == ['traced float32 float32', 'traced float32 float64']
