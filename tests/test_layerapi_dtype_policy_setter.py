"""layer.dtype_policy = ... as Keras 3 allows (tapeflow: "property 'dtype_policy' ... has no setter"):
later calls compute in the new compute dtype; weights made before keep theirs. From TF 2.21 / Keras 3.15."""
import numpy as np
import pytest

import framework as tf
from framework import keras


class L(keras.layers.Layer):
    def build(self, shape):
        self.w = self.add_weight(shape=(shape[-1], 2), initializer='ones')

    def call(self, x):
        return tf.matmul(x, self.w)


def test_policy_set_before_build():
    layer = L()
    layer.dtype_policy = 'mixed_float16'
    assert repr(layer.dtype_policy) == '<DTypePolicy "mixed_float16">'
    assert (layer.compute_dtype, layer.variable_dtype, layer.dtype) == ('float16', 'float32', 'float32')
    assert layer(np.ones((1, 3), 'float32')).dtype == tf.float16
    assert layer.w.dtype == 'float32'
    assert layer.get_config()['dtype'] == {'module': 'keras', 'class_name': 'DTypePolicy',
                                           'config': {'name': 'mixed_float16'}, 'registered_name': None}


def test_policy_set_after_build_keeps_the_weights():
    layer = L()
    layer(np.ones((1, 3), 'float32'))
    layer.dtype_policy = 'float64'
    assert repr(layer.dtype_policy) == '<DTypePolicy "float64">' and layer.w.dtype == 'float32'
    with pytest.raises(tf.errors.InvalidArgumentError, match='was expected to be a double tensor but is a float'):
        layer(np.ones((1, 3), 'float32'))


def test_dense_policy_object_and_bad_name():
    dense = keras.layers.Dense(2)
    dense.dtype_policy = keras.DTypePolicy('mixed_bfloat16')
    assert dense(np.ones((1, 3))).dtype == tf.bfloat16 and dense.kernel.dtype == 'float32'
    with pytest.raises(ValueError) as caught:
        dense.dtype_policy = 'foo'
    assert str(caught.value) == ("Cannot convert 'foo' to a mixed precision DTypePolicy. Valid policies include "
                                 "'mixed_float16', 'mixed_bfloat16', and the name of any float dtype such as 'float32'.")
