"""Dataset.save / Dataset.load / Dataset.snapshot, and iterators' get_next_as_optional.

Behaviour as TensorFlow 2.21 (printed there for the same calls): a loaded dataset has the saved
element_spec and cardinality and the same elements; snapshot replays its first pass (a shuffle
upstream gives the same order again); get_next past the end raises OutOfRangeError. The files
are tapeflow's own (numpy arrays, no pickle), not TF's snapshot format."""
import collections
import os

import numpy as np
import pytest

import framework as tf


def _round_trip(dataset, tmp_path):
    path = str(tmp_path / 'saved')
    assert dataset.save(path) is None
    return tf.data.Dataset.load(path)


def _same(a, b):
    assert a.element_spec == b.element_spec
    assert int(a.cardinality()) == int(b.cardinality())
    for x, y in zip(a, b):
        for u, v in zip(tf.nest.flatten(x), tf.nest.flatten(y)):
            assert type(u) is type(v)
            assert u.dtype == v.dtype
            assert _values(u) == _values(v)


def _values(t):
    if isinstance(t, tf.RaggedTensor):
        return t.to_list()
    if isinstance(t, tf.sparse.SparseTensor):
        return [t.indices.numpy().tolist(), t.values.numpy().tolist(), t.dense_shape.numpy().tolist()]
    value = t.numpy()
    return value if isinstance(value, bytes) else value.tolist()


@pytest.mark.parametrize('make', [
    lambda: tf.data.Dataset.range(7),
    lambda: tf.data.Dataset.from_tensor_slices(({'a': np.arange(6), 'b': np.linspace(0, 1, 6).astype('float32')},
                                                [b'x', b'yy', b'', b'zzz\x00', b'q', b'r'])),
    lambda: tf.data.Dataset.from_tensor_slices(np.arange(10, dtype='float16')).batch(4),     # a partial batch
    lambda: tf.data.Dataset.from_tensor_slices(np.array([[True, False], [False, False]])),
    lambda: tf.data.Dataset.from_tensor_slices(tf.ragged.constant([[1, 2], [3], []])),     # dense rows of a ragged
    lambda: tf.data.Dataset.from_tensor_slices(tf.ragged.constant([[[1., 2.], [3.]], [[4.]], [[]]])),
    lambda: tf.data.Dataset.from_tensor_slices(tf.sparse.SparseTensor([[0, 1], [2, 0]], [2.0, 3.0], [3, 4])),
    lambda: tf.data.Dataset.from_tensor_slices(collections.namedtuple('Pair', 'a b')([1, 2], [3., 4.])),
    lambda: tf.data.Dataset.from_tensor_slices(tf.constant([1.5, 2.5], tf.bfloat16)),
    lambda: tf.data.Dataset.range(0),
])
def test_a_loaded_dataset_gives_the_saved_elements(make, tmp_path):
    _same(make(), _round_trip(make(), tmp_path))


def test_loaded_namedtuples_keep_their_fields(tmp_path):
    loaded = _round_trip(tf.data.Dataset.from_tensor_slices(collections.namedtuple('Pair', 'a b')([1, 2], [3., 4.])),
                         tmp_path)
    element = next(iter(loaded))
    assert type(element).__name__ == 'Pair' and element._fields == ('a', 'b')


def test_saving_again_replaces_the_old_save_and_a_failed_save_keeps_it(tmp_path):
    path = str(tmp_path / 'saved')
    tf.data.Dataset.range(3).save(path)
    tf.data.Dataset.range(5).save(path)
    assert list(tf.data.Dataset.load(path).as_numpy_iterator()) == [0, 1, 2, 3, 4]

    def explode(x):
        if x == 2:
            raise ValueError('boom')
        return x
    failing = tf.data.Dataset.range(4).map(lambda x: tf.numpy_function(explode, [x], tf.int64))
    with pytest.raises(Exception):
        failing.save(path)
    assert list(tf.data.Dataset.load(path).as_numpy_iterator()) == [0, 1, 2, 3, 4]
    assert sorted(os.listdir(tmp_path)) == ['saved']          # no half-written directory left


def test_loading_where_nothing_was_saved_is_tf_not_found_error(tmp_path):
    with pytest.raises(tf.errors.NotFoundError, match='tf.data snapshot element_spec file not found'):
        tf.data.Dataset.load(str(tmp_path / 'missing'))


def test_a_dataset_of_datasets_is_refused_before_running(tmp_path):
    with pytest.raises(TypeError, match='Dataset.save: elements described by DatasetSpec'):
        tf.data.Dataset.range(4).window(2).save(str(tmp_path / 'w'))


def test_an_element_spec_that_does_not_describe_the_elements_fails_when_read(tmp_path):
    path = str(tmp_path / 'saved')
    tf.data.Dataset.range(3).save(path)
    given = tf.TensorSpec([], tf.int32)
    loaded = tf.data.Dataset.load(path, element_spec=given)      # TF takes it, then fails reading
    assert loaded.element_spec == given
    with pytest.raises(tf.errors.InvalidArgumentError, match='does not describe the saved elements'):
        list(loaded)
    assert len(list(tf.data.Dataset.load(path, element_spec=tf.TensorSpec([], tf.int64)))) == 3


def test_reader_func_gets_a_dataset_of_shards(tmp_path):
    path = str(tmp_path / 'saved')
    tf.data.Dataset.range(4).save(path)
    loaded = tf.data.Dataset.load(path, reader_func=lambda shards: shards.interleave(lambda x: x, cycle_length=1))
    assert list(loaded.as_numpy_iterator()) == [0, 1, 2, 3]


def test_experimental_save_and_load_are_the_same_functions(tmp_path):
    path = str(tmp_path / 'saved')
    tf.data.experimental.save(tf.data.Dataset.range(2), path)
    assert list(tf.data.experimental.load(path).as_numpy_iterator()) == [0, 1]


def test_snapshot_replays_its_first_pass(tmp_path):
    tf.random.set_seed(1)
    try:
        snap = tf.data.Dataset.range(8).shuffle(8).snapshot(str(tmp_path / 'snap'))
        first = list(snap.as_numpy_iterator())
        assert sorted(first) == list(range(8))
        assert list(snap.as_numpy_iterator()) == first       # TF 2.21: True (a reshuffle without it)
        assert os.listdir(tmp_path / 'snap')
    finally:
        tf.random.set_seed(None)


def test_get_next_as_optional_and_the_end_of_an_iterator():
    it = iter(tf.data.Dataset.range(2))
    first = it.get_next_as_optional()
    assert type(first).__name__ == '_OptionalImpl' and isinstance(first, tf.experimental.Optional)
    assert bool(first.has_value()) and int(first.get_value()) == 0
    assert first.element_spec == tf.TensorSpec([], tf.int64)
    assert int(it.get_next()) == 1
    empty = it.get_next_as_optional()
    assert not bool(empty.has_value())
    with pytest.raises(tf.errors.InvalidArgumentError) as err:
        empty.get_value()
    # TF 2.21's text
    assert str(err.value) == ('{{function_node __wrapped__OptionalGetValue_output_types_1_device_/job:localhost/'
                              'replica:0/task:0/device:CPU:0}} The given optional does not have a value. '
                              '[Op:OptionalGetValue] name: ')
    with pytest.raises(tf.errors.OutOfRangeError) as err:
        it.get_next()
    assert str(err.value) == ('{{function_node __wrapped__IteratorGetNext_output_types_1_device_/job:localhost/'
                              'replica:0/task:0/device:CPU:0}} End of sequence [Op:IteratorGetNext] name: ')
    with pytest.raises(StopIteration):
        next(it)
    assert isinstance(it, tf.data.Iterator)


def test_optional_from_value_and_empty():
    value = tf.experimental.Optional.from_value((1, 2.0))
    assert bool(value.has_value())
    assert value.element_spec == (tf.TensorSpec([], tf.int32), tf.TensorSpec([], tf.float32))
    a, b = value.get_value()
    assert (int(a), float(b)) == (1, 2.0)
    empty = tf.experimental.Optional.empty(tf.TensorSpec([], tf.int32))
    assert not bool(empty.has_value()) and empty.element_spec == tf.TensorSpec([], tf.int32)
    assert int(tf.data.experimental.get_next_as_optional(iter(tf.data.Dataset.range(3))).get_value()) == 0


def test_optional_is_abstract_as_tensorflows():
    # TF 2.21: "Can't instantiate abstract class Optional with abstract methods ..." (TypeError)
    with pytest.raises(TypeError, match="Can't instantiate abstract class Optional"):
        tf.experimental.Optional()
