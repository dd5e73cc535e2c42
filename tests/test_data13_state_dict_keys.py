"""Dataset.reduce / scan repack a new state into the initial state's structure, as TF 2.21 does: a dict state
returned under another key is read under the initial key (printed by TF 2.21: /work/notes/progs/data13/p15.py,
re2 -> {'a': <tf.Tensor: shape=(), dtype=int64, numpy=6>}, sc2 vals [0, 1, 2, 3])."""
import pytest

import framework as tf


def test_reduce_keeps_the_initial_keys():
    result = tf.data.Dataset.range(4).reduce({'a': tf.constant(0, tf.int64)}, lambda s, x: {'b': s['a'] + x})
    assert list(result) == ['a'] and int(result['a']) == 6


def test_scan_keeps_the_initial_keys():
    ds = tf.data.Dataset.range(4).scan({'a': tf.constant(0, tf.int64)}, lambda s, x: ({'b': s['a']}, x))
    assert [int(v) for v in ds.as_numpy_iterator()] == [0, 1, 2, 3]


def test_list_states_stay_one_stacked_component():
    # TF 2.21 stacks the initial list into one tensor: InvalidArgumentError '... The number of components of the
    # initial state and the reduce function output does not match. (initial_state=1, output=2).'
    with pytest.raises(tf.errors.InvalidArgumentError, match=r'\(initial_state=1, output=2\)'):
        tf.data.Dataset.range(4).reduce([tf.constant(0, tf.int64), tf.constant(1, tf.int64)],
                                        lambda s, x: [s[0] + x, s[1] * 2])
