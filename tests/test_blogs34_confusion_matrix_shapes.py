"""tf.math.confusion_matrix on what is not a pair of vectors, and its weights' shape check, as TF 2.21
(progs/blogs34/q/q47.py, q47b.py, qsc.py). TF stacks labels and predictions along axis 1 and scatters
them with ScatterNd, so a blog's confusion_matrix(y.reshape(-1, 1), np.round(model.predict(X))) (both
(N, 1)) fails in ScatterNd's words; tapeflow raised its own 'must be vectors' sentence, a ValueError for
mismatched weights was an InvalidArgumentError, and a negative label was reported after a length
mismatch instead of before."""

import numpy as np
import pytest

import framework as tf

_SCATTER = ('{{function_node __wrapped__ScatterNd_device_/job:localhost/replica:0/task:0/device:CPU:0}} '
            '%s [Op:ScatterNd] name: ')


@pytest.mark.parametrize('labels, predictions, kwargs, text', [
    ([[0], [1]], [[1], [1]], {},
     'Dimensions [0,2) of indices[shape=[2,2,1]] must match dimensions [0,2) of updates[shape=[2,1]]'),
    (np.array([[0.], [1.], [1.]]), np.array([[0.2], [0.7], [0.9]]), {},
     'Dimensions [0,2) of indices[shape=[3,2,1]] must match dimensions [0,2) of updates[shape=[3,1]]'),
    ([[0, 1, 2], [1, 1, 0]], [[0, 1, 1], [2, 1, 0]], {},
     'Dimensions [0,2) of indices[shape=[2,2,3]] must match dimensions [0,2) of updates[shape=[2,3]]'),
    ([[0], [1]], [[1], [1]], {'num_classes': 3, 'weights': [[1.], [2.]]},
     'Dimensions [0,2) of indices[shape=[2,2,1]] must match dimensions [0,2) of updates[shape=[2,1]]'),
    (np.zeros((0,), int), np.zeros((0,), int), {}, 'Dimension -9223372036854775807 must be >= 0'),
])
def test_scatter_nd_errors(labels, predictions, kwargs, text):
    with pytest.raises(tf.errors.InvalidArgumentError) as info:
        tf.math.confusion_matrix(labels, predictions, **kwargs)
    assert str(info.value) == _SCATTER % text


@pytest.mark.parametrize('kwargs, expected', [
    ({}, [[0, 1], [1, 2]]),
    ({'weights': [[1., 2.], [3., 4.]]}, [[0, 1], [2, 7]]),
    ({'num_classes': 3}, [[0, 1, 0], [1, 2, 0], [0, 0, 0]]),
])
def test_two_columns_scatter_as_index_pairs(kwargs, expected):
    # TF's scatter reads each row's two labels, then its two predictions, as (row, column) pairs
    m = tf.math.confusion_matrix([[0, 1], [1, 1]], [[1, 0], [1, 1]], **kwargs)
    assert m.dtype == tf.int32
    assert m.numpy().tolist() == expected


def test_rank_three_zeros_scatter_into_one_cell():
    assert tf.math.confusion_matrix(np.zeros((2, 2, 2), int), np.zeros((2, 2, 2), int)).numpy().tolist() == [[8]]


@pytest.mark.parametrize('labels, predictions, weights, text', [
    ([0, 1], [1, 1], [1., 2., 3.], 'Shapes (2,) and (3,) are incompatible'),
    ([0, 1], [1, 1], [[1.], [2.]], 'Shapes (2,) and (2, 1) are incompatible'),
    ([[0], [1]], [[1], [1]], [1., 2.], 'Shapes (2, 1) and (2,) are incompatible'),
    ([[0], [1]], [1, 1], [[1.], [2.]], 'Shapes (2,) and (2, 1) are incompatible'),
])
def test_weights_not_shaped_like_predictions(labels, predictions, weights, text):
    with pytest.raises(ValueError) as info:
        tf.math.confusion_matrix(labels, predictions, weights=weights)
    assert str(info.value) == text


def test_scalars_fail_in_stack():
    with pytest.raises(ValueError) as info:
        tf.math.confusion_matrix(1, 1, num_classes=3)
    assert str(info.value) == 'Argument `axis` = 1 not in range [-1, 1)'


def test_negative_label_reported_before_length_mismatch():
    with pytest.raises(tf.errors.InvalidArgumentError) as info:
        tf.math.confusion_matrix([0, -1, 2], [0, 1])
    assert str(info.value).startswith('`labels` contains negative values.')


def test_vectors_unchanged():
    assert tf.math.confusion_matrix(np.zeros((0,), int), np.zeros((0,), int), num_classes=2).numpy().tolist() == \
        [[0, 0], [0, 0]]
    assert tf.math.confusion_matrix([[0], [1]], [1, 1]).numpy().tolist() == [[0, 1], [0, 1]]
    assert tf.math.confusion_matrix([0, 1], [1, 1], weights=[1.5, 2.5]).numpy().tolist() == [[0, 1], [0, 2]]


def test_scatter_nd_checks_layout_before_index_depth():
    # index vectors of depth 3 for a (3, 3) output: ScatterNd's layout text, prefix or suffix
    with pytest.raises(tf.errors.InvalidArgumentError) as info:
        tf.scatter_nd(tf.constant(np.zeros((2, 3), np.int64)), tf.constant(np.ones((5,), np.int32)),
                      tf.constant([3, 3], tf.int64))
    assert str(info.value) == _SCATTER % (
        'Dimensions [0,1) of indices[shape=[2,3]] must match dimensions [0,1) of updates[shape=[5]]')
    with pytest.raises(tf.errors.InvalidArgumentError) as info:
        tf.scatter_nd(tf.constant(np.zeros((2, 3), np.int64)), tf.constant(np.ones((2, 7), np.int32)),
                      tf.constant([3, 3], tf.int64))
    assert str(info.value) == _SCATTER % (
        'Dimensions [3,2) of input[shape=[3,3]] must match dimensions [1,2) of updates[shape=[2,7]]')
