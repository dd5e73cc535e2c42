"""sample_from_datasets / choose_from_datasets check their inputs when the stage is made and give the
datasets' common spec, and every stage's repr shows its element_spec (window, scan), as TF 2.21 prints
them (values from /work/notes/progs/tfdata2/p10, p13, p16 run under TF 2.21)."""
import pytest

import framework as tf

D = tf.data.Dataset


def _ints(value):
    return D.from_tensors(tf.constant(value, tf.int64)).repeat(3)


def test_sample_from_datasets_refuses_incompatible_dtypes_when_made():
    floats = D.range(2).map(lambda x: tf.cast(x, tf.float32))
    with pytest.raises(TypeError) as info:
        D.sample_from_datasets([_ints(0), floats])
    assert str(info.value) == (
        'Invalid `datasets`. `datasets` must have compatible element specs.\n Dataset 0 '
        'element_spec=TensorSpec(shape=(), dtype=tf.int64, name=None).\nDataset 1 '
        'element_spec=TensorSpec(shape=(), dtype=tf.float32, name=None).')


def test_sample_from_datasets_refuses_another_structure():
    pair = D.zip((_ints(0), _ints(1)))
    with pytest.raises(TypeError, match=r'^Invalid `datasets`. `datasets` must have compatible element specs'):
        tf.data.experimental.sample_from_datasets([_ints(0), pair])


def test_sample_from_datasets_spec_is_the_common_shape():
    mixed = D.sample_from_datasets([D.from_tensors([1, 2]), D.from_tensors([1, 2, 3])], seed=1)
    assert repr(mixed.element_spec) == 'TensorSpec(shape=(None,), dtype=tf.int32, name=None)'
    # (the order depends on the global seed an earlier test may have set: the elements only)
    assert sorted(v.tolist() for v in mixed.as_numpy_iterator()) == [[1, 2], [1, 2, 3]]


def test_choose_from_datasets_refuses_int32_choices_when_made():
    choices = D.range(2).map(lambda x: tf.cast(x, tf.int32))
    with pytest.raises(TypeError) as info:
        D.choose_from_datasets([_ints(0)], choices)
    assert str(info.value) == ('Invalid `choice_dataset`. Elements of `choice_dataset` must be scalar `tf.int64` '
                               'tensors but are TensorSpec(shape=(), dtype=tf.int32, name=None).')


def test_choose_from_datasets_refuses_batched_choices_and_a_list():
    with pytest.raises(TypeError, match=r"tensors but are TensorSpec\(shape=\(None,\), dtype=tf.int64"):
        D.choose_from_datasets([_ints(0)], D.range(2).batch(1))
    with pytest.raises(TypeError) as info:
        D.choose_from_datasets([_ints(0)], [0, 0])
    assert str(info.value) == ("Invalid `choice_dataset`. `choice_dataset` should be a `tf.data.Dataset` but is "
                               "<class 'list'>.")


def test_choose_from_datasets_still_chooses():
    chosen = D.choose_from_datasets([D.range(5), D.range(100, 105)], D.from_tensor_slices(tf.constant([0, 1, 1, 0],
                                                                                                       tf.int64)))
    assert list(chosen.as_numpy_iterator()) == [0, 100, 101, 1]


def test_window_repr_shows_its_dataset_spec():
    assert repr(D.range(7).window(3, shift=2, drop_remainder=True)) == (
        '<_WindowDataset element_spec=DatasetSpec(TensorSpec(shape=(), dtype=tf.int64, name=None), '
        'TensorShape([]))>')


def test_scan_repr_shows_its_output_spec():
    scanned = D.range(10).scan(tf.constant(0, tf.int64), lambda st, x: (st + x, st * 10))
    assert repr(scanned) == '<_ScanDataset element_spec=TensorSpec(shape=(), dtype=tf.int64, name=None)>'
    assert list(scanned.as_numpy_iterator()) == [0, 0, 10, 30, 60, 100, 150, 210, 280, 360]
