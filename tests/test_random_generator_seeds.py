"""tf.random.split / fold_in and tf.random.experimental's seed ops: TensorFlow's values.

Golden values printed by TensorFlow 2.21 (tensorflow-cpu, Linux) for the same calls
(/work/notes/progs/random_gen/gen_tf.py).
"""
import pytest

import framework as tf


def test_fold_in_keeps_the_dtype_of_data():
    folded = tf.random.fold_in([1, 2], 5)
    assert folded.dtype == tf.int32 and folded.numpy().tolist() == [1105988140, 5]
    wide = tf.random.fold_in(tf.constant([1, 2], tf.int64), tf.constant(5, tf.int64))
    assert wide.dtype == tf.int64 and wide.numpy().tolist() == [7464880146280614444, 5]
    assert tf.random.experimental.stateless_fold_in([3, 4], 7).numpy().tolist() == [-1860230133, 7]


def test_split_draws_full_range_seed_pairs():
    assert tf.random.split([1, 2]).numpy().tolist() == [[1105988140, 1738052849], [-335576002, 370444179]]
    assert tf.random.split(tf.constant([1, 2], tf.int64), num=3).numpy().tolist() == [
        [7464880146280614444, 1591045637757961278], [-1057468755545501549, 2524363516007002203],
        [6884554327646026923, -2336856294065325742]]
    assert tf.random.experimental.stateless_split([3, 4], 3).numpy().tolist() == [
        [-1860230133, -671226999], [-1390659934, 1052501199], [-1503457849, -798298177]]


def test_index_shuffle_is_tensorflows_permutation():
    shuffle = tf.random.experimental.index_shuffle
    assert [int(shuffle(i, seed=[5, 43], max_index=9)) for i in range(10)] == [7, 6, 9, 0, 3, 8, 5, 1, 2, 4]
    many = shuffle(tf.constant(list(range(12))), seed=[1, 2], max_index=tf.constant([11] * 12))
    assert many.dtype == tf.int32 and many.numpy().tolist() == [5, 0, 1, 11, 3, 6, 9, 10, 7, 2, 8, 4]
    one = shuffle(tf.constant(3, tf.int64), seed=tf.constant([7, 8], tf.int64), max_index=tf.constant(1000, tf.int64))
    assert one.shape == () and one.dtype == tf.int64 and int(one) == 315


def test_fold_in_refuses_non_scalar_data():
    with pytest.raises(ValueError, match='fold_in: data must be an int32 or int64 scalar'):
        tf.random.fold_in([1, 2], [3, 4])


def test_stateless_shuffle_is_tensorflows_order():
    shuffle = tf.random.experimental.stateless_shuffle
    assert shuffle(tf.range(10), seed=[1, 2]).numpy().tolist() == [0, 3, 8, 1, 5, 4, 9, 7, 6, 2]
    assert shuffle([[1, 2], [3, 4], [5, 6]], seed=[5, 6]).numpy().tolist() == [[5, 6], [1, 2], [3, 4]]


def test_alg_philox_is_auto_select_on_the_cpu_and_threefry_has_no_kernel():
    expected = [0.8440604209899902, 0.19204533100128174, 0.9962232112884521]
    assert tf.random.stateless_uniform([3], seed=[1, 2], alg='philox').numpy().tolist() == expected
    assert tf.random.stateless_uniform([3], seed=[1, 2]).numpy().tolist() == expected
    assert tf.random.split([1, 2], alg='philox').numpy().tolist() == [[1105988140, 1738052849], [-335576002, 370444179]]
    with pytest.raises(tf.errors.InvalidArgumentError, match='ThreeFry'):
        tf.random.stateless_uniform([3], seed=[1, 2], alg='threefry')


def test_log_uniform_candidate_sampler_lives_in_tf_random():
    # TensorFlow 2 exports it as tf.random.log_uniform_candidate_sampler only (tf.nn's sampled losses use it)
    sampled, true_expected, _ = tf.random.log_uniform_candidate_sampler(
        tf.constant([[1], [2]], tf.int64), num_true=1, num_sampled=4, unique=True, range_max=10, seed=3)
    assert sampled.shape == (4,) and len(set(sampled.numpy().tolist())) == 4 and true_expected.shape == (2, 1)
