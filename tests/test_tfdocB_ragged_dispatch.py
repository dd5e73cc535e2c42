"""Plain ops TensorFlow dispatches to RaggedTensors / SparseTensors (the >>> examples of TF 2.21's
ragged_array_ops.py, ragged_gather_ops.py, ragged_where_op.py, ragged_bincount_ops.py,
ragged_operators.py and sparse_ops.py). Golden values: printed by TF 2.21 (tensorflow-cpu) for the
same calls, /work/notes/progs/tfdocB/rag1.py and rag2.py."""
import numpy as np
import pytest

import framework as tf


def rows(rt):
    return rt.to_list()


# ---- expand_dims, size, rank, split -------------------------------------------------------------
@pytest.mark.parametrize('axis, shape, value', [
    (0, [1, 2, None], [[[1, 2], [3]]]),
    (1, [2, 1, None], [[[1, 2]], [[3]]]),
    (2, [2, None, 1], [[[1], [2]], [[3]]]),
    (-1, [2, None, 1], [[[1], [2]], [[3]]]),
    (-3, [1, 2, None], [[[1, 2], [3]]]),
])
def test_expand_dims_of_a_ragged_tensor(axis, shape, value):
    out = tf.expand_dims(tf.ragged.constant([[1, 2], [3]]), axis)
    assert out.shape.as_list() == shape
    assert rows(out) == value


def test_expand_dims_deeper_and_inside_the_values():
    r3 = tf.ragged.constant([[[1, 2], [3]], [[4]], []])
    assert tf.expand_dims(r3, 2).shape.as_list() == [3, None, 1, None]
    assert rows(tf.expand_dims(r3, 2)) == [[[[1, 2]], [[3]]], [[[4]]], []]
    assert tf.expand_dims(r3, 3).shape.as_list() == [3, None, None, 1]
    inner = tf.RaggedTensor.from_row_lengths(np.arange(12).reshape(6, 2), [1, 2, 2, 1])
    assert tf.expand_dims(inner, 2).shape.as_list() == [4, None, 1, 2]
    assert tf.expand_dims(inner, -1).shape.as_list() == [4, None, 2, 1]
    with pytest.raises(ValueError, match=r'axis=3 out of bounds: expected -3<=axis<3'):
        tf.expand_dims(tf.ragged.constant([[1, 2], [3]]), 3)


def test_split_of_a_ragged_tensor():
    rt = tf.RaggedTensor.from_row_lengths(np.arange(6 * 3).reshape(6, 3), row_lengths=[1, 2, 2, 1])
    a, b = tf.split(rt, 2)
    assert a.shape.as_list() == [2, None, 3] and rows(b) == [[[9, 10, 11], [12, 13, 14]], [[15, 16, 17]]]
    parts = tf.split(rt, [1, 2, 1])
    assert [p.shape.as_list() for p in parts] == [[1, None, 3], [2, None, 3], [1, None, 3]]
    left, right = tf.split(rt, [1, 2], axis=2)
    assert rows(left) == [[[0]], [[3], [6]], [[9], [12]], [[15]]]
    assert right.shape.as_list() == [4, None, 2]
    with pytest.raises(ValueError, match='Cannot split a ragged dimension'):
        tf.split(rt, 2, axis=1)
    with pytest.raises(tf.errors.InvalidArgumentError, match='Cannot exactly split'):
        tf.split(rt, 3)
    with pytest.raises(tf.errors.InvalidArgumentError, match='must be non-negative'):
        tf.split(rt, [1, -1])


def test_size_and_rank_of_a_ragged_tensor():
    r3 = tf.ragged.constant([[[1, 2], [3]], [[4]], []])
    assert tf.size(r3).numpy() == 4 and tf.size(r3).dtype == tf.int32
    assert tf.size(r3, out_type=tf.int64).dtype == tf.int64
    assert tf.rank(r3).numpy() == 3 and tf.rank(r3).dtype == tf.int32


# ---- gather, gather_nd, where --------------------------------------------------------------------
def test_gather_with_ragged_params_or_indices():
    params = tf.constant(['a', 'b', 'c', 'd', 'e'])
    ragged_params = tf.ragged.constant([['a', 'b', 'c'], ['d'], [], ['e']])
    ragged_indices = tf.ragged.constant([[3, 1, 2], [1], [], [0]])
    assert rows(tf.gather(params, ragged_indices)) == [[b'd', b'b', b'c'], [b'b'], [], [b'a']]
    assert rows(tf.gather(ragged_params, tf.constant([3, 1, 2, 1, 0]))) == [[b'e'], [b'd'], [], [b'd'],
                                                                            [b'a', b'b', b'c']]
    assert rows(tf.gather(ragged_params, ragged_indices)) == [[[b'e'], [b'd'], []], [[b'd']], [],
                                                              [[b'a', b'b', b'c']]]
    two = tf.gather(ragged_params, [[0, 1], [3, 3]])
    assert two.shape.as_list() == [2, None, None]
    assert rows(two) == [[[b'a', b'b', b'c'], [b'd']], [[b'e'], [b'e']]]
    assert tf.gather(ragged_params, 3).numpy().tolist() == [b'e']
    r3 = tf.ragged.constant([[[1, 2], [3]], [[4]], []])
    assert rows(tf.gather(r3, [2, 0])) == [[], [[1, 2], [3]]]
    with pytest.raises(tf.errors.InvalidArgumentError, match=r'indices\[0\] = 4 is not in \[0, 4\)'):
        tf.gather(ragged_params, [4])


def test_gather_of_ragged_values_passes_gradients():
    values = tf.Variable([1.0, 2.0, 3.0, 4.0])
    with tf.GradientTape() as tape:
        rt = tf.RaggedTensor.from_row_lengths(values * 1.0, [3, 1])
        out = tf.gather(rt, [1, 1, 0])
        loss = tf.reduce_sum(out.flat_values * tf.constant([1.0, 2.0, 3.0, 4.0, 5.0]))
    # rows [4], [4], [1, 2, 3]: value 4 gets 1 + 2, values 1..3 get 3, 4, 5
    np.testing.assert_allclose(tape.gradient(loss, values).numpy(), [3.0, 4.0, 5.0, 3.0])


def test_gather_nd_of_a_ragged_tensor():
    p = tf.ragged.constant([[['000', '001'], ['010']], [['100'], ['110', '111', '112'], ['120']], [[], ['210']]])
    assert rows(tf.gather_nd(p, [[2], [0]])) == [[[], [b'210']], [[b'000', b'001'], [b'010']]]
    assert rows(tf.gather_nd(p, [[2, 1], [0, 0]])) == [[b'210'], [b'000', b'001']]
    assert tf.gather_nd(p, [[0, 0, 1], [1, 1, 2]]).numpy().tolist() == [b'001', b'112']
    deep = tf.gather_nd(p, [[[0, 0, 1]], [[1, 1, 2]]])
    assert tuple(deep.shape) == (2, 1) and deep.numpy().tolist() == [[b'001'], [b'112']]
    outer = tf.gather_nd(p, [[[2, 1], [0, 0]]])
    assert outer.shape.as_list() == [1, 2, None] and rows(outer) == [[[b'210'], [b'000', b'001']]]
    assert tf.gather_nd(tf.ragged.constant([[1, 2], [3]]), [[1, 0], [0, 1]]).numpy().tolist() == [3, 2]


def test_where_of_a_ragged_condition():
    coords = tf.where(tf.ragged.constant([[True, False], [True]]))
    assert coords.dtype == tf.int64 and coords.numpy().tolist() == [[0, 0], [1, 0]]
    picked = tf.where(tf.ragged.constant([[True, False], [True, False, True]]),
                      tf.ragged.constant([['A', 'B'], ['C', 'D', 'E']]),
                      tf.ragged.constant([['a', 'b'], ['c', 'd', 'e']]))
    assert rows(picked) == [[b'A', b'b'], [b'C', b'd', b'E']]
    deep = tf.where(tf.ragged.constant([[[True, False]], [], [[False], [True, True]]]))
    assert deep.numpy().tolist() == [[0, 0, 0], [2, 1, 0], [2, 1, 1]]
    assert tf.where(tf.ragged.constant([[1, 0], [0, 3]])).numpy().tolist() == [[0, 0], [1, 1]]
    inner = tf.RaggedTensor.from_row_lengths([[True, False], [False, True], [True, True]], [2, 1])
    assert tf.where(inner).numpy().tolist() == [[0, 0, 0], [0, 1, 1], [1, 0, 0], [1, 0, 1]]


# ---- bincount, unsorted_segment_sum -------------------------------------------------------------
def test_bincount_of_a_ragged_tensor():
    data = tf.ragged.constant([[1, 1], [2, 3, 2, 4, 4, 5]])
    w = tf.ragged.constant([[1, 5], [0, 1, 0, 5, 4, 5]])
    wf = tf.ragged.constant([[1.5, 5], [0, 1, 0, 5, 4, 5]])
    counts = tf.math.bincount(data)
    assert counts.dtype == tf.int32 and counts.numpy().tolist() == [0, 2, 2, 1, 2, 1]
    assert tf.math.bincount(data, weights=w).numpy().tolist() == [0, 6, 0, 1, 9, 5]
    weighted = tf.math.bincount(data, weights=wf)
    assert weighted.dtype == tf.float32 and weighted.numpy().tolist() == [0, 6.5, 0, 1, 9, 5]
    assert tf.math.bincount(data, axis=-1).numpy().tolist() == [[0, 2, 0, 0, 0, 0], [0, 0, 2, 1, 2, 1]]
    assert tf.math.bincount(data, weights=wf, axis=-1).numpy().tolist() == [[0, 6.5, 0, 0, 0, 0],
                                                                             [0, 0, 0, 1, 9, 5]]
    assert tf.math.bincount(data, axis=-1, binary_output=True).numpy().tolist() == [[0, 1, 0, 0, 0, 0],
                                                                                    [0, 0, 1, 1, 1, 1]]
    longer = tf.math.bincount(data, minlength=8, dtype=tf.int64)
    assert longer.dtype == tf.int64 and longer.numpy().tolist() == [0, 2, 2, 1, 2, 1, 0, 0]
    assert tf.math.bincount(data, maxlength=3, axis=-1).numpy().tolist() == [[0, 2, 0], [0, 0, 2]]
    with pytest.raises(ValueError, match='`binary_output` and `weights` are mutually exclusive'):
        tf.math.bincount(data, weights=wf, binary_output=True)
    with pytest.raises(ValueError, match='`binary_output` and `weights` are mutually exclusive'):
        tf.math.bincount([1, 2, 2], weights=[1.0, 2.0, 3.0], binary_output=True)
    assert tf.math.unsorted_segment_sum(w, data, num_segments=6).numpy().tolist() == [0, 6, 0, 1, 9, 5]


def test_bincount_of_a_sparse_tensor():
    sp = tf.sparse.from_dense([[0, 1, 0, 1], [2, 0, 2, 3], [0, 0, 0, 0]])
    assert tf.math.bincount(sp).numpy().tolist() == [0, 2, 2, 1]
    assert tf.math.bincount(sp, axis=-1).numpy().tolist() == [[0, 2, 0, 0], [0, 0, 2, 1], [0, 0, 0, 0]]
    assert tf.math.bincount(sp, axis=-1, binary_output=True).numpy().tolist() == [[0, 1, 0, 0], [0, 0, 1, 1],
                                                                                  [0, 0, 0, 0]]
    spw = tf.sparse.from_dense([[0, 1.5, 0, 2.], [3, 0, 2, 1], [0, 0, 0, 0]])
    assert tf.math.bincount(sp, weights=spw).numpy().tolist() == [0, 3.5, 5, 1]


def test_sparse_bincount_of_a_ragged_tensor():
    data = tf.ragged.constant([[10, 20], [30, 20, 11, 101, 11, 10001]], dtype=np.int64)
    out = tf.sparse.bincount(data, axis=-1)
    assert out.indices.numpy().tolist() == [[0, 10], [0, 20], [1, 11], [1, 20], [1, 30], [1, 101], [1, 10001]]
    assert out.values.numpy().tolist() == [1, 1, 2, 1, 1, 1, 1] and out.dense_shape.numpy().tolist() == [2, 10002]
    flat = tf.sparse.bincount(data)
    assert flat.indices.numpy().ravel().tolist() == [10, 11, 20, 30, 101, 10001]
    assert flat.values.numpy().tolist() == [1, 2, 2, 1, 1, 1]
    weighted = tf.sparse.bincount(data, weights=tf.ragged.constant([[2, 0.25], [15, 0.5, 2, 17, 3, 0.9]]), axis=-1)
    assert weighted.values.dtype == tf.float32
    np.testing.assert_allclose(weighted.values.numpy(), [2, 0.25, 5, 0.5, 15, 17, 0.9])


# ---- logical ops, comparisons, RaggedTensor parts -----------------------------------------------
def test_logical_ops_and_reductions_of_ragged_bools():
    x = tf.ragged.constant([[True, False], [True]])
    assert rows(tf.math.logical_and(x, True)) == [[True, False], [True]]
    assert rows(tf.math.logical_or(x, tf.ragged.constant([[False, False], [False]]))) == [[True, False], [True]]
    assert rows(tf.math.logical_xor(True, x)) == [[False, True], [False]]
    assert rows(tf.math.logical_not(x)) == [[False, True], [False]]
    assert tf.math.reduce_all(x & True).numpy().item() is False
    assert tf.math.reduce_any(x).numpy().item() is True
    assert tf.math.reduce_all(x, axis=1).numpy().tolist() == [False, True]
    assert tf.math.reduce_any(x, axis=0).numpy().tolist() == [True, False]


def test_dense_tensor_compared_with_a_ragged_one():
    rt1 = tf.ragged.constant([[1, 2], [3]])
    t = tf.constant([[1, 2], [3, 4]])
    assert (t == rt1) is False and (rt1 == t) is False and (t != rt1) is True
    assert rows(t == tf.ragged.constant([[1, 2], [3, 5]])) == [[True, True], [True, False]]


def test_uniform_row_length_and_nested_value_rowids():
    assert tf.ragged.constant([[1, 2], [3]]).uniform_row_length is None
    url = tf.RaggedTensor.from_uniform_row_length(tf.constant([1, 2, 3, 4, 5, 6]), 2).uniform_row_length
    assert url.dtype == tf.int64 and url.numpy() == 2
    rt = tf.ragged.constant([[[[3, 1, 4, 1], [], [5, 9, 2]], [], [[6], []]]])
    ids = rt.nested_value_rowids()
    assert isinstance(ids, tuple)
    assert [i.numpy().tolist() for i in ids] == [[0, 0, 0], [0, 0, 0, 2, 2], [0, 0, 0, 0, 2, 2, 2, 3]]


def test_from_tensor_with_nested_lengths_and_row_masks():
    dt = tf.constant([[[5, 0], [7, 0], [0, 0]], [[0, 0], [0, 0], [0, 0]], [[6, 0], [0, 0], [0, 0]]])
    out = tf.RaggedTensor.from_tensor(dt, lengths=([2, 0, 3], [1, 1, 2, 0, 1]))
    assert out.shape.as_list() == [3, None, None] and rows(out) == [[[5], [7]], [], [[6, 0], [], [0]]]
    kept = tf.ragged.boolean_mask(tf.ragged.constant([[1, 2, 3], [4], [5, 6]]), tf.constant([True, False, True]))
    assert rows(kept) == [[1, 2, 3], [5, 6]]


def test_ragged_operand_of_lower_ragged_rank_broadcasts():
    # TF 2.21 (rb.py): y of shape (3, None, 1) meets x of shape (3, None, None) row by row
    x = tf.ragged.constant([[[True, True, False]], [[]], [[True, False]]])
    y = tf.ragged.constant([[[True]], [[True]], [[False]]], ragged_rank=1)
    assert rows(x & y) == [[[True, True, False]], [[]], [[False, False]]]
    assert rows(y & x) == rows(x & y)
    a = tf.ragged.constant([[[1, 2, 3], [4]], [[5]], []])
    b = tf.ragged.constant([[[10], [20]], [[30]], []], ragged_rank=1)
    assert rows(a + b) == [[[11, 12, 13], [24]], [[35]], []]
    assert rows(b * a) == [[[10, 20, 30], [80]], [[150]], []]
    c = tf.ragged.constant([[[[1, 2], [3]], [[4]]], [[[5, 6, 7]]]])
    d = tf.ragged.constant([[[100], [200]], [[300]]], ragged_rank=1)
    assert rows(c + tf.expand_dims(d, -1)) == [[[[101, 102], [103]], [[204]]], [[[305, 306, 307]]]]
    with pytest.raises(tf.errors.InvalidArgumentError):
        tf.ragged.constant([[[1.0, 2.0]], [[3.0]]]) * tf.ragged.constant([[[1.0, 2.0]], [[3.0, 4.0]]], ragged_rank=1)


def test_broadcast_ragged_operand_passes_gradients():
    small = tf.Variable([[2.0], [3.0]])
    with tf.GradientTape() as tape:
        b = tf.RaggedTensor.from_row_lengths(small * 1.0, [1, 1])
        a = tf.ragged.constant([[[1.0, 2.0]], [[4.0]]])
        loss = tf.reduce_sum((a * b).flat_values)
    # d/d small[0] = 1 + 2, d/d small[1] = 4
    np.testing.assert_allclose(tape.gradient(loss, small).numpy(), [[3.0], [4.0]])
