"""Ops TF 2.21 dispatches to a RaggedTensor that tapeflow refused ('a RaggedTensor cannot be used where a
dense tensor is needed'): zeros_like / ones_like (dtype too), identity, the tf.nn activations,
reduce_prod, clip_by_value, reductions with keepdims=True; and tf.is_tensor, True for TF's ragged,
sparse and IndexedSlices values. Expected values printed by TF 2.21 (progs/tutorials32/q3.py, q4.py,
q5.py, q1.py)."""
import numpy as np
import pytest

import framework as tf
from framework import keras


def _rt():
    return tf.ragged.constant([[1.5, -2.0], [], [3.0]])


def _ri():
    return tf.ragged.constant([[1, 2], [4], [3, 5, 6]])


def _r3():
    return tf.ragged.constant([[[1.0, 2.0], [3.0, 4.0]], [[5.0, 6.0]]], ragged_rank=1)


def _same(r, values, splits, dtype):
    assert isinstance(r, tf.RaggedTensor)
    assert r.dtype == dtype
    np.testing.assert_array_equal(r.flat_values.numpy(), np.asarray(values))
    np.testing.assert_array_equal(r.row_splits.numpy(), splits)


def test_zeros_and_ones_like_keep_the_rows():
    _same(tf.zeros_like(_rt()), [0.0, 0.0, 0.0], [0, 2, 2, 3], tf.float32)
    _same(tf.ones_like(_ri()), [1, 1, 1, 1, 1, 1], [0, 2, 3, 6], tf.int32)
    _same(tf.ones_like(_ri(), dtype=tf.bool), [True] * 6, [0, 2, 3, 6], tf.bool)
    _same(tf.zeros_like(_ri(), dtype='float32'), [0.0] * 6, [0, 2, 3, 6], tf.float32)
    _same(tf.zeros_like(_rt(), dtype=tf.float16), [0.0] * 3, [0, 2, 2, 3], tf.float16)
    assert str(tf.zeros_like(_r3())) == '<tf.RaggedTensor [[[0.0, 0.0],\n  [0.0, 0.0]], [[0.0, 0.0]]]>'
    small = tf.ragged.constant([[1], []], row_splits_dtype=tf.int32)
    assert tf.zeros_like(small).row_splits.dtype == tf.int32


_SPARSE_TEXT = ("Attempt to convert a value (SparseTensor(indices=tf.Tensor([[0 1]], shape=(1, 2), dtype=int64), "
                "values=tf.Tensor([1.5], shape=(1,), dtype=float32), dense_shape=tf.Tensor([2 3], shape=(2,), "
                "dtype=int64))) with an unsupported type (<class 'tensorflow.python.framework.sparse_tensor."
                "SparseTensor'>) to a Tensor.")


def test_sparse_is_refused_with_tf_conversion_error():
    # TF does not dispatch these ops to SparseTensor: its conversion's ValueError (progs/tutorials32/q7.py)
    st = tf.sparse.SparseTensor([[0, 1]], [1.5], [2, 3])
    for op in (tf.zeros_like, tf.ones_like, tf.nn.relu, tf.nn.selu, tf.nn.leaky_relu):
        with pytest.raises(ValueError) as info:
            op(st)
        assert str(info.value) == _SPARSE_TEXT


def test_identity_of_ragged_and_sparse():
    assert str(tf.identity(_r3())) == '<tf.RaggedTensor [[[1.0, 2.0],\n  [3.0, 4.0]], [[5.0, 6.0]]]>'
    st = tf.identity(tf.sparse.from_dense([[0, 3]]))
    assert isinstance(st, tf.sparse.SparseTensor)
    assert st.values.numpy().tolist() == [3] and st.indices.numpy().tolist() == [[0, 1]]


def test_activations_on_ragged_values():
    assert str(tf.nn.relu(_r3() - 3.0)) == '<tf.RaggedTensor [[[0.0, 0.0],\n  [0.0, 1.0]], [[2.0, 3.0]]]>'
    _same(tf.nn.relu(_rt()), [1.5, 0.0, 3.0], [0, 2, 2, 3], tf.float32)
    _same(tf.nn.relu6(_ri() * 2), [2, 4, 6, 6, 6, 6], [0, 2, 3, 6], tf.int32)
    _same(tf.nn.leaky_relu(_rt(), alpha=0.1), np.float32([1.5, -0.2, 3.0]), [0, 2, 2, 3], tf.float32)
    _same(tf.nn.leaky_relu(tf.ragged.constant([[1, 2], [], [3]])), [1.0, 2.0, 3.0], [0, 2, 2, 3], tf.float32)
    _same(tf.nn.elu(_rt()), np.float32([1.5, -0.8646647334098816, 3.0]), [0, 2, 2, 3], tf.float32)
    _same(tf.nn.selu(_rt()), np.float32([1.5760514736175537, -1.5201665163040161, 3.1521029472351074]), [0, 2, 2, 3], tf.float32)


def test_reduce_prod_over_rows_columns_and_all():
    np.testing.assert_array_equal(tf.reduce_prod(_rt(), axis=1).numpy(), np.float32([-3.0, 1.0, 3.0]))
    np.testing.assert_array_equal(tf.reduce_prod(_ri(), axis=1).numpy(), [2, 4, 90])
    np.testing.assert_array_equal(tf.reduce_prod(_ri(), axis=0).numpy(), [12, 10, 6])
    assert tf.reduce_prod(_ri()).numpy() == 720
    np.testing.assert_array_equal(tf.reduce_prod(_r3(), axis=1).numpy(), [[3.0, 8.0], [5.0, 6.0]])
    assert str(tf.reduce_prod(_r3(), axis=2)) == '<tf.RaggedTensor [[2.0, 12.0], [30.0]]>'
    np.testing.assert_array_equal(tf.reduce_prod(_r3(), axis=0).numpy(), [[5.0, 12.0], [3.0, 4.0]])


def test_clip_by_value_on_ragged():
    assert str(tf.clip_by_value(_rt(), -1.0, 2.0)) == '<tf.RaggedTensor [[1.5, -1.0], [], [2.0]]>'
    assert str(tf.clip_by_value(_ri(), 2, 4)) == '<tf.RaggedTensor [[2, 2], [4], [3, 4, 4]]>'
    assert str(tf.clip_by_value(_r3(), 2.0, 5.0)) == '<tf.RaggedTensor [[[2.0, 2.0],\n  [3.0, 4.0]], [[5.0, 5.0]]]>'
    with pytest.raises(TypeError, match='Cannot convert 2.0 to EagerTensor of dtype int32'):
        tf.clip_by_value(_ri(), 0.5, 2.0)


def test_reductions_keepdims_on_ragged():
    rt = _rt()
    out = tf.reduce_sum(rt, axis=1, keepdims=True)
    assert out.shape == (3, 1)
    np.testing.assert_array_equal(out.numpy(), np.float32([[-0.5], [0.0], [3.0]]))
    out = tf.reduce_sum(rt, axis=0, keepdims=True)
    np.testing.assert_array_equal(out.numpy(), np.float32([[4.5, -2.0]]))
    out = tf.reduce_mean(rt, axis=1, keepdims=True)
    np.testing.assert_array_equal(out.numpy(), np.float32([[-0.25], [np.nan], [3.0]]))
    out = tf.reduce_max(rt, axis=None, keepdims=True)
    assert out.shape == (1, 1) and out.numpy()[0, 0] == 3.0
    out = tf.reduce_prod(_r3(), axis=2, keepdims=True)
    assert str(out) == '<tf.RaggedTensor [[[2.0],\n  [12.0]], [[30.0]]]>'


def test_is_tensor_of_composites():
    assert tf.is_tensor(_rt()) and tf.is_tensor(tf.sparse.from_dense([[1, 0]]))
    assert tf.is_tensor(tf.IndexedSlices(tf.constant([1.0]), tf.constant([0])))
    assert tf.is_tensor(tf.Variable(1.0)) and tf.is_tensor(tf.constant(1))
    assert not tf.is_tensor(np.array(1)) and not tf.is_tensor(1) and not tf.is_tensor(tf.TensorSpec([1]))
    assert not tf.is_tensor(tf.data.Dataset.range(2)) and not tf.is_tensor(keras.Input((2,)))
    assert keras.ops.is_tensor(_rt())


def _rows():
    return tf.ragged.constant([[1.5, -2.0], [], [3.0], [0.25, 1.0, 7.5]])


def test_softmax_over_each_row():
    out = tf.nn.softmax(_rows())
    assert out.row_splits.numpy().tolist() == [0, 2, 2, 3, 6]
    np.testing.assert_array_equal(out.flat_values.numpy(), np.float32(
        [0.970687747001648, 0.02931223064661026, 1.0, 0.0007086058030836284, 0.0015001185238361359,
         0.9977912902832031]))
    assert str(tf.nn.softmax(_r3())) == ('<tf.RaggedTensor [[[0.26894143, 0.7310586],\n  [0.26894143, 0.7310586]], '
                                         '[[0.26894143, 0.7310586]]]>')


def test_variance_and_std_as_tf_ragged_formula():
    # TF's mean of squares less the square of the mean (its ragged_math_ops), clipped at 0
    assert tf.math.reduce_variance(_rows()).numpy() == np.float32(8.578125)
    assert tf.math.reduce_std(_rows()).numpy() == np.float32(2.9288437)
    np.testing.assert_array_equal(tf.math.reduce_variance(_rows(), axis=1).numpy(),
                                  np.float32([3.0625, np.nan, 0.0, 10.597221374511719]))
    np.testing.assert_array_equal(tf.math.reduce_std(_rows(), axis=0).numpy(),
                                  np.float32([1.1242280006408691, 1.5, 0.0]))
    assert tf.math.reduce_variance(_rows(), axis=1, keepdims=True).shape == (4, 1)
    np.testing.assert_array_equal(tf.math.reduce_variance(_r3(), axis=1).numpy(), [[1.0, 1.0], [0.0, 0.0]])
    assert str(tf.math.reduce_std(_r3(), axis=2)) == '<tf.RaggedTensor [[0.5, 0.5], [0.5]]>'


def test_reduce_any_of_an_empty_row_is_false():
    # TF sums the int32 values per row (an empty row: 0, False); a max over it gave int32's lowest, True
    b = tf.ragged.constant([[1.5, -2.0], [], [3.0], [-1.0]]) > 0
    assert tf.reduce_any(b, axis=1).numpy().tolist() == [True, False, True, False]
    assert tf.reduce_all(b, axis=1).numpy().tolist() == [False, True, True, False]
    assert tf.reduce_any(b, axis=0).numpy().tolist() == [True, False]
    assert tf.reduce_all(b, axis=0).numpy().tolist() == [False, False]
    assert tf.reduce_any(b, axis=1, keepdims=True).numpy().tolist() == [[True], [False], [True], [False]]
    nested = tf.ragged.constant([[[True], [False, False]], [[]]])
    assert str(tf.reduce_any(nested, axis=2)) == '<tf.RaggedTensor [[True, False], [False]]>'


def test_pow_of_ragged():
    rt = tf.ragged.constant([[1.5, -2.0], [], [3.0], [-1.0]])
    assert str(tf.pow(rt, 2)) == '<tf.RaggedTensor [[2.25, 4.0], [], [9.0], [1.0]]>'
    assert str(tf.pow(rt, rt)) == '<tf.RaggedTensor [[1.8371173, 0.25], [], [27.0], [-1.0]]>'
    assert str(tf.pow(tf.ragged.constant([[2, 3], []]), 3)) == '<tf.RaggedTensor [[8, 27], []]>'


def test_one_hot_of_ragged_ids():
    ri = tf.ragged.constant([[1, 2], [], [3]])
    assert str(tf.one_hot(ri, 4)) == ('<tf.RaggedTensor [[[0.0, 1.0, 0.0, 0.0],\n  [0.0, 0.0, 1.0, 0.0]], [], '
                                      '[[0.0, 0.0, 0.0, 1.0]]]>')
    assert str(tf.one_hot(ri, 3, on_value=5, off_value=-1)) == ('<tf.RaggedTensor [[[-1, 5, -1],\n  [-1, -1, 5]], '
                                                                '[], [[-1, -1, -1]]]>')
    out = tf.one_hot(ri, 3, axis=2, dtype=tf.int64)
    assert out.dtype == tf.int64 and out.flat_values.numpy().tolist() == [[0, 1, 0], [0, 0, 1], [0, 0, 0]]
    with pytest.raises(ValueError, match=r'^axis \(1\) must be greater than indices.ragged_rank \(1\).$'):
        tf.one_hot(ri, 3, axis=1)


def test_add_n_squared_difference_divide_no_nan_of_ragged():
    rt = _rt()
    assert str(tf.add_n([rt, rt])) == '<tf.RaggedTensor [[3.0, -4.0], [], [6.0]]>'
    assert str(tf.math.add_n([_ri(), _ri(), _ri()])) == '<tf.RaggedTensor [[3, 6], [12], [9, 15, 18]]>'
    with pytest.raises(tf.errors.InvalidArgumentError) as info:
        tf.add_n([rt, tf.ragged.constant([[1.0], [2.0], [3.0]])])
    assert str(info.value) == ('RowPartition._merge_precomputed_encodings: partitions have incompatible row_splits\n'
                               'Condition x == y did not hold.\nIndices of first 1 different values:\n[[1]]\n'
                               'Corresponding x values:\n[2]\nCorresponding y values:\n[1]\nFirst 3 elements of x:\n'
                               '[0 2 2]\nFirst 3 elements of y:\n[0 1 2]')
    assert str(tf.math.squared_difference(rt, 1.0)) == '<tf.RaggedTensor [[0.25, 9.0], [], [4.0]]>'
    assert str(tf.math.divide_no_nan(rt, 0.0)) == '<tf.RaggedTensor [[0.0, 0.0], [], [0.0]]>'
    den = tf.ragged.constant([[0.0, 4.0], [], [2.0]])
    assert str(tf.math.divide_no_nan(tf.ragged.constant([[1.0, 2.0], [], [3.0]]), den)) == \
        '<tf.RaggedTensor [[0.0, 0.5], [], [1.5]]>'


def test_cumsum_of_ragged_in_tf_order():
    rt = tf.ragged.constant([[1.5, -2.0, 0.1], [], [3.0], [0.7, 0.2]])
    assert str(tf.math.cumsum(rt, axis=0)) == '<tf.RaggedTensor [[1.5, -2.0, 0.1], [], [4.5], [5.2, -1.8]]>'
    assert str(tf.math.cumsum(rt, axis=1)) == '<tf.RaggedTensor [[1.5, -0.5, -0.4], [], [3.0], [0.7, 0.90000004]]>'
    assert str(tf.math.cumsum(rt, axis=1, exclusive=True, reverse=True)) == \
        '<tf.RaggedTensor [[-1.9000001, 0.099999905, 0.0], [], [0.0], [0.2, 0.0]]>'
    assert str(tf.math.cumsum(rt, axis=0, exclusive=True, reverse=True)) == \
        '<tf.RaggedTensor [[3.7, 0.2, 0.0], [], [0.7], [0.0, 0.0]]>'
    assert str(tf.math.cumsum(tf.ragged.constant([[1, 2], [], [3, 4, 5]]), axis=1)) == \
        '<tf.RaggedTensor [[1, 3], [], [3, 7, 12]]>'
    rr = tf.ragged.constant([[[1.0], [2.0, 3.0]], [[4.0, 0.5]]])
    assert str(tf.math.cumsum(rr, axis=1)) == '<tf.RaggedTensor [[[1.0], [3.0, 3.0]], [[4.0, 0.5]]]>'
    # TF's running sum over all flat values less each row's start: the second row's last bits show it
    two = tf.ragged.constant([[0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7]] * 2)
    assert tf.math.cumsum(two, axis=1).flat_values.numpy().tolist() == [
        0.10000000149011612, 0.30000001192092896, 0.6000000238418579, 1.0, 1.5, 2.0999999046325684,
        2.799999952316284, 0.10000000149011612, 0.2999998927116394, 0.5999999642372131, 0.9999998807907104, 1.5,
        2.1000003814697266, 2.8000001907348633]
    with pytest.raises(ValueError, match=r'^axis=2 out of bounds: expected -2<=axis<2$'):
        tf.math.cumsum(rt, axis=2)
