"""sparse_categorical_crossentropy checks its labels' range itself (in its own words) and then runs
the SparseSoftmaxCrossEntropyWithLogits op without the op's second min / max over the labels
(losses_nn.sparse_xent(labels_in_range=True)): the same values and gradients as the public op,
and each keeps its own error."""
import numpy as np
import pytest

import framework as tf
from framework import keras
from framework.errors import InvalidArgumentError


@pytest.mark.parametrize('shape', [(32, 10), (5, 3), (4, 7, 9), (1, 2)])
@pytest.mark.parametrize('dtype', [np.float32, np.float64])
def test_loss_equals_the_public_op(shape, dtype):
    rng = np.random.default_rng(sum(shape))
    logits = tf.constant(rng.normal(size=shape).astype(dtype))
    labels = rng.integers(0, shape[-1], shape[:-1]).astype(np.int32)
    with tf.GradientTape(persistent=True) as tape:
        tape.watch(logits)
        loss = keras.losses.sparse_categorical_crossentropy(labels, logits, from_logits=True)
        op = tf.nn.sparse_softmax_cross_entropy_with_logits(labels=labels.astype(np.int64), logits=logits)
    assert loss.numpy().tobytes() == op.numpy().tobytes()
    assert tape.gradient(loss, logits).numpy().tobytes() == tape.gradient(op, logits).numpy().tobytes()


@pytest.mark.parametrize('labels', [[0, 3, 12], [-1, 2, 3]])
def test_each_keeps_its_own_range_error(labels):
    probs = np.full((3, 10), 0.1, np.float32)
    with pytest.raises(InvalidArgumentError, match=r'sparse_categorical_crossentropy: labels must lie in \[0, 10\) '
                                                   r'for y_pred with 10 classes'):
        keras.losses.SparseCategoricalCrossentropy()(np.array(labels), probs)
    with pytest.raises(InvalidArgumentError, match=r'sparse_softmax_cross_entropy_with_logits: labels must lie in '
                                                   r'\[0, 10\), got min %d, max %d' % (min(labels), max(labels))):
        tf.nn.sparse_softmax_cross_entropy_with_logits(labels=np.array(labels), logits=probs)


def test_op_shape_error_names_both_shapes():
    # TF 2.21's wrapper's ValueError (checked); tapeflow's sentence rides as a note
    with pytest.raises(ValueError) as err:
        tf.nn.sparse_softmax_cross_entropy_with_logits(labels=np.array([1, 2, 3]), logits=np.zeros((4, 10), np.float32))
    assert str(err.value) == ('`labels.shape` must equal `logits.shape` except for the last dimension. Received: '
                              'labels.shape=(3,) and logits.shape=(4, 10)')
    assert err.value.__notes__ == ['sparse_softmax_cross_entropy_with_logits: labels of shape (3,) need logits of '
                                   'shape (3,) + (classes,), got (4, 10)']
