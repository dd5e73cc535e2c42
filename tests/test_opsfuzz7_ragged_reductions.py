"""Ragged reductions as TF 2.21's ragged_reduce_aggregate, and RaggedTensor.row_lengths(axis) (golden values
printed by tensorflow-cpu 2.21 with the same calls). Before: a list of axes raised TypeError, a middle ragged
axis raised tapeflow's ValueError, row_lengths(axis=0 / -1 / a uniform axis) raised ValueError."""
import numpy as np
import pytest

import framework as tf

F32_MAX = float(np.finfo(np.float32).max)


def _rt():
    return tf.ragged.constant([[1., 2., 3.], [], [4.], [5., 6.]])


def _r3():
    return tf.ragged.constant([[[1., 2.], []], [[3.]], []])


@pytest.mark.parametrize('name, axis, keepdims, expected', [
    ('reduce_sum', [0, 1], False, 21.0), ('reduce_sum', (1, 0), True, [[21.0]]),
    ('reduce_mean', [0, 1], False, 3.5), ('reduce_max', [1, 0], False, 6.0), ('reduce_prod', [0, 1], True, [[720.]]),
    ('reduce_sum', [-1], True, [[6.], [0.], [4.], [11.]]), ('reduce_min', [-1], True, [[1.], [F32_MAX], [4.], [5.]]),
])
def test_lists_of_axes(name, axis, keepdims, expected):
    assert getattr(tf, name)(_rt(), axis=axis, keepdims=keepdims).numpy().tolist() == expected


def test_empty_axis_list_and_array_axis():
    assert tf.reduce_sum(_rt(), axis=[]).to_list() == [[1., 2., 3.], [], [4.], [5., 6.]]
    with pytest.raises(TypeError, match='axis must be an int; got ndarray'):
        tf.reduce_sum(_rt(), axis=np.array([0, 1]))
    ints = tf.ragged.constant([[1, 2, 3], [], [4], [5, 6]])
    mean = tf.reduce_mean(ints, axis=[0, 1])
    assert mean.dtype == tf.float64 and float(mean) == 3.5


@pytest.mark.parametrize('name, expected', [
    ('reduce_sum', [[1., 2.], [3.], []]), ('reduce_mean', [[1., 2.], [3.], []]), ('reduce_max', [[1., 2.], [3.], []])])
def test_middle_ragged_axis_reduces_inside_rows(name, expected):
    assert getattr(tf, name)(_r3(), axis=1).to_list() == expected
    assert getattr(tf, name)(_r3(), axis=-2, keepdims=True).to_list() == [[r] for r in expected]


def test_several_axes_of_two_ragged_axes():
    assert tf.reduce_sum(_r3(), axis=[1, 2], keepdims=True).numpy().tolist() == [[[3.]], [[3.]], [[0.]]]
    assert tf.reduce_sum(_r3(), axis=[0, 2], keepdims=True).numpy().tolist() == [[[6.], [0.]]]
    mean = tf.reduce_mean(_r3(), axis=[0, 2]).numpy()
    assert mean[0] == 2.0 and np.isnan(mean[1])
    assert tf.reduce_max(_r3(), axis=[1, 2]).numpy().tolist() == [2., 3., -F32_MAX]
    assert float(tf.reduce_prod(_r3(), axis=[0, 1, 2])) == 6.0


def test_row_lengths_axes():
    a = tf.ragged.constant([[1., 2., 3.], [], [4.]])
    assert int(a.row_lengths(axis=0)) == 3 and a.row_lengths(axis=0).dtype == tf.int64
    assert a.row_lengths(axis=-1).numpy().tolist() == [3, 0, 1]
    with pytest.raises(ValueError, match=r'^axis=2 out of bounds: expected -2<=axis<2$'):
        a.row_lengths(axis=2)
    uniform = tf.ragged.constant([[[1, 2], [3, 4]], [[5, 6]]], ragged_rank=1)
    assert uniform.row_lengths(axis=2).to_list() == [[2, 2], [2]]
    assert uniform.row_lengths(axis=-2).numpy().tolist() == [2, 1]
    nested = tf.ragged.constant([[[1], [2, 3]], [[4]]])
    assert nested.row_lengths(axis=-1).to_list() == [[1, 2], [1]]
    assert tf.ragged.constant([[1]], row_splits_dtype=tf.int32).row_lengths(axis=0).dtype == tf.int32
