"""TF 2.21's deliberate checks of missing arguments: tf.nn.sigmoid_cross_entropy_with_logits and
sparse_softmax_cross_entropy_with_logits with labels or logits None say 'Both `labels` and `logits` must be provided
for ...Received: labels=... and logits=...' (its f-string: a tensor as its numpy value), tf.nn.embedding_lookup of
None params 'params must be specified', and of scalar params GatherV2's 'params must be at least 1 dimensional';
tapeflow said "Attempt to convert a value (None) ..." and 'embedding_lookup: params must have rank >= 1'."""
import numpy as np
import pytest

import framework as tf

X = [[1., 2.]]


def _text(op, labels, logits):
    return 'Both `labels` and `logits` must be provided for %sReceived: labels=%s and logits=%s' % (op, labels, logits)


@pytest.mark.parametrize('op', ['sigmoid_cross_entropy_with_logits', 'sparse_softmax_cross_entropy_with_logits'])
@pytest.mark.parametrize('labels,logits,shown', [
    (None, None, ('None', 'None')), (lambda: tf.constant(X), None, ('[[1. 2.]]', 'None')),
    (None, lambda: tf.constant(X), ('None', '[[1. 2.]]')), ('abc', None, ('abc', 'None')),
    ([[1., 2.], [3.]], None, ('[[1.0, 2.0], [3.0]]', 'None')), (np.array([1., 2.]), None, ('[1. 2.]', 'None'))],
    ids=['none', 'logits', 'labels', 'str', 'ragged', 'numpy'])
def test_missing_labels_or_logits(op, labels, logits, shown):
    # TF 2.21's texts, the values as its f-string formats them
    labels, logits = (v() if callable(v) else v for v in (labels, logits))
    with pytest.raises(ValueError) as info:
        getattr(tf.nn, op)(labels, logits)
    assert str(info.value) == _text(op, *shown)


def test_sigmoid_keywords():
    # TF 2.21: both default to None
    with pytest.raises(ValueError) as info:
        tf.nn.sigmoid_cross_entropy_with_logits(logits=tf.constant(X))
    assert str(info.value) == _text('sigmoid_cross_entropy_with_logits', 'None', '[[1. 2.]]')
    out = tf.nn.sigmoid_cross_entropy_with_logits(labels=tf.constant([[0., 1.]]), logits=tf.constant(X))
    assert out.shape == (1, 2)


@pytest.mark.parametrize('ids', [None, [0], lambda: tf.constant([0])], ids=['none', 'list', 'tensor'])
def test_embedding_lookup_of_none_params(ids):
    # TF 2.21: ValueError 'params must be specified', whatever the ids
    with pytest.raises(ValueError) as info:
        tf.nn.embedding_lookup(None, ids() if callable(ids) else ids)
    assert str(info.value) == 'params must be specified'


@pytest.mark.parametrize('params', [lambda: tf.constant(1.), 'abc', 3.0], ids=['tensor', 'str', 'float'])
def test_embedding_lookup_of_scalar_params(params):
    # TF 2.21: GatherV2's error, with the ' name: ' tail
    with pytest.raises(tf.errors.InvalidArgumentError) as info:
        tf.nn.embedding_lookup(params() if callable(params) else params, [0])
    assert str(info.value) == ('{{function_node __wrapped__GatherV2_device_/job:localhost/replica:0/task:0/device:CPU:0}} '
                               'params must be at least 1 dimensional [Op:GatherV2] name: ')
