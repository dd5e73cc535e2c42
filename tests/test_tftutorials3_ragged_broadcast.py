"""The ragged-tensor guide's broadcasting: a dense tensor of the ragged tensor's rank, one entry per
row, repeats along each row (with gradients); two ragged operands of different row lengths fail with
TensorFlow's assert_equal text on their row_splits (printed by TF 2.21, notes/progs/tftutorials3/rag.py)."""
import numpy as np
import pytest

import framework as tf


def test_one_entry_per_row_repeats_along_the_row():
    rt = tf.ragged.constant([[1, 2], [3], [4, 5, 6]])
    assert (rt * tf.constant([[10], [20], [30]])).to_list() == [[10, 20], [60], [120, 150, 180]]
    assert (tf.constant([[1]]) + rt).to_list() == [[2, 3], [4], [5, 6, 7]]
    nested = tf.ragged.constant([[[1, 2], [3]], [[4]]])
    assert (nested + tf.constant([[[100]], [[200]]])).to_list() == [[[101, 102], [103]], [[204]]]


def test_the_gradient_reaches_the_dense_operand():
    rt = tf.ragged.constant([[1., 2.], [3.], [4., 5., 6.]])
    w = tf.Variable([[1.], [2.], [3.]])
    with tf.GradientTape() as tape:
        total = tf.reduce_sum((rt * w).flat_values)
    np.testing.assert_array_equal(tape.gradient(total, w).numpy(), [[3.], [3.], [15.]])


def test_different_row_lengths_in_tensorflows_words():
    with pytest.raises(tf.errors.InvalidArgumentError) as info:
        tf.ragged.constant([[1, 2], [3]]) + tf.ragged.constant([[1, 2], [3, 4]])
    assert str(info.value) == ('Condition x == y did not hold.\nIndices of first 1 different values:\n[[2]]\n'
                               'Corresponding x values:\n[3]\nCorresponding y values:\n[4]\n'
                               'First 3 elements of x:\n[0 2 3]\nFirst 3 elements of y:\n[0 2 4]')
