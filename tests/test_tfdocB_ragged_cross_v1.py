"""tf.ragged.cross / cross_hashed and TF 1's string_split, strings.split, batch_gather and
image.extract_glimpse under tf.compat.v1 (TF 2.21's ragged_array_ops.py, ragged_string_ops.py,
ragged_batch_gather_ops.py and image_ops_impl.py docstrings). Golden values printed by TF 2.21
(tensorflow-cpu): /work/notes/progs/tfdocB/cr.py and v1s.py."""
import numpy as np
import pytest

import framework as tf

A = tf.ragged.constant([['a'], ['b', 'c']])
B = tf.ragged.constant([['d'], ['e']])
C = tf.ragged.constant([['f'], ['g']])


def test_ragged_cross():
    assert tf.ragged.cross([A, B, C]).to_list() == [[b'a_X_d_X_f'], [b'b_X_e_X_g', b'c_X_e_X_g']]
    dense = tf.constant([['x', 'y'], ['z', 'w']])
    assert tf.ragged.cross([tf.ragged.constant([['a', 'b'], []]), dense]).to_list() == \
        [[b'a_X_x', b'a_X_y', b'b_X_x', b'b_X_y'], []]
    mixed = tf.ragged.cross([tf.ragged.constant([[1, 2], [3]]), tf.ragged.constant([['p'], ['q', 'r']])])
    assert mixed.to_list() == [[b'1_X_p', b'2_X_p'], [b'3_X_q', b'3_X_r']]
    sparse = tf.sparse.from_dense([['s', ''], ['', 't']])
    assert tf.ragged.cross([A, sparse]).to_list() == [[b'a_X_s'], [b'b_X_t', b'c_X_t']]
    narrow = tf.ragged.cross([tf.ragged.constant([['a'], ['b', 'c']], row_splits_dtype=tf.int32),
                              tf.ragged.constant([['d'], ['e']], row_splits_dtype=tf.int32)])
    assert narrow.row_splits.dtype == tf.int32


def test_ragged_cross_hashed():
    assert tf.ragged.cross_hashed([A, B, C], num_buckets=100).to_list() == [[78], [66, 74]]
    assert tf.ragged.cross_hashed([A, B, C]).to_list() == [[5684865645872741371],
                                                          [1392610987527938559, 6629649657679214674]]
    assert tf.ragged.cross_hashed([A, B], num_buckets=7, hash_key=12345).to_list() == [[2], [2, 3]]


SOURCE = ['hello world', 'a b  c', '', 'x,y, z']


def _sparse(sp):
    return sp.indices.numpy().tolist(), sp.values.numpy().tolist(), sp.dense_shape.numpy().tolist()


def test_v1_string_split():
    split = tf.compat.v1.string_split
    assert _sparse(split(SOURCE)) == ([[0, 0], [0, 1], [1, 0], [1, 1], [1, 2], [3, 0], [3, 1]],
                                      [b'hello', b'world', b'a', b'b', b'c', b'x,y,', b'z'], [4, 3])
    assert split(SOURCE, result_type='RaggedTensor').to_list() == [[b'hello', b'world'], [b'a', b'b', b'c'], [],
                                                                   [b'x,y,', b'z']]
    assert _sparse(split(SOURCE, skip_empty=False))[1] == [b'hello', b'world', b'a', b'b', b'', b'c', b'x,y,', b'z']
    assert _sparse(split(SOURCE, delimiter=', '))[1] == [b'hello', b'world', b'a', b'b', b'c', b'x', b'y', b'z']
    assert _sparse(split(SOURCE, sep=','))[1] == [b'hello world', b'a b  c', b'x', b'y', b' z']
    assert _sparse(split(['abc', 'de'], delimiter='')) == ([[0, 0], [0, 1], [0, 2], [1, 0], [1, 1]],
                                                          [b'a', b'b', b'c', b'd', b'e'], [2, 3])
    with pytest.raises(ValueError, match="result_type must be 'RaggedTensor' or 'SparseTensor'"):
        split(SOURCE, result_type='Dense')
    with pytest.raises(tf.errors.InvalidArgumentError, match='input must be a vector'):
        split([['a b']])


def test_v1_strings_split():
    split = tf.compat.v1.strings.split
    assert _sparse(split(SOURCE)) == _sparse(tf.compat.v1.string_split(SOURCE))
    assert _sparse(split(SOURCE, sep=','))[1] == [b'hello world', b'a b  c', b'', b'x', b'y', b' z']
    assert _sparse(split(SOURCE, maxsplit=1)) == ([[0, 0], [0, 1], [1, 0], [1, 1], [3, 0], [3, 1]],
                                                  [b'hello', b'world', b'a', b'b  c', b'x,y,', b'z'], [4, 2])
    assert split(source=SOURCE, result_type='RaggedTensor').to_list()[1] == [b'a', b'b', b'c']
    assert _sparse(split('a b')) == ([[0, 0], [0, 1]], [b'a', b'b'], [1, 2])
    assert tf.compat.v1.strings.length('abc').numpy() == 3      # the rest is TF 2's module


def test_v1_batch_gather():
    params = tf.ragged.constant([['a', 'b', 'c'], ['d'], [], ['e']])
    indices = tf.ragged.constant([[1, 2, 0], [], [], [0, 0]])
    assert tf.compat.v1.batch_gather(params, indices).to_list() == [[b'b', b'c', b'a'], [], [], [b'e', b'e']]
    dense = tf.compat.v1.batch_gather(tf.constant([[1, 2, 3], [4, 5, 6]]), tf.constant([[2, 0], [1, 1]]))
    assert dense.numpy().tolist() == [[3, 1], [5, 5]]
    with pytest.raises(tf.errors.InvalidArgumentError, match='row 2'):     # TF reads past the row here
        tf.compat.v1.batch_gather(params, tf.constant([[0], [0], [0], [0]]))


def test_v1_extract_glimpse_centres_the_window():
    x = np.arange(9, dtype=np.float32).reshape(1, 3, 3, 1)
    out = tf.compat.v1.image.extract_glimpse(x, size=(2, 2), offsets=[[1, 1]], centered=False, normalized=False)
    assert out.numpy().ravel().tolist() == [0.0, 1.0, 3.0, 4.0]
    assert tf.compat.v1.image.flip_left_right is tf.image.flip_left_right
