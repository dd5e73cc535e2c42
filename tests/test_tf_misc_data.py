"""tf.data.Options, Dataset.ignore_errors, NumpyIterator and tf.data.experimental's aliases, pinned to
TF 2.21 (/work/notes/progs/tf_misc/dopts.py run with /opt/tfref)."""
import logging

import numpy as np
import pytest

import framework as tf


def test_options_defaults_aliases_and_type_checks():
    o = tf.data.Options()
    assert (o.deterministic, o.experimental_deterministic, o.experimental_optimization.map_parallelization,
            o.threading.private_threadpool_size, o.experimental_slack, o.autotune.enabled) == (None,) * 6
    assert o.experimental_distribute.auto_shard_policy == 0
    o.experimental_distribute.auto_shard_policy = tf.data.experimental.AutoShardPolicy.DATA
    o.experimental_deterministic = False
    assert o.deterministic is False and repr(tf.data.experimental.AutoShardPolicy.DATA) == '<AutoShardPolicy.DATA: 2>'
    assert [p.value for p in tf.data.experimental.AutoShardPolicy] == [-1, 0, 1, 2, 3]
    with pytest.raises(AttributeError, match='Cannot set the property foo on Options.'):
        o.foo = 1
    with pytest.raises(TypeError, match='Property "deterministic" must be of type'):
        o.deterministic = 3
    ds = tf.data.Dataset.range(5).with_options(o)
    assert ds.options().deterministic is False
    assert ds.map(lambda x: x).options().experimental_distribute.auto_shard_policy == 2
    assert list(ds.as_numpy_iterator()) == [0, 1, 2, 3, 4]
    assert tf.data.Dataset.range(2).options() == tf.data.Options()


def test_later_options_win_and_unset_ones_keep_earlier():
    first, second = tf.data.Options(), tf.data.Options()
    first.deterministic, first.experimental_slack = True, True
    second.deterministic = False
    merged = tf.data.Dataset.range(3).with_options(first).batch(2).with_options(second).options()
    assert (merged.deterministic, merged.experimental_slack) == (False, True)


def test_as_numpy_iterator_is_a_numpy_iterator():
    it = tf.data.Dataset.range(2).as_numpy_iterator()
    assert type(it).__name__ == 'NumpyIterator' and isinstance(it, tf.data.NumpyIterator)
    assert next(it) == 0 and list(it) == [1]


def _reciprocal(x):
    return tf.debugging.check_numerics(1. / (tf.cast(x, tf.float32) - 2.), 'bad')


def test_ignore_errors_drops_elements_whose_map_raised():
    expected = [-0.5, -1.0, 1.0, 0.5]       # TF 2.21: element 2 (1 / 0) dropped
    assert list(tf.data.Dataset.range(5).map(_reciprocal).ignore_errors().as_numpy_iterator()) == expected
    applied = tf.data.Dataset.range(5).map(_reciprocal).apply(tf.data.experimental.ignore_errors())
    assert list(applied.as_numpy_iterator()) == expected
    with pytest.raises(Exception, match='bad'):
        list(tf.data.Dataset.range(5).map(_reciprocal).as_numpy_iterator())


def test_ignore_errors_covers_filter_and_logs_when_asked(caplog):
    def predicate(x):
        if int(x) == 1:
            raise ValueError('no one')
        return True
    with caplog.at_level(logging.WARNING, logger='tensorflow'):
        kept = list(tf.data.Dataset.range(3).filter(predicate).ignore_errors(log_warning=True).as_numpy_iterator())
    assert kept == [0, 2] and 'no one' in caplog.text


def test_experimental_aliases_match_tf():
    ds = tf.data.Dataset.range(10)
    assert list(tf.data.Dataset.from_tensor_slices([1, 1, 2]).apply(tf.data.experimental.unique()).as_numpy_iterator()) \
        == [1, 2]
    assert list(ds.apply(tf.data.experimental.take_while(lambda x: x < 3)).as_numpy_iterator()) == [0, 1, 2]
    scanned = ds.apply(tf.data.experimental.scan(tf.constant(0, tf.int64), lambda s, x: (s + x, s)))
    assert list(scanned.as_numpy_iterator()) == [0, 0, 1, 3, 6, 10, 15, 21, 28, 36]
    assert list(ds.apply(tf.data.experimental.enumerate_dataset(5)).take(2).as_numpy_iterator()) == [(5, 0), (6, 1)]
    assert int(tf.data.experimental.get_single_element(tf.data.Dataset.from_tensors(3))) == 3
    windows = ds.apply(tf.data.experimental.group_by_window(lambda x: x % 2, lambda k, w: w.batch(3), window_size=3))
    assert [b.tolist() for b in windows.as_numpy_iterator()] == [[0, 2, 4], [1, 3, 5], [6, 8], [7, 9]]
    tf.random.set_seed(7)       # the draw depends on the global seed too
    sampled = tf.data.experimental.sample_from_datasets([tf.data.Dataset.range(3), tf.data.Dataset.range(10, 13)],
                                                        seed=1)
    assert [int(b) for b in sampled.as_numpy_iterator()] == [0, 10, 1, 11, 2, 12]
    tf.random.set_seed(None)    # (no global seed left behind for later tests)
    # the experimental endpoint does not stop at an empty dataset by default (TF 2.21: [0, 10, 11, 1])
    chosen = tf.data.experimental.choose_from_datasets(
        [tf.data.Dataset.range(3), tf.data.Dataset.range(10, 13)],
        tf.data.Dataset.from_tensor_slices(tf.constant([0, 1, 1, 0], tf.int64)))
    assert [int(b) for b in chosen.as_numpy_iterator()] == [0, 10, 11, 1]
    buckets = tf.data.Dataset.from_tensor_slices(np.arange(6)).map(lambda x: tf.fill([x + 1], x)).apply(
        tf.data.experimental.bucket_by_sequence_length(lambda x: tf.shape(x)[0], [3], [2, 2]))
    assert sum(b.shape[0] for b in buckets) == 6
