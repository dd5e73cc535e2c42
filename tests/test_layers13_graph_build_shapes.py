"""A layer first called in a tf.function builds for the trace's shape, and Normalization refuses an open
kept axis in Keras 3's words.

Printed by TF 2.21 (progs/layers13/tfb.py):
    d = keras.layers.Dense(2); f = tf.function(lambda x: d(x), input_signature=[tf.TensorSpec((None, 4))])
    f(np.ones((3, 4), 'float32')); d.get_build_config()           -> {'input_shape': (None, 4)}
    (without the signature: {'input_shape': (3, 4)})
    n = keras.layers.Normalization(mean=1., variance=2., axis=0); n(keras.Input((3,)))
        -> ValueError 'All `axis` values to be kept must have a known shape. Received axis=(0,),
           inputs.shape=(None, 3), with unknown axis at index 0'
    keras.layers.Normalization(axis=1).build((None, None))  -> '... Received axis=(1,), inputs.shape=(None, None),
           with unknown axis at index 1'
    the same Normalization(axis=0) in tf.function(input_signature=[tf.TensorSpec((None, 3))]) -> the same ValueError
"""
import numpy as np
import pytest

import framework as tf
from framework import keras


def test_tf_function_signature_builds_for_its_open_batch():
    d = keras.layers.Dense(2)
    f = tf.function(lambda x: d(x), input_signature=[tf.TensorSpec((None, 4))])
    assert f(np.ones((3, 4), 'float32')).shape == (3, 2)
    assert d.get_build_config() == {'input_shape': (None, 4)}
    d = keras.layers.Dense(2)
    tf.function(lambda x: d(x))(np.ones((3, 4), 'float32'))
    assert d.get_build_config() == {'input_shape': (3, 4)}


def test_normalization_open_kept_axis_texts():
    text = ('All `axis` values to be kept must have a known shape. Received axis=(0,), inputs.shape=(None, 3), '
            'with unknown axis at index 0')
    with pytest.raises(ValueError) as info:
        keras.layers.Normalization(mean=1., variance=2., axis=0)(keras.Input((3,)))
    assert text in str(info.value)
    n = keras.layers.Normalization(mean=1., variance=2., axis=0)
    f = tf.function(lambda x: n(x), input_signature=[tf.TensorSpec((None, 3))])
    with pytest.raises(ValueError) as info:
        f(np.ones((3, 3), 'float32'))
    assert text in str(info.value)
    with pytest.raises(ValueError, match=r'Received axis=\(1,\), inputs.shape=\(None, None\), with unknown axis '
                                         r'at index 1'):
        keras.layers.Normalization(axis=1).build((None, None))
