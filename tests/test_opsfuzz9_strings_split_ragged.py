"""tf.strings.split of a RaggedTensor splits its flat values, as TF 2.21's ragged dispatch does.

Expected values printed by TF 2.21 (/work/notes/progs/opsfuzz9/p18_strings2.py), e.g.
    print(tf.strings.split(tf.ragged.constant([['a b', 'c'], []])))
"""
import pytest

import framework as tf


def test_split_of_a_ragged_tensor_adds_a_ragged_dimension():
    out = tf.strings.split(tf.ragged.constant([['a b', 'c'], []]))
    # TF: <tf.RaggedTensor [[[b'a', b'b'], [b'c']], []]>, shape (2, None, None), ragged_rank 2, int64 splits
    assert out.to_list() == [[[b'a', b'b'], [b'c']], []]
    assert out.shape.as_list() == [2, None, None] and out.ragged_rank == 2
    assert out.row_splits.dtype == tf.int64
    out = tf.strings.split(tf.ragged.constant([['a,b'], ['c']]), sep=',')
    assert out.to_list() == [[[b'a', b'b']], [[b'c']]]       # TF: [[[b'a', b'b']], [[b'c']]]


def test_int32_row_splits_are_refused_as_tf_refuses_them():
    with pytest.raises(ValueError) as info:
        tf.strings.split(tf.ragged.constant([['a b']], row_splits_dtype=tf.int32))
    assert str(info.value) == ('self and new_values have mismatched row_splits dtypes; use '
                               'RaggedTensor.with_row_splits_dtype() to convert them to compatible dtypes.')


def test_format_refuses_a_sparse_tensor_with_tfs_conversion_error():
    sp = tf.sparse.from_dense([[0, 1]])
    with pytest.raises(ValueError) as info:
        tf.strings.format('{}', sp)
    # TF: "Attempt to convert a value (SparseTensor(indices=...)) with an unsupported type (<class
    # 'tensorflow.python.framework.sparse_tensor.SparseTensor'>) to a Tensor."
    assert str(info.value) == ("Attempt to convert a value (%r) with an unsupported type (<class "
                               "'tensorflow.python.framework.sparse_tensor.SparseTensor'>) to a Tensor." % (sp,))
    with pytest.raises(ValueError, match='^Attempt to convert a value'):
        tf.strings.format('{} {}', (tf.constant(1), sp))
