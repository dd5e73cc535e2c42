"""tf.cast to the dtype a tensor already has hands back that tensor, as TF 2.21's math_ops.cast does.

Printed by TF 2.21 (progs/layers13/cast1.py):
    x = tf.constant([1., 2.]); tf.cast(x, x.dtype) is x, tf.cast(x, 'float32') is x    -> True True
    v = tf.Variable([1., 2.]); tf.cast(v, tf.float32) is v                              -> True (the ResourceVariable)
    keras.ops.cast(keras.Variable([1., 2.]), 'float32')                                 -> a new EagerTensor
    tf.saturate_cast(x, tf.float32) is x                                                -> False (it clips first)
"""
import numpy as np

import framework as tf
from framework import keras


def test_same_dtype_returns_the_tensor_itself():
    x = tf.constant([1., 2.])
    assert tf.cast(x, x.dtype) is x
    assert tf.cast(x, 'float32', name='foo') is x
    assert keras.ops.cast(x, 'float32') is x and keras.ops.cast(x, None) is x
    i = tf.constant([1, 2])
    assert tf.cast(i, tf.int32) is i
    s = tf.constant(['a'])
    assert tf.cast(s, tf.string) is s
    assert tf.cast(x, tf.float64) is not x


def test_tf_variable_comes_back_but_a_keras_variable_is_read():
    v = tf.Variable([1., 2.])
    assert tf.cast(v, tf.float32) is v
    kv = keras.Variable([1., 2.])
    read = keras.ops.cast(kv, 'float32')
    assert read is not kv and not isinstance(read, tf.Variable)
    assert tf.cast(kv, tf.float32) is not kv
    kv.assign([5., 6.])
    np.testing.assert_array_equal(read.numpy(), [1., 2.])      # a value read then, not the variable


def test_gradients_flow_through_the_returned_tensor():
    x = tf.constant([1., 2.])
    v = tf.Variable([1., 2.])
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = tf.reduce_sum(tf.cast(x, tf.float32) * 3 + tf.cast(v, tf.float32) * 2)
    gx, gv = tape.gradient(y, [x, v])
    np.testing.assert_array_equal(gx.numpy(), [3., 3.])
    np.testing.assert_array_equal(gv.numpy(), [2., 2.])


def test_a_mask_riding_on_the_tensor_stays():
    e = keras.layers.Embedding(6, 3, mask_zero=True)(np.array([[1, 2, 0]]))
    assert tf.cast(e, 'float32')._keras_mask is e._keras_mask


def test_saturate_cast_and_identity_make_new_tensors():
    x = tf.constant([1., 2.])
    assert tf.saturate_cast(x, tf.float32) is not x
    np.testing.assert_array_equal(tf.saturate_cast(x, tf.float32).numpy(), [1., 2.])
    assert tf.identity(x) is not x
