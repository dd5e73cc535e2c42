"""keras.ops.concatenate / hstack / vstack given one tensor or array instead of a list of them behave as Keras 3
on TF 2.21: concatenate first takes the array's truth value (Keras's any_symbolic_tensors(args or ())), numpy's
ValueError past one element; otherwise tf.concat takes the one value and returns it unchanged. tapeflow
concatenated the array's rows.

Golden values printed by TF 2.21 (progs/errors38/join_one_array.py, .tf.out), e.g.
    keras.ops.concatenate(tf.ones([2, 2]))  -> ValueError: The truth value of an array with more than one element
                                               is ambiguous. Use a.any() or a.all()
    keras.ops.hstack(tf.ones([2, 2])).shape -> (2, 2);  keras.ops.concatenate(tf.ones([1])).shape -> (1,)
"""
import numpy as np
import pytest

import framework as tf
from framework import keras
from framework.errors import InvalidArgumentError

TRUTH = 'The truth value of an array with more than one element is ambiguous. Use a.any() or a.all()'


@pytest.mark.parametrize('xs', [tf.ones([2, 2]), np.ones((2, 2)), tf.ones([1, 2]), tf.ones([2])])
def test_concatenate_of_one_array_asks_its_truth_value(xs):
    with pytest.raises(ValueError) as info:
        keras.ops.concatenate(xs)
    assert str(info.value) == TRUTH


@pytest.mark.parametrize('op, xs, shape', [('concatenate', tf.ones([1]), (1,)),
                                           ('concatenate', tf.ones([0, 2]), (0, 2)),
                                           ('hstack', tf.ones([2, 2]), (2, 2)), ('hstack', np.ones((1, 2)), (1, 2)),
                                           ('vstack', tf.ones([2]), (2,)), ('vstack', tf.ones([1]), (1,))])
def test_one_array_comes_back_unchanged(op, xs, shape):
    out = getattr(keras.ops, op)(xs)
    assert tuple(out.shape) == shape
    np.testing.assert_array_equal(out.numpy(), np.asarray(xs))


def test_hstack_of_an_empty_tensor_reads_its_first_row():
    with pytest.raises(InvalidArgumentError, match=r'slice index 0 of dimension 0 out of bounds'):
        keras.ops.hstack(tf.ones([0, 2]))
    assert keras.ops.hstack([tf.ones([2, 2]), tf.ones([2, 1])]).shape == (2, 3)        # lists as before
