"""BatchNormalization.call returns its compute dtype whatever the inputs' dtype, as Keras 3 on TF 2.21
(ops.cast(outputs, self.compute_dtype) after normalizing in result_type(x, float32)). A float32 layer meets
other dtypes where its call runs directly: under TimeDistributed(dtype='mixed_float16'), or called as
layer.call (probes layers22/p8.py, p10.py)."""
import numpy as np

import framework as tf
from framework import keras

L = keras.layers


def _built():
    layer = L.BatchNormalization()
    layer.build((2, 4))
    return layer


def test_float16_data_in_a_float32_layer_comes_back_float32():
    # TF 2.21: float32 (tapeflow cast the result back to float16)
    y = _built().call(tf.constant(np.ones((2, 4), 'float16')))
    assert y.dtype == 'float32'


def test_float64_data_in_a_float32_layer_comes_back_float32():
    # TF 2.21: float32 (tapeflow returned float64)
    y = _built().call(tf.constant(np.ones((2, 4))))
    assert y.dtype == 'float32'
    np.testing.assert_allclose(np.asarray(y), np.full((2, 4), 1 / np.sqrt(1.001), 'float32'), rtol=1e-6)


def test_under_a_mixed_time_distributed():
    # TF 2.21: float32 [1.762791, 0.399947, 0.978027] (tapeflow float16 [1.762695, 0.399902, 0.978027])
    x = np.random.RandomState(0).randn(2, 3, 4).astype('float32')
    y = L.TimeDistributed(L.BatchNormalization(), dtype='mixed_float16')(x)
    assert str(np.asarray(y).dtype) == 'float32'
    np.testing.assert_allclose(np.asarray(y).ravel()[:3], [1.762791, 0.399947, 0.978027], rtol=1e-5)


def test_mixed_layer_still_returns_float16():
    # control: TF 2.21 gives float16 under mixed_float16
    y = L.BatchNormalization(dtype='mixed_float16')(np.ones((2, 4), 'float32'))
    assert str(np.asarray(y).dtype) == 'float16'
