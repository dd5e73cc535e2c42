"""tf.bitwise, tf.math.nextafter and tf.debugging's rank / dtype / iterable checks, pinned to TF 2.21
(/work/notes/progs/tf_misc/bits.py run with /opt/tfref)."""
import numpy as np
import pytest

import framework as tf
from framework.errors import InvalidArgumentError

A = tf.constant([0, 5, 3, 14], tf.int32)
B = tf.constant([0, 1, 2, 3], tf.int32)


def test_bitwise_matches_tf():
    assert tf.bitwise.bitwise_and(A, B).numpy().tolist() == [0, 1, 2, 2]
    assert tf.bitwise.bitwise_or(A, B).numpy().tolist() == [0, 5, 3, 15]
    assert tf.bitwise.bitwise_xor(A, B).numpy().tolist() == [0, 4, 1, 13]
    assert tf.bitwise.invert(A).numpy().tolist() == [-1, -6, -4, -15]
    assert tf.bitwise.invert(tf.constant([0, 5], tf.uint8)).numpy().tolist() == [255, 250]
    assert tf.bitwise.left_shift(A, B).numpy().tolist() == [0, 10, 12, 112]
    shifted = tf.bitwise.right_shift(tf.constant([-8, 8], tf.int8), tf.constant([1, 2], tf.int8))
    assert shifted.dtype == tf.int8 and shifted.numpy().tolist() == [-4, 2]
    assert tf.bitwise.bitwise_and(A, 6).numpy().tolist() == [0, 4, 2, 6]
    with pytest.raises(InvalidArgumentError, match="Value for attr 'T' of float is not in the list"):
        tf.bitwise.bitwise_and(tf.constant([1.]), tf.constant([1.]))
    with pytest.raises(InvalidArgumentError, match='expected to be a int32 tensor but is a int64 tensor'):
        tf.bitwise.bitwise_and(A, tf.constant([1, 2, 3, 4], tf.int64))


def test_nextafter_matches_tf():
    np.testing.assert_array_equal(tf.math.nextafter(tf.constant([1.0, 0.0]), tf.constant([2.0, -1.0])).numpy(),
                                  np.array([1.0000001, -1.4012985e-45], np.float32))
    assert tf.math.nextafter(tf.constant([1.0], tf.float64), tf.constant([0.0], tf.float64)).numpy()[0] \
        == 1 - 2 ** -53
    x = tf.constant([1.0])
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = tf.math.nextafter(x, 2.)
    assert tape.gradient(y, x).numpy().tolist() == [1.0]       # TF 2.21's NextAfter gradient
    with pytest.raises(InvalidArgumentError, match='double, float'):
        tf.math.nextafter(tf.constant([1]), tf.constant([2]))


def test_debugging_checks_match_tf():
    assert tf.debugging.is_numeric_tensor(tf.constant(1)) is True
    assert not tf.debugging.is_numeric_tensor(tf.constant('a'))
    assert not tf.debugging.is_numeric_tensor(1) and not tf.debugging.is_numeric_tensor(tf.constant(True))
    assert tf.debugging.assert_rank_in(tf.constant([1, 2]), [1, 2]) is None
    with pytest.raises(ValueError, match=r'must have rank in \(0, 2\)\.  Received rank 1, shape \(2,\)'):
        tf.debugging.assert_rank_in(tf.constant([1, 2]), [0, 2])
    assert tf.debugging.assert_same_float_dtype([tf.constant(1.), tf.constant(2.)]) == tf.float32
    assert tf.debugging.assert_same_float_dtype(None, tf.float64) == tf.float64
    assert tf.debugging.assert_same_float_dtype([tf.constant(1., tf.float64)]) == tf.float64
    with pytest.raises(ValueError, match=r'must be of the same type \(<dtype: \'float32\'>\)'):
        tf.debugging.assert_same_float_dtype([tf.constant(1.), tf.constant(2., tf.float64)])
    with pytest.raises(ValueError, match="Expected floating point type, got <dtype: 'int32'>."):
        tf.debugging.assert_same_float_dtype([tf.constant(1)])
    assert tf.debugging.assert_proper_iterable([1, 2]) is None
    for value, words in ((tf.constant([1]), '"proper" iterable'), ('abc', '"proper" iterable'), (3, 'to be iterable')):
        with pytest.raises(TypeError, match=words):
            tf.debugging.assert_proper_iterable(value)
