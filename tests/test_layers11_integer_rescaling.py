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
