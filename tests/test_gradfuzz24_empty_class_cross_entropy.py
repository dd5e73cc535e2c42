"""Cross-entropy from logits with no classes, as TF 2.21's kernels: the dense one gives zero losses and a zero
gradient, the sparse one refuses the (rows, 0) logits before it reads the labels."""
import pytest

import framework as tf


@pytest.mark.parametrize('shape, losses', [((2, 0), [0.0, 0.0]), ((0,), 0.0), ((2, 3, 0), [[0.0] * 3] * 2)])
@pytest.mark.parametrize('dtype', ['float32', 'float64'])
def test_dense_cross_entropy_of_no_classes(shape, losses, dtype):
    z = tf.zeros(shape, dtype)
    with tf.GradientTape() as tape:
        tape.watch(z)
        y = tf.nn.softmax_cross_entropy_with_logits(labels=z, logits=z)
    # TF 2.21 gives these losses, and a gradient of the logits' shape
    assert y.numpy().tolist() == losses and y.dtype == dtype
    assert tuple(tape.gradient(y, z).shape) == shape


@pytest.mark.parametrize('shape, matrix', [((2, 0), '[2,0]'), ((0,), '[1,0]'), ((2, 3, 0), '[6,0]')])
def test_sparse_cross_entropy_refuses_no_classes(shape, matrix):
    with pytest.raises(tf.errors.InvalidArgumentError) as info:
        tf.nn.sparse_softmax_cross_entropy_with_logits(labels=tf.zeros(shape[:-1], tf.int32), logits=tf.zeros(shape))
    assert str(info.value) == ('{{function_node __wrapped__SparseSoftmaxCrossEntropyWithLogits_device_/job:localhost/'
                               'replica:0/task:0/device:CPU:0}} Must have at least one class, but got logits shape %s '
                               '[Op:SparseSoftmaxCrossEntropyWithLogits] name: ' % matrix)     # TF 2.21's words
