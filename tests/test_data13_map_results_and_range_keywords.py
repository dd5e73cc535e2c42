"""Dataset.map results that are no tensors and Dataset.range's keywords, as TF 2.21 (golden texts printed
by TF 2.21: /work/notes/progs/data13/p7.py)."""
import pytest

import framework as tf


def test_unconvertible_result_is_refused_when_the_spec_is_read():
    # TF 2.21 (from its trace): TypeError 'Unsupported return value from function passed to Dataset.map(): <object ...>.'
    # (Dataset.map traces where its elements come from memory: the refusal comes from map itself there)
    with pytest.raises(TypeError, match=r'^Unsupported return value from function passed to Dataset\.map\(\): '
                                        r'<object object at 0x[0-9a-f]+>\.'):
        tf.data.Dataset.range(3).map(lambda x: object())
    ds = tf.data.Dataset.from_generator(lambda: iter([0]), output_signature=tf.TensorSpec((), tf.int64))
    ds = ds.map(lambda x: object())
    with pytest.raises(TypeError, match=r'^Unsupported return value from function passed to Dataset\.map\(\): '
                                        r'<object object at 0x[0-9a-f]+>\.'):
        ds.element_spec
    with pytest.raises(TypeError, match=r'^Unsupported return value from function passed to Dataset\.map\(\)'):
        list(ds)


def test_a_structure_of_nones_has_no_output():
    # TF 2.21: InvalidArgumentError "Length for attr 'output_types' of 0 must be at least minimum 1 ..." (its op
    # registry names output_types or output_shapes from run to run), raised by Dataset.map, which traces
    with pytest.raises(tf.errors.InvalidArgumentError, match=r"^Length for attr 'output_(types|shapes)' of 0 must be "
                                                             r"at least minimum 1"):
        tf.data.Dataset.range(3).map(lambda x: {'a': None})


def test_range_ignores_other_keywords():
    # TF 2.21: Dataset.range(3, dtype=tf.int32) is int64 [0, 1, 2] (_RangeDataset reads output_type and name only)
    ds = tf.data.Dataset.range(3, dtype=tf.int32)
    assert ds.element_spec == tf.TensorSpec((), tf.int64)
    assert list(ds.as_numpy_iterator()) == [0, 1, 2]
