"""tf.io.RaggedFeature partitions (TF 2.21's parsing_config.py docstring): RowSplits, RowLengths,
RowStarts, RowLimits, ValueRowIds and UniformRowLength keys cut an Example's values into nested
rows; a batch adds the outer ragged dimension; innermost uniform lengths only reshape. Golden
values printed by TF 2.21 (tensorflow-cpu): /work/notes/progs/tfdocB/rf.py (36 of 36 lines equal)."""
import pytest

import framework as tf

R = tf.io.RaggedFeature


def _example(**features):
    feature = {k: tf.train.Feature(int64_list=tf.train.Int64List(value=v)) for k, v in features.items()}
    return tf.train.Example(features=tf.train.Features(feature=feature)).SerializeToString()


BATCH = [_example(v=[3, 1, 4, 1, 5, 9], s1=[0, 2, 3, 3, 6], s2=[0, 2, 3, 4], l=[2, 1, 0, 3], ids=[0, 0, 1, 3, 3, 3],
                  st=[0, 2, 3, 3], lim=[2, 3, 3, 6]),
         _example(v=[2, 7, 1, 8, 2, 8, 1], s1=[0, 3, 4, 5, 7], s2=[0, 1, 1, 4], l=[3, 1, 1, 2], ids=[0, 0, 0, 1, 2, 3, 3],
                  st=[0, 3, 4, 5], lim=[3, 4, 5, 7])]
FEATURES = {
    'f1': R(value_key='v', dtype=tf.int64),
    'f2': R(value_key='v', dtype=tf.int64, partitions=[R.RowSplits('s1')]),
    'f3': R(value_key='v', dtype=tf.int64, partitions=[R.RowSplits('s2'), R.RowSplits('s1')]),
    'f4': R(value_key='v', dtype=tf.int64, partitions=[R.RowLengths('l')]),
    'f5': R(value_key='v', dtype=tf.int64, partitions=[R.ValueRowIds('ids')]),
    'f6': R(value_key='v', dtype=tf.int64, partitions=[R.RowStarts('st')]),
    'f7': R(value_key='v', dtype=tf.int64, partitions=[R.RowLimits('lim')]),
}
ROWS = [[3, 1], [4], [], [1, 5, 9]]


def test_one_example_docstring():
    out = tf.io.parse_single_example(BATCH[0], FEATURES)
    assert out['f1'].numpy().tolist() == [3, 1, 4, 1, 5, 9]
    assert out['f2'].to_list() == ROWS and out['f2'].row_splits.dtype == tf.int32      # TF's default
    assert out['f3'].to_list() == [[[3, 1], [4]], [[]], [[1, 5, 9]]]
    assert out['f3'].shape.as_list() == [3, None, None]
    for name in ('f4', 'f5', 'f6', 'f7'):
        assert out[name].to_list() == ROWS and out[name].row_splits.dtype == tf.int32, name


def test_a_batch_adds_the_outer_dimension():
    out = tf.io.parse_example(BATCH, FEATURES)
    assert out['f1'].to_list() == [[3, 1, 4, 1, 5, 9], [2, 7, 1, 8, 2, 8, 1]]
    assert out['f2'].to_list() == [ROWS, [[2, 7, 1], [8], [2], [8, 1]]]
    assert out['f3'].to_list() == [[[[3, 1], [4]], [[]], [[1, 5, 9]]], [[[2, 7, 1]], [], [[8], [2], [8, 1]]]]
    assert out['f3'].shape.as_list() == [2, None, None, None] and out['f3'].row_splits.dtype == tf.int32
    for name in ('f4', 'f5', 'f6', 'f7'):
        assert out[name].to_list() == out['f2'].to_list(), name


def test_uniform_row_lengths():
    features = {'u1': R(value_key='v', dtype=tf.int64, partitions=[R.UniformRowLength(2)]),
                'u2': R(value_key='v', dtype=tf.int64, partitions=[R.RowSplits('s'), R.UniformRowLength(2)]),
                'u3': R(value_key='v', dtype=tf.int64, partitions=[R.UniformRowLength(2), R.RowLengths('l')])}
    batch = [_example(v=[1, 2, 3, 4, 5, 6], s=[0, 2, 3], l=[1, 1, 2, 2]), _example(v=[7, 8], s=[0, 0, 1], l=[1, 1])]
    one = tf.io.parse_single_example(batch[0], features)
    assert isinstance(one['u1'], tf.Tensor) and one['u1'].numpy().tolist() == [[1, 2], [3, 4], [5, 6]]
    assert one['u2'].shape.as_list() == [2, None, 2] and one['u2'].to_list() == [[[1, 2], [3, 4]], [[5, 6]]]
    assert one['u3'].shape.as_list() == [2, 2, None] and one['u3'].to_list() == [[[1], [2]], [[3, 4], [5, 6]]]
    many = tf.io.parse_example(batch, features)
    assert many['u1'].shape.as_list() == [2, None, 2]
    assert many['u2'].shape.as_list() == [2, None, None, 2]
    assert many['u2'].to_list() == [[[[1, 2], [3, 4]], [[5, 6]]], [[], [[7, 8]]]]
    assert many['u3'].shape.as_list() == [2, None, 2, None]
    assert many['u3'].to_list() == [[[[1], [2]], [[3, 4], [5, 6]]], [[[7], [8]]]]


def test_a_partition_must_be_one_of_tensorflows():
    with pytest.raises(TypeError, match='Argument `partitions` cannot be cast to any of the partition types'):
        R(value_key='v', dtype=tf.int64, partitions=['s1'])
