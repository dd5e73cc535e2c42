"""Rescaling under an integer dtype, as Keras 3 on TF 2.21: scale and offset are cast to the compute dtype
(TF's Cast truncates 0.5 to 0) and the result stays integer. Printed by TF 2.21 (progs/layers11/rescint.py):
    keras.layers.Rescaling(2, dtype='int32')(np.array([[1, 2, 250]], 'int32'))                 -> [[2, 4, 500]]
    keras.layers.Rescaling(3.7, offset=1.9, dtype='int32')(np.array([[1, 2, 250]], 'int32'))  -> [[4, 7, 751]]
"""
import numpy as np
import pytest

import framework as tf
from framework import keras

X = np.array([[1, 2, 250]], 'int32')


@pytest.mark.parametrize('kwargs, expected', [
    ({'scale': 2}, [[2, 4, 500]]),
    ({'scale': 3.7, 'offset': 1.9}, [[4, 7, 751]]),
    ({'scale': 0.5}, [[0, 0, 0]]),
    ({'scale': [1, 2, 3]}, [[1, 4, 750]]),
])
def test_integer_rescaling(kwargs, expected):
    out = keras.layers.Rescaling(**kwargs, dtype='int32')(X)
    assert out.dtype == tf.int32
    assert out.numpy().tolist() == expected


def test_float_layers_keep_float32_scales():
    out = keras.layers.Rescaling(0.5, offset=0.25)(X)
    assert out.dtype == tf.float32 and out.numpy().tolist() == [[0.75, 1.25, 125.25]]


def test_rescaling_config_serializes_tensors_and_arrays():
    # printed by TF 2.21 (progs/layers11/rescfg.py)
    config = keras.layers.Rescaling(tf.constant([1., 2.]), offset=np.float64(0.25)).get_config()
    assert config['scale'] == {'class_name': '__tensor__', 'config': {'value': [1.0, 2.0], 'dtype': 'float32'}}
    assert config['offset'] == 0.25
    config = keras.layers.Rescaling(np.array([1., 2.])).get_config()
    assert config['scale'] == {'class_name': '__numpy__', 'config': {'value': [1.0, 2.0], 'dtype': 'float64'}}
    restored = keras.layers.Rescaling.from_config(config)
    assert restored(np.ones((1, 2), 'float32')).numpy().tolist() == [[1., 2.]]
