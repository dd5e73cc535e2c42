"""tf.distribute's wrapped values and datasets with one replica: PerReplica, MirroredVariable,
DistributedDataset / DistributedIterator, ValueContext, variable_created_in_scope.

Expected texts and numbers were printed by TensorFlow 2.21 (CPU, one device) running the same calls
(TF's docstrings for these APIs, run one replica at a time)."""
import numpy as np
import pytest

import framework as tf
from framework import keras


@pytest.fixture
def mirrored():
    return tf.distribute.MirroredStrategy()


def test_a_variable_made_in_a_mirrored_scope_prints_as_a_mirrored_variable(mirrored):
    with mirrored.scope():
        v = tf.Variable([[1., 2.]], name='kern')
    assert repr(v) == str(v) == ("MirroredVariable:{\n  0: <tf.Variable 'kern:0' shape=(1, 2) dtype=float32, "
                                 "numpy=array([[1., 2.]], dtype=float32)>\n}")
    v.assign([[3., 4.]])
    assert '[[3., 4.]]' in repr(v)
    # it computes as a variable, and the result is a plain tensor
    assert repr(v * 2) == "<tf.Tensor: shape=(1, 2), dtype=float32, numpy=array([[6., 8.]], dtype=float32)>"
    assert repr(tf.Variable(1.)) == "<tf.Variable 'Variable:0' shape=() dtype=float32, numpy=1.0>"


@pytest.mark.parametrize('make', [lambda: tf.distribute.OneDeviceStrategy('/cpu:0'),
                                  lambda: tf.distribute.experimental.CentralStorageStrategy(),
                                  lambda: tf.distribute.get_strategy()])
def test_other_strategies_print_their_variables_plain(make):
    strategy = make()
    with strategy.scope():
        v = tf.Variable(1.)
    assert repr(v) == "<tf.Variable 'Variable:0' shape=() dtype=float32, numpy=1.0>"
    assert strategy.extended.variable_created_in_scope(v)


def test_keras_weights_keep_keras_repr_under_a_strategy(mirrored):
    keras.backend.clear_session()       # layer names count from here
    with mirrored.scope():
        model = keras.Sequential([keras.layers.Dense(1)])
        model.build((None, 2))
    assert repr(model.weights[1]) == '<Variable path=sequential/dense/bias, shape=(1,), dtype=float32, value=[0.]>'
    assert mirrored.extended.variable_created_in_scope(model.weights[0])
    keras.backend.clear_session()


def test_variable_created_in_scope(mirrored):
    with mirrored.scope():
        inside = tf.Variable(1.)
    outside = tf.Variable(1.)
    assert mirrored.extended.variable_created_in_scope(inside) is True
    assert mirrored.extended.variable_created_in_scope(outside) is False
    assert tf.distribute.MirroredStrategy().extended.variable_created_in_scope(inside) is False
    # the default strategy owns every variable
    assert tf.distribute.get_strategy().extended.variable_created_in_scope(outside) is True


def test_values_from_function_are_per_replica_on_mirrored_strategies(mirrored):
    values = mirrored.experimental_distribute_values_from_function(lambda ctx: ctx.replica_id_in_sync_group)
    assert repr(values) == 'PerReplica:{\n  0: 0\n}'
    tensors = mirrored.experimental_distribute_values_from_function(lambda ctx: tf.constant(1.))
    assert str(tensors) == 'PerReplica:{\n  0: tf.Tensor(1.0, shape=(), dtype=float32)\n}'
    assert repr(tensors) == 'PerReplica:{\n  0: <tf.Tensor: shape=(), dtype=float32, numpy=1.0>\n}'
    assert mirrored.experimental_local_results(tensors)[0].numpy() == 1.0
    vectors = mirrored.experimental_distribute_values_from_function(lambda ctx: tf.constant([1., 2.]))
    assert mirrored.reduce('SUM', vectors, axis=0).numpy() == 3.0
    # run hands each replica its own value, and one replica's result comes back as it is
    assert repr(mirrored.run(lambda a: a * 2, args=(tensors,))) == \
        '<tf.Tensor: shape=(), dtype=float32, numpy=2.0>'
    assert tf.distribute.experimental.CentralStorageStrategy().experimental_distribute_values_from_function(
        lambda ctx: 0).values == (0,)
    assert tf.distribute.OneDeviceStrategy('/cpu:0').experimental_distribute_values_from_function(
        lambda ctx: 0) == 0


def test_value_context_takes_the_replica_and_count():
    context = tf.distribute.experimental.ValueContext(replica_id_in_sync_group=2, num_replicas_in_sync=4)
    assert (context.replica_id_in_sync_group, context.num_replicas_in_sync) == (2, 4)
    default = tf.distribute.experimental.ValueContext()
    assert (default.replica_id_in_sync_group, default.num_replicas_in_sync) == (0, 1)


def test_distributed_dataset_iterates_the_batches(mirrored):
    dataset = tf.data.Dataset.range(5).batch(2)
    distributed = mirrored.experimental_distribute_dataset(dataset)
    assert type(distributed).__name__ == 'DistributedDataset'
    assert [x.numpy().tolist() for x in distributed] == [[0, 1], [2, 3], [4]]
    assert distributed.cardinality == 3
    assert repr(distributed.element_spec) == 'TensorSpec(shape=(None,), dtype=tf.int64, name=None)'
    assert distributed.reduce(tf.constant(0, tf.int64), lambda a, b: a + tf.reduce_sum(b)).numpy() == 10
    it = iter(distributed)
    assert type(it).__name__ == 'DistributedIterator'
    assert it.get_next().numpy().tolist() == [0, 1]
    assert it.next().numpy().tolist() == [2, 3]
    assert it.get_next_as_optional().get_value().numpy().tolist() == [4]
    assert not it.get_next_as_optional().has_value()
    with pytest.raises(tf.errors.OutOfRangeError, match='End of sequence'):
        it.get_next()
    from_fn = mirrored.distribute_datasets_from_function(lambda ctx: tf.data.Dataset.range(3))
    assert type(from_fn).__name__ == 'DistributedDatasetsFromFunction'
    assert [int(x) for x in from_fn] == [0, 1, 2]
    # the default strategy leaves the dataset as it is
    assert tf.distribute.get_strategy().experimental_distribute_dataset(dataset) is dataset


def test_fit_evaluate_predict_take_a_distributed_dataset(mirrored):
    keras.utils.set_random_seed(1)
    x = np.random.rand(8, 2).astype('float32')
    y = np.random.rand(8, 1).astype('float32')
    with mirrored.scope():
        model = keras.Sequential([keras.layers.Dense(1)])
        model.compile('sgd', 'mse', metrics=['mae'])
    data = mirrored.experimental_distribute_dataset(tf.data.Dataset.from_tensor_slices((x, y)).batch(4))
    with pytest.warns(UserWarning, match='shuffle=True'):
        history = model.fit(data, epochs=2, verbose=0, validation_data=data)
    # TF 2.21 + Keras 3.15, the same program
    assert history.history == {'loss': [0.10715631395578384, 0.10576260089874268],
                               'mae': [0.24981999397277832, 0.24853652715682983],
                               'val_loss': [0.10601075738668442, 0.10472439974546432],
                               'val_mae': [0.24894416332244873, 0.24769148230552673]}
    assert model.evaluate(data, verbose=0) == [0.10472439974546432, 0.24769148230552673]
    inputs = mirrored.experimental_distribute_dataset(tf.data.Dataset.from_tensor_slices(x).batch(4))
    np.testing.assert_array_equal(model.predict(inputs, verbose=0)[:2], np.float32([[0.46729675], [0.32024807]]))
    tf.random.set_seed(None)
    keras.backend.clear_session()


@pytest.mark.parametrize('make', [lambda: tf.distribute.get_strategy(), lambda: tf.distribute.OneDeviceStrategy('/cpu:0')])
def test_reduce_without_axis_hands_the_value_back_on_one_device_strategies(make):
    # TF 2.21: the default strategy and OneDeviceStrategy return the value itself (a Python float stays one)
    strategy = make()
    for value in (1., [1., 2.], np.float32(2), np.array([1, 2]), (1., 2.), 3):
        assert strategy.reduce('SUM', value, axis=None) is value


@pytest.mark.parametrize('make, expected', [
    (lambda: tf.distribute.experimental.CentralStorageStrategy(),
     "<tf.Tensor: shape=(), dtype=float32, numpy=1.0> [1.0, 2.0] <tf.Tensor: shape=(), dtype=float32, numpy=2.0> "
     "<tf.Tensor: shape=(2,), dtype=int64, numpy=array([1, 2])> "
     "<tf.Tensor: shape=(2,), dtype=float32, numpy=array([1., 2.], dtype=float32)> "
     "<tf.Tensor: shape=(), dtype=int32, numpy=3>"),
    (lambda: tf.distribute.MirroredStrategy(),
     "<tf.Tensor: shape=(), dtype=float32, numpy=1.0> [1.0, 2.0] <tf.Tensor: shape=(), dtype=float32, numpy=2.0> "
     "<tf.Tensor: shape=(2,), dtype=int64, numpy=array([1, 2])> "
     "(<tf.Tensor: shape=(), dtype=float32, numpy=1.0>, <tf.Tensor: shape=(), dtype=float32, numpy=2.0>) "
     "<tf.Tensor: shape=(), dtype=int32, numpy=3>")])
def test_reduce_without_axis_converts_on_the_mirrored_strategies(make, expected):
    # TF 2.21's reprs: MirroredStrategy converts a tuple item by item, CentralStorageStrategy whole; a list stays
    strategy = make()
    values = (1., [1., 2.], np.float32(2), np.array([1, 2]), (1., 2.), 3)
    assert ' '.join(repr(strategy.reduce('SUM', v, axis=None)) for v in values) == expected


def test_replica_contexts_have_tfs_class_names():
    # TF 2.21: type(tf.distribute.get_replica_context()).__name__ outside a scope and inside each strategy's run
    assert type(tf.distribute.get_replica_context()).__name__ == '_DefaultReplicaContext'
    for make, name in ((tf.distribute.MirroredStrategy, '_MirroredReplicaContext'),
                       (lambda: tf.distribute.OneDeviceStrategy('/cpu:0'), '_OneDeviceReplicaContext'),
                       (tf.distribute.experimental.CentralStorageStrategy, '_MirroredReplicaContext')):
        strategy = make()
        assert strategy.run(lambda: type(tf.distribute.get_replica_context()).__name__) == name
        with strategy.scope():
            assert tf.distribute.get_replica_context() is None      # the cross-replica context
