"""guide/tensor prints: tf.complex(real, imag) keeps each part as given, signed zeros included. TF 2.21 prints
tf.complex([0., -0.], [-0., 1.]) as [ 0.-0.j, -0.+1.j]; tapeflow built real + imag * 1j, which turns -0. parts
into 0. (printed [0.+0.j, 0.+1.j]). Values: TF 2.21 (notes progs/tutorials33/t2_special_prints.py)."""
import numpy as np
import pytest

import framework as tf


@pytest.mark.parametrize('dtype', [tf.float32, tf.float64])
def test_signed_zero_parts_survive(dtype):
    c = tf.complex(tf.constant([0.0, -0.0, 1.5, np.nan, np.inf], dtype), tf.constant([-0.0, 1.0, -2.25, 1.0, 0.0], dtype))
    data = c.numpy()
    assert np.signbit(data.real).tolist() == [False, True, False, False, False]
    assert np.signbit(data.imag).tolist() == [True, False, True, False, False]
    assert repr(tf.cast(c, tf.complex128)).endswith(
        'numpy=array([ 0. -0.j  , -0. +1.j  ,  1.5-2.25j,  nan+1.j  ,  inf+0.j  ])>')


def test_broadcast_parts_and_gradient():
    re = tf.constant([[1.0], [2.0]])
    im = tf.constant([-0.0, 3.0])
    with tf.GradientTape() as tape:
        tape.watch([re, im])
        c = tf.complex(re, im)
        loss = tf.reduce_sum(tf.math.real(c) * 2.0 + tf.math.imag(c) * 5.0)
    assert c.shape == (2, 2) and np.signbit(c.numpy().imag).tolist() == [[True, False], [True, False]]
    g_re, g_im = tape.gradient(loss, [re, im])
    assert g_re.numpy().tolist() == [[4.0], [4.0]] and g_im.numpy().tolist() == [10.0, 10.0]
