"""tf.nn loss helpers given labels of the wrong shape fail with TF 2.21's own words (errors31, p_nnloss.py):
one-hot float labels to sparse_softmax_cross_entropy_with_logits get the wrapper's rank ValueError, which TF
raises before its kernel refuses float labels (tapeflow gave the kernel's Tlabels text); weighted_cross_entropy
and log_poisson_loss use nn_impl.py's '... must have the same shape, received (a vs b).'"""
import numpy as np
import pytest

import framework as tf

LOGITS = np.array([[.2, .8, .1], [.6, .4, .3]], 'float32')


@pytest.mark.parametrize('labels, text', [
    (np.eye(3, dtype='float32')[:2], '`labels.shape.rank` must equal `logits.shape.rank - 1`. Received: '
     'labels.shape=(2, 3) of rank 2 and logits.shape=(2, 3) of rank 2'),
    (np.array([1., 0., 1.], 'float32'), '`labels.shape` must equal `logits.shape` except for the last dimension. '
     'Received: labels.shape=(3,) and logits.shape=(2, 3)'),
])
def test_sparse_xent_checks_shapes_before_the_label_dtype(labels, text):
    with pytest.raises(ValueError) as info:
        tf.nn.sparse_softmax_cross_entropy_with_logits(labels, LOGITS)
    assert str(info.value) == text


def test_sparse_xent_float_labels_of_the_right_shape_still_meet_the_kernel():
    with pytest.raises(tf.errors.InvalidArgumentError) as info:
        tf.nn.sparse_softmax_cross_entropy_with_logits(np.array([1., 0.], 'float32'), LOGITS)
    assert str(info.value).startswith("Value for attr 'Tlabels' of float is not in the list of allowed values")


def test_sparse_xent_half_one_hot_labels_get_the_rank_text():
    with pytest.raises(ValueError) as info:
        tf.nn.sparse_softmax_cross_entropy_with_logits(np.array([[1., 0.]], 'float16'), LOGITS.astype('float16'))
    assert str(info.value) == ('`labels.shape.rank` must equal `logits.shape.rank - 1`. Received: '
                               'labels.shape=(1, 2) of rank 2 and logits.shape=(2, 3) of rank 2')


@pytest.mark.parametrize('labels_shape, logits_shape, text', [
    ((2, 3), (2, 4), '`logits` and `labels` must have the same shape, received ((2, 4) vs (2, 3)).'),
    ((3,), (2, 3), '`logits` and `labels` must have the same shape, received ((2, 3) vs (3,)).'),
    ((1,), (), '`logits` and `labels` must have the same shape, received (() vs (1,)).'),
])
def test_weighted_cross_entropy_shape_text(labels_shape, logits_shape, text):
    with pytest.raises(ValueError) as info:
        tf.nn.weighted_cross_entropy_with_logits(np.ones(labels_shape, 'float32'), np.ones(logits_shape, 'float32'),
                                                 2.0)
    assert str(info.value) == text


def test_log_poisson_loss_shape_text():
    with pytest.raises(ValueError) as info:
        tf.nn.log_poisson_loss(np.ones((2, 3), 'float32'), np.ones((2, 4), 'float32'))
    assert str(info.value) == '`log_input` and `targets` must have the same shape, received ((2, 4) vs (2, 3)).'
