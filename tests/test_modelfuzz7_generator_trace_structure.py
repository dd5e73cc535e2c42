"""A generator's trace serves a dataset's or arrays' of the same batch structure, as in TF 2.21.

Keras 3 makes a generator's spec from its first batch, so fit(generator of (x, y, w) batches or of
dict inputs) then fit(dataset of the same structure) or fit(arrays, sample_weight=w) traces nothing
new: a print in a layer's call() shows only in the generator's trace. Golden printed by TF 2.21 +
Keras 3 (/work/notes/progs/modelfuzz7/t11.py): tapeflow traced the dataset's fit again.
"""
import numpy as np
import pytest

import framework as tf
from framework import keras

X = np.linspace(0, 1, 60, dtype='float32').reshape(20, 3)
Y = np.linspace(1, 0, 20, dtype='float32').reshape(20, 1)
W = np.ones(20, 'float32')


class PrintsShape(keras.layers.Layer):
    def call(self, x):
        print('trace', 'dict' if isinstance(x, dict) else tuple(x.shape))
        return x['a'] if isinstance(x, dict) else x


@pytest.fixture(autouse=True)
def fresh_session():
    keras.backend.clear_session()
    yield
    keras.backend.clear_session()


@pytest.mark.parametrize('weighted', [False, True])
@pytest.mark.parametrize('dict_inputs', [False, True])
def test_dataset_and_arrays_reuse_the_generators_trace(capsys, weighted, dict_inputs):
    model = keras.Sequential([PrintsShape(), keras.layers.Dense(1)])
    model.compile('sgd', 'mse')
    inputs = {'a': X} if dict_inputs else X

    def batches():
        for i in range(0, 20, 8):
            x = {'a': X[i:i + 8]} if dict_inputs else X[i:i + 8]
            yield (x, Y[i:i + 8], W[i:i + 8]) if weighted else (x, Y[i:i + 8])

    model.fit(batches(), epochs=1, verbose=0)
    traced = capsys.readouterr().out
    # TF 2.21: the build's symbolic call, the trace, and a dict input's build once less
    assert traced.count('trace') == (2 if dict_inputs else 3)
    dataset = tf.data.Dataset.from_tensor_slices((inputs, Y, W) if weighted else (inputs, Y)).batch(8)
    model.fit(dataset, epochs=1, verbose=0)
    model.fit(inputs, Y, sample_weight=W if weighted else None, batch_size=8, epochs=1, verbose=0)
    assert capsys.readouterr().out == ''
