"""tf.RaggedTensor / tf.ragged against TensorFlow 2.21: every golden below (printed text
included, with TF's 'tf.' prefix read as tapeflow's) was printed by /opt/tfref's TensorFlow."""
import numpy as np
import pytest

import framework as tf


def rc(x):
    return tf.ragged.constant(x)


@pytest.mark.parametrize('value, text', [
    ([[1, 2], [3]], '<tf.RaggedTensor [[1, 2], [3]]>'),
    ([[[1., 2.], [3.]], [], [[4.]]], '<tf.RaggedTensor [[[1.0, 2.0], [3.0]], [], [[4.0]]]>'),
    ([[], []], '<tf.RaggedTensor [[], []]>'),
    ([['a', 'b'], ['c']], "<tf.RaggedTensor [[b'a', b'b'], [b'c']]>"),
    ([[1.5, 2.25], [3.]], '<tf.RaggedTensor [[1.5, 2.25], [3.0]]>'),
    ([[True, False], [True]], '<tf.RaggedTensor [[True, False], [True]]>'),
    ([list(range(j)) for j in range(12)],
     '<tf.RaggedTensor [[], [0], [0, 1], [0, 1, 2], [0, 1, 2, 3], [0, 1, 2, 3, 4],\n'
     ' [0, 1, 2, 3, 4, 5], [0, 1, 2, 3, 4, 5, 6], [0, 1, 2, 3, 4, 5, 6, 7],\n'
     ' [0, 1, 2, 3, 4, 5, 6, 7, 8], [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],\n'
     ' [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10]]>'),
])
def test_constant_prints_as_tensorflow(value, text):
    assert repr(rc(value)) == text == str(rc(value))


def test_parts_and_shape():
    rt = rc([[1, 2], [3]])
    assert rt.shape.as_list() == [2, None] and rt.dtype == tf.int32 and rt.ragged_rank == 1
    assert rt.row_splits.dtype == tf.int64 and rt.row_splits.numpy().tolist() == [0, 2, 3]
    assert rt.row_lengths().numpy().tolist() == [2, 1] and int(rt.nrows()) == 2
    assert rt.to_list() == [[1, 2], [3]]
    rows = rt.numpy()
    assert rows.dtype == object and [r.tolist() for r in rows] == [[1, 2], [3]]
    rt2 = rc([[[1., 2.], [3.]], [], [[4.]]])
    assert rt2.shape.as_list() == [3, None, None] and rt2.ragged_rank == 2
    assert [s.numpy().tolist() for s in rt2.nested_row_splits] == [[0, 2, 2, 3], [0, 2, 3, 4]]
    assert rt2.flat_values.numpy().tolist() == [1., 2., 3., 4.]
    assert rc([[], []]).dtype == tf.float32


def test_factories_agree():
    values = [3, 1, 4, 1, 5, 9, 2]
    want = [[3, 1, 4, 1], [], [5, 9], [2]]
    R = tf.RaggedTensor
    assert R.from_row_splits(values, [0, 4, 4, 6, 7]).to_list() == want
    assert R.from_row_lengths(values, [4, 0, 2, 1]).to_list() == want
    assert R.from_value_rowids(values, [0, 0, 0, 0, 2, 2, 3], nrows=4).to_list() == want
    assert R.from_row_starts(values, [0, 4, 4, 6]).to_list() == want
    assert R.from_row_limits(values, [4, 4, 6, 7]).to_list() == want
    nested = R.from_nested_row_lengths([1, 2, 3, 4], [[2, 0, 1], [2, 1, 1]])
    assert nested.to_list() == [[[1, 2], [3]], [], [[4]]]
    assert R.from_nested_row_splits([1, 2, 3, 4], [[0, 2, 2, 3], [0, 2, 3, 4]]).to_list() == nested.to_list()


def test_from_tensor_and_to_tensor():
    R = tf.RaggedTensor
    assert repr(R.from_tensor([[1, 2, 0], [3, 0, 0]], padding=0)) == '<tf.RaggedTensor [[1, 2], [3]]>'
    assert repr(R.from_tensor([[1, 2, 0], [3, 0, 0]], lengths=[1, 3])) == '<tf.RaggedTensor [[1], [3, 0, 0]]>'
    dense = rc([[[1., 2.], [3.]], [], [[4.]]]).to_tensor()
    assert dense.shape == (3, 2, 2)
    assert dense.numpy().tolist() == [[[1, 2], [3, 0]], [[0, 0], [0, 0]], [[4, 0], [0, 0]]]
    rt = rc([[1, 2, 3], [4]])
    assert rt.to_tensor(default_value=-1).numpy().tolist() == [[1, 2, 3], [4, -1, -1]]
    assert rt.to_tensor(shape=[3, 2]).numpy().tolist() == [[1, 2], [4, 0], [0, 0]]


def test_indexing_matches_tensorflow():
    rt = rc([[1, 2], [3]])
    assert rt[0].numpy().tolist() == [1, 2] and repr(rt[1:2]) == '<tf.RaggedTensor [[3]]>'
    assert repr(rt[:, :1]) == '<tf.RaggedTensor [[1],\n [3]]>'
    assert int(rt[0, 1]) == 2
    # TF 2.21 refuses an int inside ragged rows, whatever their lengths (it printed this ValueError for rt[:, 0])
    with pytest.raises(ValueError, match='Cannot index into an inner ragged dimension'):
        rt[:, 0]
    rt2 = rc([[[1., 2.], [3.]], [], [[4.]]])
    assert repr(rt2[:, :1]) == '<tf.RaggedTensor [[[1.0, 2.0]], [], [[4.0]]]>'
    assert repr(rt2[:, :, :1]) == '<tf.RaggedTensor [[[1.0],\n  [3.0]], [], [[4.0]]]>'
    assert repr(rt2[1:]) == '<tf.RaggedTensor [[], [[4.0]]]>'
    with pytest.raises(ValueError, match='Cannot index into an inner ragged dimension'):
        rt[:, 1]


def test_elementwise_ops_dispatch():
    rt = rc([[1., 2.], [3.]])
    assert repr(rt * rt) == '<tf.RaggedTensor [[1.0, 4.0], [9.0]]>'
    assert repr(tf.add(rc([[1., 2., 3.], [4.]]), 1)) == '<tf.RaggedTensor [[2.0, 3.0, 4.0], [5.0]]>'
    assert repr(rt + tf.constant(1.)) == '<tf.RaggedTensor [[2.0, 3.0], [4.0]]>'
    assert (1 - rt).to_list() == [[0., -1.], [-2.]] and (-rt).to_list() == [[-1., -2.], [-3.]]
    assert tf.maximum(rt, 1.5).to_list() == [[1.5, 2.], [3.]]
    assert np.allclose(tf.math.exp(rt).flat_values.numpy(), np.exp([1., 2., 3.]))
    assert repr(tf.ragged.map_flat_values(tf.multiply, rt, 2.)) == '<tf.RaggedTensor [[2.0, 4.0], [6.0]]>'
    # TF 2.21 broadcasts the one-row operand, then its row-splits assert fails ([0 2 3] vs [0 3 6])
    with pytest.raises(tf.errors.InvalidArgumentError, match=r'Condition x == y did not hold\.\nIndices of first 2 '
                                                             r'different values'):
        rt + rc([[1., 2., 3.]])


def test_reductions_match_tensorflow():
    rt = rc([[1., 2., 3.], [4.]])
    assert tf.reduce_sum(rt, axis=1).numpy().tolist() == [6., 4.]
    assert tf.reduce_mean(rt, axis=0).numpy().tolist() == [2.5, 2., 3.]
    assert tf.reduce_max(rt, axis=0).numpy().tolist() == [4., 2., 3.]
    # An empty row: max gives float32's lowest, mean gives nan (TensorFlow's values).
    empty = rc([[1., 2.], []])
    assert tf.reduce_max(empty, axis=1).numpy().tolist() == [2., float(np.finfo(np.float32).min)]
    assert np.isnan(tf.reduce_mean(empty, axis=1).numpy()[1])
    rt2 = rc([[[1., 2.], [3.]], [], [[4.]]])
    assert repr(tf.reduce_sum(rt2, axis=2)) == '<tf.RaggedTensor [[3.0, 3.0], [], [4.0]]>'
    assert float(tf.reduce_sum(rt2)) == 10.


def test_concat_stack_range_boolean_mask():
    ri = rc([[1, 2], [3]])
    assert repr(tf.concat([ri, ri], axis=1)) == '<tf.RaggedTensor [[1, 2, 1, 2], [3, 3]]>'
    assert repr(tf.concat([ri, ri], axis=0)) == '<tf.RaggedTensor [[1, 2], [3], [1, 2], [3]]>'
    assert repr(tf.ragged.stack([ri, ri])) == '<tf.RaggedTensor [[[1, 2], [3]],\n [[1, 2], [3]]]>'
    rt = rc([[1., 2.], [3.]])
    assert repr(tf.ragged.stack([rt, rt], axis=1)) == '<tf.RaggedTensor [[[1.0, 2.0], [1.0, 2.0]],\n [[3.0], [3.0]]]>'
    assert repr(tf.ragged.range(3)) == '<tf.RaggedTensor [[0, 1, 2]]>'
    assert repr(tf.ragged.range([1, 2], [4, 3])) == '<tf.RaggedTensor [[1, 2, 3], [2]]>'
    assert repr(tf.ragged.range([1, 2], [4, 8], [2, 3])) == '<tf.RaggedTensor [[1, 3],\n [2, 5]]>'
    assert repr(tf.ragged.boolean_mask([[1, 2], [3, 4]], [[True, False], [True, True]])) == \
        '<tf.RaggedTensor [[1], [3, 4]]>'
    assert repr(tf.ragged.boolean_mask(rt, rc([[True, False], [True]]))) == '<tf.RaggedTensor [[1.0],\n [3.0]]>'


def test_gradients_reach_the_values():
    v = tf.Variable([1., 2., 3.])
    with tf.GradientTape(persistent=True) as tape:
        r = tf.RaggedTensor.from_row_lengths(v, [2, 1])
        by_rows = tf.reduce_sum(tf.reduce_sum(r * r, axis=1) * tf.constant([1., 10.]))
        padded = tf.reduce_sum(r.to_tensor() * tf.constant([[1., 2.], [3., 4.]]))
        mapped = tf.reduce_sum(tf.ragged.map_flat_values(tf.exp, r)[:, 1:].flat_values)
    # d/dv of sum_i w_row * v_i^2 = 2 v_i w_row; padded picks the weights 1, 2, 3; exp only for v[1].
    assert tape.gradient(by_rows, v).numpy().tolist() == [2., 4., 60.]
    assert tape.gradient(padded, v).numpy().tolist() == [1., 2., 3.]
    assert np.allclose(tape.gradient(mapped, v).numpy(), [0., np.exp(2.), 0.])


def test_bad_input_names_the_problem():
    with pytest.raises(ValueError, match='same nesting depth'):
        rc([[1, [2]]])
    # TF 2.21's _from_row_partition assertion (tests/test_tutorials20_ragged_partitions.py has the texts)
    with pytest.raises(ValueError, match='Arguments to _from_row_partition do not form a valid RaggedTensor'):
        tf.RaggedTensor.from_row_splits([1, 2, 3], [0, 2])
    # TF 2.21's conversion error for an op it does not dispatch (its ragged matmul, an InvalidArgumentError
    # about ragged inner dimensions, is not modelled); a TypeError too for tapeflow's dispatch
    with pytest.raises(TypeError, match="object of type 'RaggedTensor' has no len"):
        tf.matmul(rc([[1., 2.], [3.]]), tf.ones([2, 2]))
    # a middle ragged axis reduces inside each row, as TF 2.21's ragged_reduce_aggregate (it printed [[1.0], [2.0]])
    assert tf.reduce_sum(rc([[[1.]], [[2.]]]), axis=1).to_list() == [[1.], [2.]]


def test_strings_split_gives_ragged_for_a_batch():
    assert repr(tf.strings.split(['a b c', 'd'])) == "<tf.RaggedTensor [[b'a', b'b', b'c'], [b'd']]>"
    nested = tf.strings.split([['a b'], ['c']])
    assert repr(nested) == "<tf.RaggedTensor [[[b'a', b'b']],\n [[b'c']]]>" and nested.shape.as_list() == [2, 1, None]
    assert tf.strings.split(['a,b,,c', ''], sep=',').to_list() == [[b'a', b'b', b'', b'c'], [b'']]
    assert tf.strings.split('a b').numpy().tolist() == [b'a', b'b']


def test_segment_ids_and_row_splits():
    assert tf.ragged.row_splits_to_segment_ids([0, 2, 2, 3]).numpy().tolist() == [0, 0, 2]
    assert tf.ragged.segment_ids_to_row_splits([0, 0, 2]).numpy().tolist() == [0, 2, 2, 3]
    assert tf.ragged.segment_ids_to_row_splits([0, 0, 2], num_segments=4).numpy().tolist() == [0, 2, 2, 3, 3]
    assert tf.negative(rc([[1.], []])).to_list() == [[-1.], []]


def test_bounding_shape_and_merge_dims():
    r2 = rc([[[1, 2], [3]], [], [[4]]])
    assert r2.bounding_shape().numpy().tolist() == [3, 2, 2]
    assert repr(r2.merge_dims(0, 1)) == '<tf.RaggedTensor [[1, 2], [3], [4]]>'
    assert repr(r2.merge_dims(1, 2)) == '<tf.RaggedTensor [[1, 2, 3], [], [4]]>'
    assert r2.merge_dims(0, 2).numpy().tolist() == [1, 2, 3, 4]
    uniform_inner = tf.ragged.constant([[[1, 2]], [[3, 4], [5, 6]]], ragged_rank=1)
    assert uniform_inner.bounding_shape().numpy().tolist() == [2, 2, 2]
    assert repr(uniform_inner.merge_dims(1, 2)) == '<tf.RaggedTensor [[1, 2], [3, 4, 5, 6]]>'
    assert uniform_inner.merge_dims(0, 1).numpy().tolist() == [[1, 2], [3, 4], [5, 6]]
