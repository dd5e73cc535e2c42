"""Hashing, CategoryEncoding and Discretization on RaggedTensors, as Keras 3 on TF 2.21: 'int' and
'one_hot' keep the ragged rows, 'multi_hot' / 'count' fold each row into a dense vector.
Values printed by TF 2.21 (progs/layers11/hrag.py, hrag2.py), e.g.
    keras.layers.Hashing(4, output_mode='count', salt=3)(tf.ragged.constant([['apple'], ['banana', 'zz', 'apple']]))
    -> [[0., 0., 0., 1.], [2., 0., 0., 1.]]
"""
import pytest

import framework as tf
from framework import keras

L = keras.layers
WORDS = [['apple'], ['banana', 'zz', 'apple']]


@pytest.mark.parametrize('make, expected', [
    (lambda: L.Hashing(4), [[1], [0, 2, 1]]),
    (lambda: L.Hashing(4, mask_value='zz'), [[2], [1, 0, 2]]),
    (lambda: L.Hashing(4, salt=3), [[3], [0, 0, 3]]),
])
def test_hashing_ids_keep_the_rows(make, expected):
    out = make()(tf.ragged.constant(WORDS))
    assert isinstance(out, tf.RaggedTensor) and out.dtype == tf.int64
    assert out.to_list() == expected


@pytest.mark.parametrize('mode, expected', [
    ('multi_hot', [[0., 0., 0., 1.], [1., 0., 0., 1.]]),
    ('count', [[0., 0., 0., 1.], [2., 0., 0., 1.]]),
])
def test_hashing_folds_each_row(mode, expected):
    out = L.Hashing(4, output_mode=mode, salt=3)(tf.ragged.constant(WORDS))
    assert not isinstance(out, tf.RaggedTensor) and out.dtype == tf.float32
    assert out.numpy().tolist() == expected


def test_one_hot_rows_and_empty_rows():
    out = L.Hashing(3, output_mode='one_hot')(tf.ragged.constant([[], ['a', 'b'], []]))
    assert out.to_list() == [[], [[1., 0., 0.], [0., 1., 0.]], []]
    counts = L.Hashing(3, output_mode='count')(tf.ragged.constant([[], ['a', 'b'], []]))
    assert counts.numpy().tolist() == [[0., 0., 0.], [1., 1., 0.], [0., 0., 0.]]


def test_category_encoding_of_ragged_ids():
    ids = tf.ragged.constant([[1, 7], [2]])                 # 7 >= num_tokens: dropped (a row of zeros in one_hot)
    assert L.CategoryEncoding(3, output_mode='one_hot')(ids).to_list() == [[[0., 1., 0.], [0., 0., 0.]],
                                                                            [[0., 0., 1.]]]
    assert L.CategoryEncoding(3, output_mode='count')(ids).numpy().tolist() == [[0., 1., 0.], [0., 0., 1.]]
    f64 = L.CategoryEncoding(3, output_mode='one_hot', dtype='float64')(tf.ragged.constant([[1, 2], [2]]))
    assert f64.dtype == tf.float64


def test_discretization_of_ragged_values():
    values = tf.ragged.constant([[1., 5.], [7.]])
    layer = L.Discretization(bin_boundaries=[2., 6.])
    out = layer(values)
    assert out.dtype == tf.int32 and out.to_list() == [[0, 1], [2]]
    hot = L.Discretization(bin_boundaries=[2., 6.], output_mode='multi_hot')(values)
    assert hot.numpy().tolist() == [[1., 1., 0.], [0., 0., 1.]]


def test_two_ragged_axes_refused_for_folding_modes():
    nested = tf.ragged.constant([[['a'], ['b', 'c']], [['d']]])
    assert L.Hashing(3, output_mode='one_hot')(nested).shape[-1] == 3
    with pytest.raises(ValueError, match='folds the rows of a'):
        L.Hashing(3, output_mode='multi_hot')(nested)


# SparseTensors, printed by TF 2.21 (progs/layers11/hsp.py, hsp2.py)
IDS = tf.sparse.SparseTensor([[0, 0], [0, 2], [1, 1]], [3, 9, 3], [2, 3])
WORDS_SPARSE = tf.sparse.SparseTensor([[0, 0], [0, 2], [1, 1], [1, 2]], ['a', 'b', 'a', 'zz'], [3, 4])


def test_hashing_of_a_sparse_tensor():
    ids = L.Hashing(4)(WORDS_SPARSE)
    assert isinstance(ids, tf.SparseTensor) and ids.dtype == tf.int64
    assert ids.values.numpy().tolist() == [3, 2, 3, 2] and ids.dense_shape.numpy().tolist() == [3, 4]
    # a masked value hashes to 0 and its bin is counted, as in Keras
    masked = L.Hashing(4, output_mode='multi_hot', mask_value='a')(WORDS_SPARSE)
    assert masked.numpy().tolist() == [[1., 0., 1., 0.], [1., 0., 1., 0.], [0., 0., 0., 0.]]
    counts = L.Hashing(4, output_mode='count', sparse=True)(IDS)
    assert counts.indices.numpy().tolist() == [[0, 1], [1, 1]] and counts.values.numpy().tolist() == [2., 1.]


def test_category_encoding_and_discretization_of_sparse_tensors():
    out = L.CategoryEncoding(10, output_mode='count')(IDS)
    assert out.numpy().tolist() == [[0., 0., 0., 1., 0., 0., 0., 0., 0., 1.], [0., 0., 0., 1.] + [0.] * 6]
    bins = L.Discretization(bin_boundaries=[4.])(tf.sparse.SparseTensor([[0, 0], [1, 1]], [5., 1.], [2, 2]))
    assert isinstance(bins, tf.SparseTensor) and bins.dtype == tf.int32 and bins.values.numpy().tolist() == [1, 0]
    with pytest.raises(ValueError, match='(?s)Attempt to convert a value .* with an unsupported type'):
        L.CategoryEncoding(10, output_mode='one_hot')(IDS)
