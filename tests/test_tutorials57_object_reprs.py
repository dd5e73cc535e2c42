"""Object reprs of tf.lookup tables, Optionals, strategies and distributed datasets name TF 2.21's modules.

The distributed-input guide prints ``print(dist_dataset)`` and ``print(iterator)``; the load-text tutorial
``print(vocab_table)``. TF 2.21 keeps Python's default repr for these classes, naming its own module.
"""
import re

import framework as tf


def _path(obj):
    text = repr(obj)
    assert re.fullmatch(r'<\S+ object at 0x[0-9a-f]+>', text), text
    return text[1:].split(' object at ')[0]


def test_lookup_reprs():
    init = tf.lookup.KeyValueTensorInitializer(['a'], [1], key_dtype=tf.string, value_dtype=tf.int64)
    # TF 2.21: tensorflow.python.ops.lookup_ops.<class>
    assert _path(init) == 'tensorflow.python.ops.lookup_ops.KeyValueTensorInitializer'
    assert _path(tf.lookup.StaticVocabularyTable(init, 1)) == 'tensorflow.python.ops.lookup_ops.StaticVocabularyTable'
    assert _path(tf.lookup.StaticHashTable(init, -1)) == 'tensorflow.python.ops.lookup_ops.StaticHashTable'
    assert _path(tf.lookup.experimental.MutableHashTable(tf.string, tf.int64, -1)) == \
        'tensorflow.python.ops.lookup_ops.MutableHashTable'
    assert _path(tf.lookup.experimental.DenseHashTable(tf.string, tf.int64, default_value=-1, empty_key='',
                                                       deleted_key='$')) == 'tensorflow.python.ops.lookup_ops.DenseHashTable'
    pairs = tf.data.Dataset.from_tensor_slices((['a'], [1]))
    assert _path(tf.data.experimental.DatasetInitializer(pairs)) == \
        'tensorflow.python.data.experimental.ops.lookup_ops.DatasetInitializer'


def test_optional_repr():
    # TF 2.21: <tensorflow.python.data.ops.optional_ops._OptionalImpl object at 0x...>
    assert _path(tf.experimental.Optional.from_value(1)) == 'tensorflow.python.data.ops.optional_ops._OptionalImpl'


def test_distribute_reprs():
    strategy = tf.distribute.MirroredStrategy()
    # TF 2.21's printed paths
    assert _path(strategy) == 'tensorflow.python.distribute.mirrored_strategy.MirroredStrategy'
    assert _path(tf.distribute.OneDeviceStrategy('/cpu:0')) == \
        'tensorflow.python.distribute.one_device_strategy.OneDeviceStrategy'
    assert _path(tf.distribute.get_replica_context()) == 'tensorflow.python.distribute.distribute_lib._DefaultReplicaContext'
    seen = []
    strategy.run(lambda: seen.append(_path(tf.distribute.get_replica_context())))
    assert seen == ['tensorflow.python.distribute.mirrored_run._MirroredReplicaContext']
    dist = strategy.experimental_distribute_dataset(tf.data.Dataset.range(2).batch(1))
    assert _path(dist) == 'tensorflow.python.distribute.input_lib.DistributedDataset'
    assert _path(iter(dist)) == 'tensorflow.python.distribute.input_lib.DistributedIterator'
    from_fn = strategy.distribute_datasets_from_function(lambda context: tf.data.Dataset.range(2))
    assert _path(from_fn) == 'tensorflow.python.distribute.input_lib.DistributedDatasetsFromFunction'


def test_user_subclass_keeps_its_module():
    class Table(tf.lookup.StaticHashTable):
        pass
    init = tf.lookup.KeyValueTensorInitializer(['a'], [1], key_dtype=tf.string, value_dtype=tf.int64)
    assert _path(Table(init, -1)) == __name__ + '.test_user_subclass_keeps_its_module.<locals>.Table'
