"""A checkpoint restore that is refused changes no variable.

TF 2.21 assigns the variables it reaches before the one whose shape does not fit
(c below becomes [1, 2], then 'Received incompatible tensor with shape (1,)');
here every value is checked first, so a refused restore leaves all of them as
they were, with TF's message.
"""
import numpy as np
import pytest

import framework as tf


def test_a_refused_restore_assigns_nothing(tmp_path):
    path = tf.train.Checkpoint(c=tf.Variable([1.0, 2.0]), e=tf.Variable([1.0])).save(str(tmp_path / 'two'))
    c, e = tf.Variable([0.0, 0.0]), tf.Variable([5.0, 6.0, 7.0])
    with pytest.raises(ValueError, match=r'Received incompatible tensor with shape \(1,\) when attempting to '
                                         r'restore variable with shape \(3,\)'):
        tf.train.Checkpoint(c=c, e=e).restore(path)
    assert c.numpy().tolist() == [0.0, 0.0] and e.numpy().tolist() == [5.0, 6.0, 7.0]


def test_a_dtype_mismatch_assigns_nothing_either(tmp_path):
    path = tf.train.Checkpoint(a=tf.Variable([1.0, 2.0]), b=tf.Variable([3.0])).save(str(tmp_path / 'ck'))
    a, b = tf.Variable([9.0, 9.0]), tf.Variable([7], dtype=tf.int32)
    # TF 2.21's RestoreV2 text (test_files9_restore_errors); tapeflow's sentence is a note
    with pytest.raises(tf.errors.InvalidArgumentError, match='expected dtype int32 does not equal original dtype float'):
        tf.train.Checkpoint(a=a, b=b).restore(path)
    assert a.numpy().tolist() == [9.0, 9.0] and b.numpy().tolist() == [7]
    tf.train.Checkpoint(a=a).restore(path)
    np.testing.assert_array_equal(a.numpy(), [1.0, 2.0])
