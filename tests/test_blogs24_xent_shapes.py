"""tf.nn.softmax_cross_entropy_with_logits and its sparse form take and refuse mismatched shapes as
TF 2.21 does (its wrappers flatten to matrices, its kernel broadcasts); texts and values printed by TF 2.21."""
import numpy as np
import pytest

import framework as tf
from framework.errors import InvalidArgumentError

_CPU = '/job:localhost/replica:0/task:0/device:CPU:0'


def _kernel(op, text):
    return '{{function_node __wrapped__%s_device_%s}} %s [Op:%s] name: ' % (op, _CPU, text, op)


def test_one_hot_vector_for_a_batch_of_one_broadcasts():
    out = tf.nn.softmax_cross_entropy_with_logits(labels=[0, 1], logits=[[1.0, 2.0]])
    assert out.shape == (1,)
    np.testing.assert_array_equal(out.numpy(), np.float32([0.31326166]))


def test_gradient_of_the_broadcast_labels_case():
    logits = tf.Variable([[1.0, 2.0]])
    with tf.GradientTape() as tape:
        loss = tf.nn.softmax_cross_entropy_with_logits(labels=[0.0, 1.0], logits=logits)
    assert tape.gradient(loss, logits).shape == (1, 2)


@pytest.mark.parametrize('labels, logits, text', [
    (np.ones((2, 3), np.float32), np.ones((2, 4), np.float32),
     _kernel('SoftmaxCrossEntropyWithLogits', 'logits and labels must be broadcastable: logits_size=[2,4] '
                                              'labels_size=[2,3]')),
    (np.ones((4, 3), np.float32), np.ones((2, 3), np.float32),
     _kernel('SoftmaxCrossEntropyWithLogits', 'logits and labels must be broadcastable: logits_size=[2,3] '
                                              'labels_size=[4,3]')),
    (np.eye(3, dtype=np.float32)[[1, 2]], np.ones((2, 3, 1), np.float32),
     _kernel('SoftmaxCrossEntropyWithLogits', 'logits and labels must be broadcastable: logits_size=[6,1] '
                                              'labels_size=[2,3]')),
    (np.eye(3, dtype=np.float32)[[1, 2]], np.ones((3,), np.float32),
     _kernel('Reshape', 'Input to reshape is a tensor with 2 values, but the requested shape has 1')),
    ([[0., 1.], [1., 0.]], [[1.0, 2.0]],
     _kernel('Reshape', 'Input to reshape is a tensor with 2 values, but the requested shape has 1')),
])
def test_mismatched_shapes(labels, logits, text):
    with pytest.raises(InvalidArgumentError) as err:
        tf.nn.softmax_cross_entropy_with_logits(labels=labels, logits=logits)
    assert str(err.value) == text


@pytest.mark.parametrize('labels, logits, text', [
    ([1, 2], np.ones((3, 3), np.float32), '`labels.shape` must equal `logits.shape` except for the last dimension. '
                                          'Received: labels.shape=(2,) and logits.shape=(3, 3)'),
    ([[1], [2]], np.ones((2, 3), np.float32), '`labels.shape.rank` must equal `logits.shape.rank - 1`. Received: '
                                              'labels.shape=(2, 1) of rank 2 and logits.shape=(2, 3) of rank 2'),
])
def test_sparse_mismatched_shapes(labels, logits, text):
    with pytest.raises(ValueError) as err:
        tf.nn.sparse_softmax_cross_entropy_with_logits(labels=labels, logits=logits)
    assert str(err.value) == text
