"""A layer's dtype named like a quantization mode ('int8', 'int4', 'float8_e4m3fn') is Keras 3's
quantized-policy refusal, as TF 2.21 prints (progs/layers11/qpol.py):
    keras.layers.Dense(2, dtype='int8')
    -> ValueError: Cannot convert `policy` into a valid pair (`mode`, `source_name`) to instantiate
       `QuantizedDTypePolicy`. Received: policy=int8
while dtype objects, serialized policies and Inputs of those dtypes are plain dtypes.
"""
import re

import numpy as np
import pytest

import framework as tf
from framework import keras


def _refusal(name):
    return re.escape('Cannot convert `policy` into a valid pair (`mode`, `source_name`) to instantiate '
                     '`QuantizedDTypePolicy`. Received: policy=%s' % name)


@pytest.mark.parametrize('name', ['int8', 'int4', 'float8_e4m3fn', 'gptq'])
def test_layer_dtype_string_is_read_as_a_quantized_policy(name):
    with pytest.raises(ValueError, match=_refusal(name)):
        keras.layers.Dense(2, dtype=name)
    with pytest.raises(ValueError, match=_refusal(name)):
        keras.layers.CategoryEncoding(3, dtype=name)
    with pytest.raises(ValueError, match=_refusal(name)):
        keras.dtype_policies.get(name)


def test_dtype_policy_setter_refuses_int8():
    layer = keras.layers.Dense(2)
    with pytest.raises(ValueError, match=_refusal('int8')):
        layer.dtype_policy = 'int8'


@pytest.mark.parametrize('dtype', [np.dtype('int8'), tf.int8,
                                   {'module': 'keras', 'class_name': 'DTypePolicy', 'config': {'name': 'int8'},
                                    'registered_name': None}])
def test_int8_dtype_objects_stay_plain_dtypes(dtype):
    layer = keras.layers.CategoryEncoding(3, dtype=dtype, output_mode='one_hot')
    out = layer(np.array([0, 2]))
    assert out.dtype == tf.int8 and out.numpy().tolist() == [[1, 0, 0], [0, 0, 1]]


def test_int8_input_and_other_integer_policies_are_kept():
    assert keras.Input((2,), dtype='int8').dtype == 'int8'
    assert keras.layers.Dense(2, dtype='int16').dtype_policy.name == 'int16'
    assert keras.layers.Dense(2, dtype='uint8').dtype_policy.name == 'uint8'
