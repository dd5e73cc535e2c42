"""A variable's write methods as TF 2.21 answers them: what they return (an _UnreadVariable
printing as 'UnreadVariable'), the IndexedSlices scatter family, and their errors.

Goldens: the same statements run on TensorFlow 2.21 (tensorflow-cpu, eager), outputs pasted.
"""
import numpy as np
import pytest

import framework as tf
from framework.errors import InvalidArgumentError


def test_assign_returns_an_unread_variable_that_prints_as_tf():
    # TF 2.21: v = tf.Variable(1.0, name='vv'); r = v.assign_add(2.0); type(r).__name__, r.name, print(r)
    v = tf.Variable(1.0, name='vv')
    r = v.assign_add(2.0)
    assert type(r).__name__ == '_UnreadVariable' and r.name == 'UnreadVariable'
    assert isinstance(r, tf.Variable) and r.trainable and r.dtype == tf.float32
    assert repr(r) == "<tf.Variable 'UnreadVariable' shape=() dtype=float32, numpy=3.0>"
    assert str(r) == repr(r)
    v.assign(10.0)                       # TF: r.numpy() -> 10.0 (it reads the variable live)
    assert r.numpy() == 10.0
    r.assign(5.0)                        # TF: writing through r writes v
    assert v.numpy() == 5.0 and v.name == 'vv:0'
    assert v.assign(3.0, read_value=False) is None
    k = tf.Variable(1, name='k')
    assert repr(k.assign_sub(1)) == "<tf.Variable 'UnreadVariable' shape=() dtype=int32, numpy=0>"
    w = tf.Variable([1.0, 2.0])
    assert repr(w[0].assign(4.0)) == ("<tf.Variable 'UnreadVariable' shape=(2,) dtype=float32, "
                                      "numpy=array([4., 2.], dtype=float32)>")


def test_assign_under_a_tape_still_passes_the_gradient():
    # TF 2.21: with tape: y = v.assign_add(1.0) * 2.0 -> tape.gradient(y, v) = 2.0
    v = tf.Variable(3.0)
    with tf.GradientTape() as t:
        y = v.assign_add(1.0) * 2.0
    assert t.gradient(y, v).numpy() == 2.0 and y.numpy() == 8.0


def test_scatter_methods_take_indexed_slices():
    # TF 2.21 prints, one statement after the other:
    # [9,2,8,4] [9,4,8,4] [9,4,8,3.5] [54,4,8,3.5] [54,1,8,3.5] [54,1,100,3.5] [-1,1,100,3.5] [-1,7,100,3.5]
    # then scatter_nd_max -> [50,7,100,3.5], scatter_nd_min -> [50,7,0,3.5]
    v = tf.Variable([1.0, 2.0, 3.0, 4.0])
    steps = [(v.scatter_update, ([9.0, 8.0], [0, 2]), [9, 2, 8, 4]),
             (v.scatter_add, ([1.0, 1.0], [1, 1]), [9, 4, 8, 4]),
             (v.scatter_sub, ([0.5], [3]), [9, 4, 8, 3.5]),
             (v.scatter_mul, ([2.0, 3.0], [0, 0]), [54, 4, 8, 3.5]),
             (v.scatter_div, ([4.0], [1]), [54, 1, 8, 3.5]),
             (v.scatter_max, ([100.0, -5.0], [2, 3]), [54, 1, 100, 3.5]),
             (v.scatter_min, ([-1.0], [0]), [-1, 1, 100, 3.5]),
             (v.batch_scatter_update, ([7.0], [1]), [-1, 7, 100, 3.5])]
    for method, (values, indices), want in steps:
        r = method(tf.IndexedSlices(tf.constant(values), tf.constant(indices)))
        assert r.name == 'UnreadVariable'
        np.testing.assert_array_equal(v.numpy(), want)
    np.testing.assert_array_equal(v.scatter_nd_max([[0], [1]], [50.0, -50.0]).numpy(), [50, 7, 100, 3.5])
    np.testing.assert_array_equal(v.scatter_nd_min([[2]], [0.0]).numpy(), [50, 7, 0, 3.5])
    m = tf.Variable([[1, 2], [3, 4], [5, 6]])
    m.scatter_update(tf.IndexedSlices(tf.constant([[0, 0]]), tf.constant([1])))
    m.scatter_add(tf.IndexedSlices(tf.constant([[10, 10], [1, 1]]), tf.constant([2, 2], tf.int64)))
    np.testing.assert_array_equal(m.numpy(), [[1, 2], [0, 0], [16, 17]])     # TF 2.21


def test_scatter_errors_are_tf_classes_and_texts():
    v = tf.Variable([1.0, 2.0, 3.0, 4.0])
    with pytest.raises(TypeError, match=r'^Argument `sparse_delta` must be a `tf.IndexedSlices`. Received arg: '
                                        r'\[1.0\]$'):
        v.scatter_update([1.0])
    with pytest.raises(InvalidArgumentError, match=r'indices\[0\] = 7 is not in \[0, 4\) \[Op:ResourceScatterUpdate\]'):
        v.scatter_update(tf.IndexedSlices(tf.constant([1.0]), tf.constant([7])))
    m = tf.Variable([[1, 2], [3, 4], [5, 6]])
    with pytest.raises(TypeError, match=r'^Cannot convert \[\[1.0, 2.0\]\] to EagerTensor of dtype int32$'):
        m.scatter_update(tf.IndexedSlices(tf.constant([[1.0, 2.0]]), tf.constant([0])))
    np.testing.assert_array_equal(v.numpy(), [1, 2, 3, 4])


def test_scatter_under_a_tape_keeps_the_value_the_tape_read():
    # TF 2.21: x = Variable([1., 2.]); with tape: y = x*x; x.scatter_update(IndexedSlices([5.], [0])); z = y*x
    # -> gradient [11., 12.]
    x = tf.Variable([1.0, 2.0])
    with tf.GradientTape() as t:
        y = x * x
        x.scatter_update(tf.IndexedSlices(tf.constant([5.0]), tf.constant([0])))
        z = y * x
    np.testing.assert_array_equal(t.gradient(z, x).numpy(), [11.0, 12.0])
