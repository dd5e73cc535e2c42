"""tf.distribute with one replica: what TF 2.21's MirroredStrategy gives on a one-device machine."""
import numpy as np
import pytest

import framework as tf
from framework import keras


def test_mirrored_strategy_scope_run_and_reduce_as_on_one_device():
    strategy = tf.distribute.MirroredStrategy()
    assert strategy.num_replicas_in_sync == 1
    assert not tf.distribute.has_strategy()
    with strategy.scope():
        assert tf.distribute.get_strategy() is strategy and tf.distribute.has_strategy()
        assert tf.distribute.in_cross_replica_context()
        model = keras.Sequential([keras.Input((2,)), keras.layers.Dense(1)])
    per_replica = strategy.run(lambda x: x * 2, args=(tf.constant([1.0, 2.0]),))
    np.testing.assert_array_equal(per_replica.numpy(), [2.0, 4.0])
    np.testing.assert_array_equal(strategy.reduce(tf.distribute.ReduceOp.SUM, per_replica, axis=None).numpy(),
                                  [2.0, 4.0])
    assert float(strategy.reduce('MEAN', per_replica, axis=0)) == 3.0
    ids = strategy.run(lambda: (tf.distribute.get_replica_context().replica_id_in_sync_group,
                                tf.distribute.get_replica_context().num_replicas_in_sync))
    assert int(ids[0]) == 0 and ids[1] == 1
    assert strategy.experimental_local_results(per_replica)[0] is per_replica
    assert model(np.ones((1, 2), 'float32')).shape == (1, 1)


def test_distributed_custom_training_step_trains_as_the_plain_loop():
    x = np.linspace(-1, 1, 16, dtype='float32').reshape(8, 2)
    y = x.sum(axis=1, keepdims=True)

    def train(strategy):
        keras.utils.set_random_seed(3)
        with strategy.scope():
            model = keras.Sequential([keras.Input((2,)), keras.layers.Dense(1)])
            optimizer = keras.optimizers.SGD(0.1)
        dataset = strategy.experimental_distribute_dataset(tf.data.Dataset.from_tensor_slices((x, y)).batch(4))

        def step(inputs):
            features, labels = inputs
            with tf.GradientTape() as tape:
                loss = tf.reduce_mean(tf.square(model(features) - labels))
            grads = tape.gradient(loss, model.trainable_variables)
            optimizer.apply_gradients(zip(grads, model.trainable_variables))
            return loss
        return [float(strategy.reduce(tf.distribute.ReduceOp.SUM, strategy.run(step, args=(batch,)), axis=None))
                for batch in dataset], model.get_weights()

    mirrored_losses, mirrored_weights = train(tf.distribute.MirroredStrategy())
    plain_losses, plain_weights = train(tf.distribute.get_strategy())
    assert mirrored_losses == plain_losses
    for a, b in zip(mirrored_weights, plain_weights):
        np.testing.assert_array_equal(a, b)


def test_bad_arguments_name_the_strategy_call():
    strategy = tf.distribute.MirroredStrategy()
    with pytest.raises(ValueError, match='Strategy.reduce: reduce_op'):
        strategy.reduce('MAX', tf.constant(1.0), axis=None)
    with pytest.raises(ValueError, match='MirroredStrategy: tapeflow runs one replica'):
        tf.distribute.MirroredStrategy(['/gpu:0', '/gpu:1'])
    ctx = tf.distribute.InputContext()
    assert ctx.get_per_replica_batch_size(64) == 64
