"""tf.Variable(..., shape=tf.TensorShape(None)) or shape=[None]: the variable reports that open
shape (its repr says shape=<unknown>) and assign may give it a value of another compatible shape,
as in TensorFlow 2.21 (notes/progs/tftutorials3/var.py). Also the variable guide's other prints:
a missing initial value, sparse_read / gather_nd, initial_value in eager mode, string variables."""
import pytest

import framework as tf


def test_an_unknown_shape_takes_any_value():
    v = tf.Variable([1., 2.], shape=tf.TensorShape(None))
    assert repr(v) == "<tf.Variable 'Variable:0' shape=<unknown> dtype=float32, numpy=array([1., 2.], " \
                      "dtype=float32)>"
    v.assign([1., 2., 3.])
    assert v.numpy().tolist() == [1.0, 2.0, 3.0] and v.shape.rank is None
    v.assign([[5.]])
    assert v.numpy().tolist() == [[5.0]]


def test_an_open_dimension_keeps_the_known_ones():
    v = tf.Variable([[1., 2.]], shape=[None, 2])
    assert v.shape.as_list() == [None, 2]
    v.assign([[1., 2.], [3., 4.]])
    assert v.numpy().shape == (2, 2)
    with pytest.raises(ValueError, match='Shape mismatch'):
        v.assign([[1., 2., 3.]])
    with pytest.raises(tf.errors.InvalidArgumentError):
        v.assign_add([[1., 2.]])          # adding needs the current shape


def test_the_variable_guides_other_prints():
    with pytest.raises(ValueError) as info:
        tf.Variable(None)
    assert str(info.value) == ('The `initial_value` arg to `tf.Variable` must be specified except when you are not '
                               'providing a `variable_def`. You provided neither.')
    w = tf.Variable([[1., 2.], [3., 4.]])
    assert w.sparse_read([1]).numpy().tolist() == [[3.0, 4.0]]
    assert w.gather_nd([[0, 1]]).numpy().tolist() == [2.0]
    with pytest.raises(RuntimeError, match='^This property is not supported when eager execution is enabled.$'):
        w.initial_value
    assert repr(tf.Variable(['a', 'b'])) == "<tf.Variable 'Variable:0' shape=(2,) dtype=string, " \
                                            "numpy=array([b'a', b'b'], dtype=object)>"
