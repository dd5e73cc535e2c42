"""tf.recompute_grad as TF 2.21's: the rerun block is differentiated with unconnected_gradients=ZERO,
and its gradient rule has no transpose, so a ForwardAccumulator, or a second derivative whose path
runs through the upstream gradient, raises NotImplementedError (a second derivative through the
block's inputs alone still flows). Golden values: /opt/tfref, notes/progs/autodiff12/x_rg.py.
"""
import numpy as np
import pytest

import framework as tf


def f(x):
    return tf.sin(x) * x


RF = tf.recompute_grad(f)
MESSAGE = ('recompute_grad tried to transpose grad of f. Consider not using recompute_grad in forward '
           'modeautodiff')


def test_first_derivative_as_the_plain_block():
    x = tf.constant([0.5, 1.5])
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = tf.reduce_sum(RF(x) ** 2)
    # TF 2.21: [0.440216600894928, 3.30250883102417]
    assert tape.gradient(y, x).numpy().tolist() == [0.440216600894928, 3.30250883102417]


def test_an_input_the_block_cuts_off_gets_zeros():
    block = tf.recompute_grad(lambda z: tf.cast(tf.cast(z, tf.int32), tf.float32) * 2.0)
    x = tf.Variable([0.5, 1.5])
    with tf.GradientTape() as tape:
        y = tf.reduce_sum(block(x))
    g = tape.gradient(y, x)
    assert g is not None and g.numpy().tolist() == [0.0, 0.0]


def test_second_derivative_through_the_upstream_raises():
    x = tf.constant([0.5, 1.5])
    with pytest.raises(NotImplementedError) as info:
        with tf.GradientTape() as outer:
            outer.watch(x)
            with tf.GradientTape() as inner:
                inner.watch(x)
                y = tf.reduce_sum(RF(x) ** 2)
            g = inner.gradient(y, x)
        outer.gradient(g, x)
    assert str(info.value) == MESSAGE


def test_second_derivative_with_a_constant_upstream_flows():
    x = tf.constant([0.5, 1.5])
    with tf.GradientTape() as outer:
        outer.watch(x)
        with tf.GradientTape() as inner:
            inner.watch(x)
            y = tf.reduce_sum(RF(x))
        g = inner.gradient(y, x)
    h = outer.gradient(g, x)
    # TF 2.21: g [0.9182168245315552, 1.1036007404327393], h [1.5154523849487305, -1.35476815700531]
    assert g.numpy().tolist() == [0.9182168245315552, 1.1036007404327393]
    np.testing.assert_allclose(h.numpy(), [1.5154523849487305, -1.35476815700531], rtol=1e-6)


def test_forward_mode_raises():
    x = tf.constant([0.5, 1.5])
    with tf.autodiff.ForwardAccumulator(x, tf.ones_like(x)) as acc:
        y = RF(x)
    with pytest.raises(NotImplementedError) as info:
        acc.jvp(y)
    assert str(info.value) == MESSAGE
