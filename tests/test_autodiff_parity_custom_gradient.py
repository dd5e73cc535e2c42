"""@tf.custom_gradient with several outputs, pinned to TensorFlow 2.21.

Values printed by the same program under TensorFlow 2.21 (/opt/tfref).
"""
import pytest

import framework as tf


def _two_out(seen):
    @tf.custom_gradient
    def two_out(a):
        def grad(g1, g2):
            seen.append((float(g1), float(g2)))
            return g1 * 2.0 + g2 * 3.0 * a
        return (a * 2.0, a * a * 1.5), grad
    return two_out


def test_each_output_brings_its_upstream_and_an_unused_one_brings_zeros():
    # TF 2.21: p, q = (4.0, 6.0); d(p + q*q)/da = 74.0 with upstreams (1, 12);
    # d(p)/da = 2.0 with upstreams (1, 0).
    seen = []
    a = tf.constant(2.0)
    with tf.GradientTape(persistent=True) as tape:
        tape.watch(a)
        p, q = _two_out(seen)(a)
        both, first = p + q * q, p
    assert (float(p), float(q)) == (4.0, 6.0)
    assert float(tape.gradient(both, a)) == 74.0
    assert float(tape.gradient(first, a)) == 2.0
    assert seen == [(1.0, 12.0), (1.0, 0.0)]


def test_second_order_through_a_two_output_custom_gradient():
    # TF 2.21: g = d(p*q)/da = 36.0 (upstreams 6, 4), d g/da = 36.0 (upstreams 6, 2).
    seen = []
    a = tf.constant(2.0)
    with tf.GradientTape() as outer:
        outer.watch(a)
        with tf.GradientTape() as inner:
            inner.watch(a)
            p, q = _two_out(seen)(a)
            s = p * q
        g = inner.gradient(s, a)
    assert float(g) == 36.0 and float(outer.gradient(g, a)) == 36.0
    assert seen == [(6.0, 4.0), (6.0, 2.0)]


def test_outputs_keep_their_structure():
    @tf.custom_gradient
    def as_dict(a):
        return {'y': a * 3.0, 'x': tf.stack([a, a])}, lambda gx, gy: gx[0] + gx[1] * 10.0 + gy
    a = tf.constant(2.0)
    with tf.GradientTape() as tape:
        tape.watch(a)
        d = as_dict(a)
        s = d['y'] + tf.reduce_sum(d['x'] * tf.constant([1.0, 2.0]))
    assert sorted(d) == ['x', 'y'] and d['x'].numpy().tolist() == [2.0, 2.0] and float(d['y']) == 6.0
    assert float(tape.gradient(s, a)) == 1.0 + 20.0 + 1.0      # grad_fn gets (gx, gy) in flattened (key) order


def test_outputs_of_two_dtypes_are_refused_with_the_dtypes():
    @tf.custom_gradient
    def mixed(a):
        return (a * 2.0, tf.cast(a, tf.float64)), lambda g1, g2: g1
    with pytest.raises(TypeError, match=r"mixed returns outputs of dtypes \['float32', 'float64'\]"):
        mixed(tf.constant(1.0))
