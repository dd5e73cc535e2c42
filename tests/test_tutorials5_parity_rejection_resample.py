"""Dataset.rejection_resample (the tf.data guide's resampling section) and sample_from_datasets with
a Dataset of weights. Expected elements printed by TensorFlow 2.21 for the same calls
(framework/data/rejection_resample.py composes the same datasets TF does)."""
import numpy as np
import pytest

import framework as tf


def test_sample_from_datasets_takes_a_dataset_of_weights():
    tf.random.set_seed(1)
    weights = tf.data.Dataset.from_tensors(tf.constant([0.3, 0.7])).repeat()
    mixed = tf.data.Dataset.sample_from_datasets([tf.data.Dataset.range(10), tf.data.Dataset.range(100, 110)],
                                                 weights=weights, seed=7)
    assert [int(v) for v in mixed] == [100, 101, 0, 102, 1, 2, 103, 3, 104, 105, 106, 107, 108, 109,
                                       4, 5, 6, 7, 8, 9]


def test_with_initial_dist(capsys):
    tf.random.set_seed(1)
    resampled = tf.data.Dataset.range(100).rejection_resample(
        lambda v: tf.cast(v < 20, tf.int32), target_dist=[0.5, 0.5], initial_dist=[0.8, 0.2], seed=4)
    assert resampled.element_spec == (tf.TensorSpec((), tf.int32), tf.TensorSpec((), tf.int64))
    assert [(int(c), int(v)) for c, v in resampled.take(12)] == [
        (1, 0), (1, 1), (1, 2), (1, 3), (1, 0), (1, 1), (1, 2), (1, 3), (1, 4), (1, 5), (1, 6), (1, 4)]
    assert [(int(c), int(v)) for c, v in resampled.take(6)] == [(1, 0), (1, 1), (1, 2), (1, 3), (1, 0), (1, 1)]
    # TF's tf.Print in the filter (its count races with tf.data's threads; at most 10 an iteration)
    lines = capsys.readouterr().err.splitlines()
    assert lines and set(lines) == {'Proportion of examples rejected by sampler is high: [0.8][0.8 0.2][0 1]'}


def test_estimated_initial_dist():
    tf.random.set_seed(1)
    resampled = tf.data.Dataset.range(60).rejection_resample(
        lambda v: tf.cast(v % 3 == 0, tf.int32), target_dist=[0.5, 0.5], seed=2)
    assert [(int(c), int(v)) for c, v in resampled.take(12)] == [
        (1, 0), (0, 1), (0, 2), (1, 3), (0, 4), (0, 5), (1, 6), (0, 7), (0, 8), (1, 9), (0, 10), (0, 11)]


def test_tuple_elements_and_the_guides_unpacking():
    tf.random.set_seed(1)
    ds = tf.data.Dataset.from_tensor_slices((np.arange(40, dtype='float32'), (np.arange(40) % 4 == 0).astype('int64')))
    resampled = ds.rejection_resample(lambda f, l: l, target_dist=[0.5, 0.5], initial_dist=[0.75, 0.25], seed=9)
    assert [(int(c), float(f), int(l)) for c, (f, l) in resampled.take(8)] == [
        (1, 0.0, 1), (0, 1.0, 0), (0, 2.0, 0), (1, 0.0, 1), (0, 3.0, 0), (1, 4.0, 1), (0, 5.0, 0), (1, 4.0, 1)]
    balanced = resampled.map(lambda extra_label, features_and_label: features_and_label)
    assert balanced.element_spec == (tf.TensorSpec((), tf.float32), tf.TensorSpec((), tf.int64))


def test_experimental_transformation_is_the_method():
    tf.random.set_seed(1)
    resampled = tf.data.Dataset.range(60).apply(tf.data.experimental.rejection_resample(
        lambda v: tf.cast(v % 3 == 0, tf.int32), target_dist=[0.5, 0.5], seed=2))
    assert [int(v) for _, v in resampled.take(4)] == [0, 1, 2, 3]


@pytest.mark.parametrize('weights, expected', [
    ([1.0, -1.0], [0, 1, 2]),          # TF drops datasets of weight <= 0
    ([0.0, 0.0], []),                  # none left: nothing
])
def test_static_weights_skip_datasets_of_no_weight(weights, expected):
    tf.random.set_seed(3)
    mixed = tf.data.Dataset.sample_from_datasets([tf.data.Dataset.range(3), tf.data.Dataset.range(10, 13)],
                                                 weights=weights, seed=1)
    assert [int(v) for v in mixed.take(6)] == expected


@pytest.mark.parametrize('weights, cls, text', [
    ([2, 5], TypeError, "Invalid `weights`. `weights` type must be either `tf.float32` or `tf.float64` but is "
                        "<dtype: 'int32'>."),
    ([True, False], TypeError, "Invalid `weights`. `weights` type must be either `tf.float32` or `tf.float64` but "
                               "is <dtype: 'bool'>."),
    ([0.5, 0.3, 0.2], ValueError, 'Invalid `weights`. `weights` should have the same length as `datasets` but got '
                                  '`len(weights)=3` vs. `len(datasets)=2`.'),
])
def test_bad_static_weights_raise_tensorflow_text(weights, cls, text):
    with pytest.raises(cls) as info:
        tf.data.Dataset.sample_from_datasets([tf.data.Dataset.range(3), tf.data.Dataset.range(10, 13)], weights=weights)
    assert str(info.value) == text


def test_unnormalized_weights_sample_as_tensorflow():
    tf.random.set_seed(3)
    mixed = tf.data.Dataset.sample_from_datasets([tf.data.Dataset.range(i * 100, i * 100 + 30) for i in range(3)],
                                                 weights=[0.2, 0.2, 0.6], seed=5)
    assert [int(v) for v in mixed.take(12)] == [100, 200, 0, 201, 101, 102, 1, 103, 202, 203, 204, 205]
