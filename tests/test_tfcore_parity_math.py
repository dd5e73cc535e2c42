"""tf.math walk-through values that printed differently: float floormod keeps the sign of a zero
remainder from x (TensorFlow computes fmod, then moves it by y), and one_hot takes its dtype from
on_value / off_value. Expected values are TensorFlow 2.21's (run under /opt/tfref, 2026-12-02)."""
import numpy as np
import pytest

import framework as tf


def test_float_floormod_zero_takes_the_sign_of_x():
    out = tf.constant([-6.0, 6.0, -5.0, 7.0]) % 3.0          # TF: [-0.  0.  1.  1.]
    assert out.numpy().tolist() == [0.0, 0.0, 1.0, 1.0]
    assert np.signbit(out.numpy()).tolist() == [True, False, False, False]
    assert np.signbit((tf.constant([-6.0, 6.0]) % -3.0).numpy()).tolist() == [True, False]
    assert str(tf.math.floormod(tf.constant([[1.0, -2.0]]), 2.0)) == \
        'tf.Tensor([[ 1. -0.]], shape=(1, 2), dtype=float32)'


def test_floormod_gradient_still_flows_to_x():
    x = tf.constant([-6.0, 5.0])
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = tf.reduce_sum(x % 3.0)
    assert tape.gradient(y, x).numpy().tolist() == [1.0, 1.0]


def test_one_hot_takes_the_dtype_of_its_values():
    assert tf.one_hot([1], 3, on_value=5, off_value=-1).numpy().tolist() == [[-1, 5, -1]]
    assert tf.one_hot([1], 3, on_value=5).dtype == tf.int32
    assert tf.one_hot([1], 3, on_value=tf.constant(2, tf.int64)).dtype == tf.int64
    assert tf.one_hot([1], 3, on_value=True, off_value=False).dtype == tf.bool
    assert tf.one_hot([1], 3, on_value=5, dtype=tf.float32).dtype == tf.float32
    assert tf.one_hot([1], 3).dtype == tf.float32
    with pytest.raises(TypeError, match="dtype <dtype: 'int32'> of on_value does not match dtype "
                                        "<dtype: 'float32'> of off_value"):
        tf.one_hot([1], 3, on_value=5, off_value=0.5)


def test_python_number_floormod_keeps_the_tensors_dtype():
    x = tf.constant([1.0, 2.0])
    assert (3 % x).dtype == tf.float32 and (3 % x).numpy().tolist() == [0.0, 1.0]
    assert np.signbit((-4.0 % x).numpy()).tolist() == [True, True]
