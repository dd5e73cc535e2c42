"""tf.debugging.assert_* texts as TensorFlow 2.21's eager _binary_assert writes them (each
expected string was printed by TensorFlow for the same call): indices of the failing values only
where x and y have one non-scalar shape, the first elements of x and y unbroadcast, a message
of '' kept as an empty first line; the sign checks add '.  ' after a message, show a scalar as
itself and end a cut list with '...'."""
import numpy as np
import pytest

import framework as tf

CASES = [
    (tf.debugging.assert_less, (np.array([0, 1, 2]), np.array(2)), {},
     'Condition x < y did not hold.\nFirst 3 elements of x:\n[0 1 2]\nFirst 1 elements of y:\n[2]'),
    (tf.debugging.assert_less, (np.array([0, 1, 2]), np.array([1, 1, 3])), {'message': 'm'},
     'm\nCondition x < y did not hold.\nIndices of first 1 different values:\n[[1]]\nCorresponding x values:\n'
     '[1]\nCorresponding y values:\n[1]\nFirst 3 elements of x:\n[0 1 2]\nFirst 3 elements of y:\n[1 1 3]'),
    (tf.debugging.assert_less, (np.array([0, 1, 2]), np.array([1, 1, 3])), {'message': ''},
     '\nCondition x < y did not hold.\nIndices of first 1 different values:\n[[1]]\nCorresponding x values:\n'
     '[1]\nCorresponding y values:\n[1]\nFirst 3 elements of x:\n[0 1 2]\nFirst 3 elements of y:\n[1 1 3]'),
    (tf.debugging.assert_equal, (np.array(1), np.array(2)), {},
     'Condition x == y did not hold.\nFirst 1 elements of x:\n[1]\nFirst 1 elements of y:\n[2]'),
    (tf.debugging.assert_equal, (np.arange(6).reshape(2, 3), np.zeros((2, 3), 'int64')), {'summarize': 2},
     'Condition x == y did not hold.\nIndices of first 2 different values:\n[[0 1]\n [0 2]]\nCorresponding x '
     'values:\n[1 2]\nCorresponding y values:\n[0 0]\nFirst 2 elements of x:\n[0 1]\nFirst 2 elements of y:\n[0 0]'),
    (tf.debugging.assert_greater, (np.array([[1., 2.]]), np.array([[1.], [3.]])), {},
     'Condition x > y did not hold.\nFirst 2 elements of x:\n[1. 2.]\nFirst 2 elements of y:\n[1. 3.]'),
    (tf.debugging.assert_non_negative, (np.array([0, -1, 0, 5]),), {'message': 'neg'},
     "neg.  \nCondition x >= 0 did not hold element-wise:\nx (shape=(4,) dtype=int64) = \n['0', '-1', '0', '...']"),
    (tf.debugging.assert_non_negative, (np.array([0, -1, 0, 5]),), {'message': ''},
     "\nCondition x >= 0 did not hold element-wise:\nx (shape=(4,) dtype=int64) = \n['0', '-1', '0', '...']"),
    (tf.debugging.assert_positive, (np.array(-2.5),), {},
     '\nCondition x > 0 did not hold element-wise:\nx (shape=() dtype=float64) = \n-2.5'),
]


@pytest.mark.parametrize('fn, args, kwargs, text', CASES)
def test_failed_assertion_text(fn, args, kwargs, text):
    with pytest.raises(tf.errors.InvalidArgumentError) as info:
        fn(*args, **kwargs)
    assert str(info.value) == text


def test_negative_summarize_fails_as_tensorflow_does():
    # TensorFlow turns summarize=-1 into the float 1e9 and then slices with it
    with pytest.raises(TypeError, match='slice indices must be integers'):
        tf.debugging.assert_negative(np.arange(8.), summarize=-1)


def test_holding_assertions_return_none():
    assert tf.debugging.assert_less(np.array([0, 1]), np.array(2)) is None
    assert tf.debugging.assert_non_negative(np.array([0, 1])) is None
