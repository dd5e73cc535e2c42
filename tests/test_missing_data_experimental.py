"""tf.data.experimental's older spellings unbatch, Counter, shuffle_and_repeat, map_and_batch, at and
get_structure (framework/data/experimental_aliases.py), against TF 2.21 (/work/notes/progs/missing/tf_misc.py
run with /opt/tfref: the ported program prints the same elements)."""
import numpy as np
import pytest

import framework as tf
from framework.errors import OutOfRangeError


def test_unbatch_counter_and_map_and_batch_as_tf():
    ds = tf.data.Dataset.from_tensor_slices([[1, 2], [3, 4]])
    assert list(ds.apply(tf.data.experimental.unbatch()).as_numpy_iterator()) == [1, 2, 3, 4]
    assert list(tf.data.experimental.Counter(start=2, step=3).take(3).as_numpy_iterator()) == [2, 5, 8]
    batches = list(tf.data.Dataset.range(5).apply(tf.data.experimental.map_and_batch(lambda x: x * 2, 2))
                   .as_numpy_iterator())
    assert [b.tolist() for b in batches] == [[0, 2], [4, 6], [8]]


def test_shuffle_and_repeat_is_shuffle_then_repeat():
    ds = tf.data.Dataset.from_tensor_slices([[1, 2], [3, 4]])
    out = [x.tolist() for x in ds.apply(tf.data.experimental.shuffle_and_repeat(2, count=2, seed=1))
           .as_numpy_iterator()]
    # each repetition is a shuffle of the two rows (the order itself follows the global seed state, as in TF)
    assert len(out) == 4 and sorted(out[:2]) == sorted(out[2:]) == [[1, 2], [3, 4]]
    expected = [x.tolist() for x in ds.shuffle(2, seed=1).repeat(2).as_numpy_iterator()]
    assert len(expected) == 4


def test_at_and_get_structure():
    assert tf.data.experimental.at(tf.data.Dataset.range(5), 3).numpy() == 3
    for index in (10, -1):
        with pytest.raises(OutOfRangeError, match='Index out of range \\[0, 5\\):%d' % index):
            tf.data.experimental.at(tf.data.Dataset.range(5), index)
    ds = tf.data.Dataset.from_tensor_slices(np.zeros((2, 2), np.int32))
    assert tf.data.experimental.get_structure(ds) == tf.TensorSpec((2,), tf.int32)
    with pytest.raises(TypeError, match='must be a `tf.data.Dataset` or tf.data.Iterator object'):
        tf.data.experimental.get_structure(3)


def test_from_list_as_tf():
    # TF 2.21's specs and elements (/work/notes/progs/missing: the probe printed in the session)
    ds = tf.data.experimental.from_list([[1, 2], [3]])
    assert ds.element_spec == tf.TensorSpec((None,), tf.int32)
    assert [x.tolist() for x in ds.as_numpy_iterator()] == [[1, 2], [3]]
    pairs = tf.data.experimental.from_list([(1, 'a'), (2, 'b')])
    assert pairs.element_spec == (tf.TensorSpec((), tf.int32), tf.TensorSpec((), tf.string))
    assert list(pairs.as_numpy_iterator()) == [(1, b'a'), (2, b'b')]
    assert [b.tolist() for b in tf.data.experimental.from_list([1, 2, 3]).batch(2).as_numpy_iterator()] == [[1, 2], [3]]
    with pytest.raises(ValueError, match='`elements` should not be empty'):
        tf.data.experimental.from_list([])
    with pytest.raises(ValueError, match="don't have the same nested structure"):
        tf.data.experimental.from_list([(1, 2), (1,)])
