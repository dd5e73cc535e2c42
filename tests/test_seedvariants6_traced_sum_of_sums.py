"""A traced ``main_loss + tf.add_n(model.losses)`` is summed as grappler's AddOpsRewrite sums it.

Seed 002's step in a tf.function, written ``tf.reduce_mean(loss_fn(y, p)) + tf.add_n(model.losses)``,
printed a loss one float32 ulp off TF 2.21 in 4 of 16 steps (notes/progs/seedvariants6/warm9.py):
grappler collapses ``a + AddN(b, c)`` into ``AddN(a, b, c)``, added left to right. Values printed by
TF 2.21 (notes/progs/seedvariants6/addn10.py, addn15.py), e.g.

    @tf.function
    def f(a, b, c):
        return a + tf.add_n([b, c])
    print(repr(f(tf.constant(22136.9), tf.constant(2.7), tf.constant(0.35)).numpy()))   # np.float32(22139.95)
"""
import numpy as np

import framework as tf


def _scalars(*values):
    return [tf.constant(np.float32(v)) for v in values]


def test_traced_add_of_an_add_n_is_one_left_to_right_sum():
    a, b, c = _scalars(22136.9, 2.7, 0.35)
    traced = tf.function(lambda a, b, c: a + tf.add_n([b, c]))
    assert traced(a, b, c).numpy() == np.float32(22139.95)          # TF 2.21, traced
    assert (a + tf.add_n([b, c])).numpy() == np.float32(22139.951)  # TF 2.21, eager: as written


def test_traced_nested_adds_and_python_sum_regroup_the_same_way():
    a, b, c = _scalars(1e8, 3.0, 3.0)
    # TF 2.21 prints np.float32(1e+08) for each traced form; eager a + (b + c) is 1.0000001e+08
    assert tf.function(lambda: a + (b + c))().numpy() == np.float32(1e8)
    assert tf.function(lambda: a + sum([b, c]))().numpy() == np.float32(1e8)
    assert (a + (b + c)).numpy() == np.float32(1.0000001e8)


def test_an_add_n_root_and_a_sum_of_several_shapes_keep_their_order():
    a, b, c = _scalars(1e8, 3.0, 3.0)
    # TF 2.21: tf.add_n([a, b + c]) traced is 1.0000001e+08, as eager (grappler's root is an Add)
    assert tf.function(lambda: tf.add_n([a, b + c]))().numpy() == np.float32(1.0000001e8)
    vec = tf.constant([1e8, 1.0, 2.0])
    # TF 2.21: vec + (c + c), a scalar inner sum, is [100000008.0, 7.0, 8.0] (grouped by shape: as eager)
    assert tf.function(lambda: vec + (c + c))().numpy().tolist() == [100000008.0, 7.0, 8.0]


def test_the_regrouped_loss_keeps_its_gradient():
    v = tf.Variable(1e8)
    b, c = _scalars(3.0, 3.0)

    @tf.function
    def step():
        with tf.GradientTape() as tape:
            y = v + tf.add_n([b * v / 1e8, c])
        return y, tape.gradient(y, v)

    y, grad = step()
    # TF 2.21: ['np.float32(1e+08)', 'np.float32(1.0)']
    assert y.numpy() == np.float32(1e8) and grad.numpy() == np.float32(1.0)
