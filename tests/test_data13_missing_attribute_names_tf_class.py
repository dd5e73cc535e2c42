"""A missing Dataset attribute names TF 2.21's class, as its AttributeError does (printed by TF 2.21:
tf.data.Dataset.range(5).assert_cardinality(5) -> AttributeError: '_RangeDataset' object has no attribute
'assert_cardinality'; /work/notes/progs/data13/p9.py)."""
import copy

import pytest

import framework as tf


def test_missing_method_names_the_tf_dataset_class():
    with pytest.raises(AttributeError, match=r"^'_RangeDataset' object has no attribute 'assert_cardinality'$"):
        tf.data.Dataset.range(5).assert_cardinality(5)
    with pytest.raises(AttributeError, match=r"^'_BatchDataset' object has no attribute 'foo'$"):
        tf.data.Dataset.range(5).batch(2).foo


def test_defaults_and_copies_still_work():
    ds = tf.data.Dataset.range(3)
    assert getattr(ds, '_not_there', 7) == 7 and not hasattr(ds, 'nothing')
    assert [int(x) for x in copy.copy(ds)] == [0, 1, 2]


def test_a_property_raising_attribute_error_keeps_its_own_error():
    # TF 2.21: a flat_map function returning a tensor: AttributeError "'Tensor' object has no attribute '_name'"
    ds = tf.data.Dataset.range(6).window(2).flat_map(lambda w: w.reduce(tf.constant(0, tf.int64), lambda s, x: s + x))
    with pytest.raises(AttributeError, match=r"^'Tensor' object has no attribute '_name'"):
        ds.element_spec
