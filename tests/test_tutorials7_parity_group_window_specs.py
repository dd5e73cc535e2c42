"""element_spec of group_by_window and bucket_by_sequence_length as TF 2.21 traces them: reduce_func
on a window of unknown length (batch(4) of it: batch size None), buckets batched by a size TF looks
up in a tensor (batch axis None), padded to a bucket's boundary (padded axes None).

Expected specs printed by TensorFlow 2.21 (/opt/tfref, progs/tutorials7/p5_data_guide.py)."""
import numpy as np

import framework as tf


def _range_groups(reduce_func):
    return tf.data.Dataset.range(20).group_by_window(key_func=lambda x: x % 3, reduce_func=reduce_func,
                                                     window_size=4)


def test_group_by_window_batch_has_unknown_size():
    grouped = _range_groups(lambda key, window: window.batch(4))
    assert repr(grouped.element_spec) == 'TensorSpec(shape=(None,), dtype=tf.int64, name=None)'
    assert [g.numpy().tolist() for g in grouped][:2] == [[0, 3, 6, 9], [1, 4, 7, 10]]


def test_group_by_window_keeps_a_dropped_remainder_size():
    grouped = _range_groups(lambda key, window: window.batch(4, drop_remainder=True))
    assert repr(grouped.element_spec) == 'TensorSpec(shape=(4,), dtype=tf.int64, name=None)'


def test_group_by_window_map_reads_the_first_element():
    grouped = _range_groups(lambda key, window: window.map(lambda v: (v, key)))
    assert repr(grouped.element_spec) == ('(TensorSpec(shape=(), dtype=tf.int64, name=None), '
                                          'TensorSpec(shape=(), dtype=tf.int64, name=None))')


def _buckets(**kwargs):
    seqs = tf.data.Dataset.from_tensor_slices(np.arange(24).reshape(8, 3))
    args = dict(element_length_func=lambda x: tf.shape(x)[0], bucket_boundaries=[2, 5],
                bucket_batch_sizes=[2, 2, 2])
    args.update(kwargs)
    return seqs.bucket_by_sequence_length(**args)


def test_bucket_batch_axis_is_unknown_even_when_dropping_remainders():
    # TF: TensorSpec(shape=(None, 3), ...) for equal bucket sizes and drop_remainder=True too
    for kwargs in ({}, dict(drop_remainder=True), dict(no_padding=True, drop_remainder=True)):
        assert repr(_buckets(**kwargs).element_spec) == 'TensorSpec(shape=(None, 3), dtype=tf.int64, name=None)'
    batches = [b.numpy().shape for b in _buckets(drop_remainder=True)]
    assert batches == [(2, 3)] * 4


def test_bucket_padded_to_boundary_keeps_known_axes():
    spec = _buckets(pad_to_bucket_boundary=True, bucket_boundaries=[2, 5, 9], bucket_batch_sizes=[2, 2, 2, 2]).element_spec
    assert repr(spec) == 'TensorSpec(shape=(None, 3), dtype=tf.int64, name=None)'


def test_bucket_padded_to_boundary_leaves_unknown_axes_unknown():
    # TF: an element axis of unknown size is padded to the bucket's boundary: (None, None)
    seqs = tf.data.Dataset.from_generator(lambda: (np.arange(n) for n in range(1, 7)),
                                          output_signature=tf.TensorSpec([None], tf.int64))
    buckets = seqs.bucket_by_sequence_length(lambda x: tf.shape(x)[0], [3, 8], [2, 2, 2], pad_to_bucket_boundary=True)
    assert repr(buckets.element_spec) == 'TensorSpec(shape=(None, None), dtype=tf.int64, name=None)'
    assert [b.numpy().shape for b in buckets] == [(2, 2), (2, 7), (2, 7)]
