"""tf.nn.compute_average_loss / scale_regularization_loss as TF 2.21's nn_impl_distribute
(progs/handson7/x13.py, x14.py under /opt/tfref), which Géron's ch. 19 custom training loop
under a MirroredStrategy calls: sample weights multiplied in float32 after squeezing or expanding
one axis, a global batch size that is any integer scalar (a tensor too) divided with div_no_nan,
TF's check texts, and the cross-replica-context RuntimeError."""
import numpy as np
import pytest

import framework as tf


@pytest.mark.parametrize('call, value, dtype', [
    (lambda: tf.nn.compute_average_loss(tf.constant([1, 2])), 1.5, 'float64'),       # int: true division
    (lambda: tf.nn.compute_average_loss(tf.constant([1, 2, 4]), global_batch_size=2), 3.5, 'float64'),
    (lambda: tf.nn.compute_average_loss([1.0, 2.0], global_batch_size=tf.constant(4, tf.int64)), 0.75, 'float32'),
    (lambda: tf.nn.compute_average_loss([1.0, 2.0], sample_weight=[[1.0], [0.5]]), 1.0, 'float32'),  # squeezed
    (lambda: tf.nn.compute_average_loss(tf.ones((2, 3)), sample_weight=[1.0, 0.0]), 1.5, 'float32'),  # expanded
    (lambda: tf.nn.compute_average_loss(tf.constant([1, 3]), sample_weight=[1.0, 0.5]), 1.0, 'float64'),
    (lambda: tf.nn.compute_average_loss([1.0, 2.0], global_batch_size=0), 0.0, 'float32'),
    (lambda: tf.nn.compute_average_loss(tf.zeros([0])), 0.0, 'float32'),
    (lambda: tf.nn.scale_regularization_loss([]), 0.0, 'float32'),
    (lambda: tf.nn.scale_regularization_loss(tf.constant(3)), 3.0, 'float64'),
])
def test_values_and_dtypes(call, value, dtype):
    result = call()
    assert result.dtype.name == dtype and float(result) == value


def test_float64_losses_are_weighted_in_float32():
    result = tf.nn.compute_average_loss(tf.constant([1.1, 2.2], tf.float64), sample_weight=[1.0, 0.5])
    assert result.dtype == tf.float64 and float(result) == 1.100000023841858      # TF's value


@pytest.mark.parametrize('call, error, text', [
    (lambda: tf.nn.compute_average_loss(3.0), ValueError, 'Invalid value passed for `per_example_loss`. Expected a '
     'tensor with at least rank 1. Received per_example_loss=3.0 with rank 0'),
    (lambda: tf.nn.compute_average_loss([1.0], global_batch_size=[2]), ValueError,
     'global_batch_size must be scalar..  Expected scalar shape, saw shape: (1,).'),
    (lambda: tf.nn.compute_average_loss([1.0], global_batch_size=2.5), TypeError,
     'global_batch_size must be an integer..  Expected "x" to be integer type.  Found: tensor of dtype '
     "<dtype: 'float32'>"),
    (lambda: tf.nn.compute_average_loss([1.0], global_batch_size=True), TypeError,
     'global_batch_size must be an integer..  Expected "x" to be integer type.  Found: tensor of dtype '
     "<dtype: 'bool'>"),
    (lambda: tf.nn.compute_average_loss([1.0], global_batch_size=-1), tf.errors.InvalidArgumentError,
     'global_batch_size must be non-negative..  \nCondition x >= 0 did not hold element-wise:\n'
     'x (shape=() dtype=int32) = \n-1'),
])
def test_texts(call, error, text):
    with pytest.raises(error) as info:
        call()
    assert str(info.value) == text


def test_cross_replica_context_is_refused():
    strategy = tf.distribute.MirroredStrategy()
    with strategy.scope():
        for what, call in [('compute_average_loss', lambda: tf.nn.compute_average_loss([1.0, 2.0])),
                           ('scale_regularization_loss', lambda: tf.nn.scale_regularization_loss(1.0))]:
            with pytest.raises(RuntimeError) as info:
                call()
            assert str(info.value) == ('You are calling `%s` in cross replica context, while it was expected to be '
                                       'called in replica context.' % what)
        assert float(tf.nn.compute_average_loss([1.0, 2.0], global_batch_size=4)) == 0.75
        in_run = strategy.run(tf.function(lambda: tf.nn.compute_average_loss([1.0, 2.0])))
        assert float(in_run) == 1.5


def test_gradient_reaches_the_losses():
    x = tf.Variable(np.array([[1.0, 2.0], [3.0, 4.0]], np.float32))
    with tf.GradientTape() as tape:
        loss = tf.nn.compute_average_loss(x * x, sample_weight=[1.0, 0.5])
    np.testing.assert_allclose(tape.gradient(loss, x).numpy(), [[1.0, 2.0], [1.5, 2.0]])
