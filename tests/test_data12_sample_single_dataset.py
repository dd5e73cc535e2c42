"""Dataset.sample_from_datasets returns the one dataset left as it is, as TF 2.21 does (its
_skip_datasets_with_zero_weight, then `if len(datasets) == 1: return datasets[0]`).

Golden lines printed by TF 2.21 (/work/notes/progs/data12/p12.py): weights [0.0, 1.0] over range(3), range(10, 13)
has cardinality 3 (tapeflow: -2, a sampling stage); [0.0, 0.0] gives range(3).take(0) (cardinality 0); a float
dataset dropped by its zero weight is not checked against the kept int64 one; no op seed is drawn.
"""
import numpy as np
import pytest

import framework as tf


def _range(*args):
    return tf.data.Dataset.range(*args)


@pytest.mark.parametrize('weights', [[0.0, 1.0], [-1.0, 1.0], np.array([0.0, 1.0])])
def test_one_positive_weight_gives_that_dataset(weights):
    sampled = tf.data.Dataset.sample_from_datasets([_range(3), _range(10, 13)], weights=weights, seed=3)
    assert int(sampled.cardinality()) == 3
    assert list(sampled.as_numpy_iterator()) == [10, 11, 12]


def test_no_positive_weight_gives_the_first_dataset_taking_nothing():
    floats = tf.data.Dataset.from_tensor_slices([1.0, 2.0])
    sampled = tf.data.Dataset.sample_from_datasets([floats, _range(3)], weights=[0.0, 0.0], seed=3)
    assert int(sampled.cardinality()) == 0
    assert sampled.element_spec == tf.TensorSpec((), tf.float32)
    assert list(sampled) == []


@pytest.mark.parametrize('weights', [None, [0.5], tf.constant([0.5])])
def test_a_single_dataset_is_returned_as_is(weights):
    sampled = tf.data.Dataset.sample_from_datasets([_range(3)], weights=weights, seed=3)
    assert int(sampled.cardinality()) == 3
    assert list(sampled.as_numpy_iterator()) == [0, 1, 2]


def test_a_dropped_dataset_is_not_checked_against_the_kept_one():
    floats = tf.data.Dataset.from_tensor_slices([1.0, 2.0])
    sampled = tf.data.Dataset.sample_from_datasets([_range(3), floats], weights=[1.0, 0.0], seed=3)
    assert list(sampled.as_numpy_iterator()) == [0, 1, 2]
    with pytest.raises(TypeError, match='must have compatible element specs'):
        tf.data.Dataset.sample_from_datasets([_range(3), floats], weights=[1.0, 1.0], seed=3)


def test_no_op_seed_is_drawn_when_no_sampling_stage_is_made():
    tf.random.set_seed(5)
    plain = list(_range(6).shuffle(6).as_numpy_iterator())
    tf.random.set_seed(5)
    tf.data.Dataset.sample_from_datasets([_range(3), _range(10, 13)], weights=[0.0, 1.0])
    after = list(_range(6).shuffle(6).as_numpy_iterator())
    tf.random.set_seed(5)
    tf.data.Dataset.sample_from_datasets([_range(3), _range(10, 13)], weights=[0.5, 0.5])
    after_sampling = list(_range(6).shuffle(6).as_numpy_iterator())
    tf.random.set_seed(None)
    assert after == plain       # TF 2.21: [3, 4, 1, 2, 5, 0] both
    assert after_sampling != plain
