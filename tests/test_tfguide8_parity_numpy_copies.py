"""Tensors stay immutable through numpy, as in TensorFlow 2.21 ("Introduction to Tensors": a tensor's
value never changes): ``t.numpy()`` is a writable copy, ``np.asarray(t)`` a read-only view.

Reference behaviour, from TF 2.21 (tensorflow-cpu):
    t = tf.constant([1, 2]); n = t.numpy(); n[0] = 9        -> t still [1 2]; n.flags.writeable True
    a = np.asarray(t); a[0] = 3                             -> ValueError: assignment destination is read-only
    np.asarray(t, dtype=np.float32).flags.writeable         -> True
    c = np.array(t); c[0] = 7                               -> t still [1 2]
"""
import numpy as np
import pytest

import framework as tf


@pytest.mark.parametrize('make', [
    lambda: tf.constant([1, 2]),
    lambda: tf.constant([[1.5, 2.5]]),
    lambda: tf.range(4) * 2,
    lambda: tf.constant(['a', 'b']),
])
def test_writing_to_numpy_leaves_the_tensor_unchanged(make):
    t = make()
    before = t.numpy().tolist()
    n = t.numpy()
    assert n.flags.writeable
    n.reshape(-1)[0] = n.reshape(-1)[1]
    assert t.numpy().tolist() == before
    assert n is not t.numpy()


def test_a_scalar_tensor_gives_a_numpy_scalar():
    assert type(tf.constant(1.5).numpy()) is np.float32
    assert type(tf.constant(3).numpy()) is np.int32


def test_asarray_is_a_read_only_view():
    t = tf.constant([1, 2])
    a = np.asarray(t)
    assert not a.flags.writeable
    with pytest.raises(ValueError, match='assignment destination is read-only'):
        a[0] = 3
    assert t.numpy().tolist() == [1, 2]


def test_np_array_and_a_new_dtype_are_writable_copies():
    t = tf.constant([1, 2])
    c = np.array(t)
    c[0] = 7
    f = np.asarray(t, dtype=np.float32)
    assert f.flags.writeable and f.dtype == np.float32
    f[1] = 5.0
    assert t.numpy().tolist() == [1, 2]


def test_numpy_functions_still_take_tensors():
    t = tf.constant([1.0, 2.0])
    np.testing.assert_array_equal(np.add(t, 1), [2.0, 3.0])
    assert np.exp(t).dtype == np.float32
    # a variable's array is a writable copy (TF reads the variable)
    v = tf.Variable([1.0, 2.0])
    w = np.asarray(v)
    w[0] = 9.0
    assert v.numpy().tolist() == [1.0, 2.0]
