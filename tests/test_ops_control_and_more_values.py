"""Values and errors of the ops in tests/test_ops_control_and_more.py.

Every expected value below was printed by TensorFlow 2.21 (/opt/tfref/bin/python)
for the same call, e.g. ``tf.math.unsorted_segment_max([1.,2,3,4], [1,-1,1,0], 3)``,
and copied here as a literal.
"""
import numpy as np
import pytest

import framework as tf


def _close(t, expected, dtype=None):
    np.testing.assert_allclose(t.numpy(), expected, rtol=1e-6, atol=1e-6)
    if dtype is not None:
        assert t.dtype == dtype


# ---- control flow -------------------------------------------------------------------------------
def test_cond_runs_only_the_chosen_branch():
    ran = []
    out = tf.cond(tf.constant(3.0) > 2.0, lambda: ran.append('t') or 1, lambda: ran.append('f') or 2)
    assert (out, ran) == (1, ['t'])
    assert tf.cond(False, lambda: (1, [2.0]), lambda: 'other') == 'other'


def test_cond_reads_an_eager_predicate_as_numpy_does():
    # TF 2.21 eagerly: cond(tf.constant(1) / 1 / 'yes', ...) -> 1 (the true branch), cond(0.0, ...) -> 2;
    # cond(tf.constant([True, False]), ...) -> ValueError 'The truth value of an array with more than one
    # element is ambiguous. Use a.any() or a.all()'
    for pred in (tf.constant(1), 1, 'yes', [True]):
        assert tf.cond(pred, lambda: 1, lambda: 2) == 1
    assert tf.cond(tf.constant(0.0), lambda: 1, lambda: 2) == 2
    with pytest.raises(ValueError, match=r'^The truth value of an array with more than one element is ambiguous'):
        tf.cond(tf.constant([True, False]), lambda: 1, lambda: 2)


def test_cond_branches_must_be_callable():
    # TF 2.21: TypeError "'false_fn' must be callable." / "cond(): 'true_fn' argument required"
    with pytest.raises(TypeError, match=r"^'false_fn' must be callable\."):
        tf.cond(True, lambda: 1, 2)
    with pytest.raises(TypeError, match=r"^cond\(\): 'true_fn' argument required$"):
        tf.cond(True, None, lambda: 2)


def test_case_picks_the_first_true_then_default():
    # TensorFlow: case([(False, 1), (True, 2), (True, 3)]) -> 2; nothing true -> default. exclusive=True
    # checks the pairs before the last, which stands in for a missing default: 2 again (TF 2.21)
    pairs = [(tf.constant(False), lambda: 1), (tf.constant(True), lambda: 2), (tf.constant(True), lambda: 3)]
    assert tf.case(pairs) == 2
    assert tf.case([(tf.constant(False), lambda: 1)], default=lambda: 3) == 3
    assert tf.case(pairs, exclusive=True) == 2
    with pytest.raises(tf.errors.InvalidArgumentError,
                       match=r"exclusive=True: more than 1 conditions \(\?, \?, \?\) evaluated as True:'\nFalse, True, True$"):
        tf.case(pairs, default=lambda: 9, exclusive=True)
    with pytest.raises(tf.errors.InvalidArgumentError, match="None of conditions evaluated as True:'\nFalse$"):
        tf.case([(tf.constant(False), lambda: 1)])


def test_switch_case_index_forms_and_out_of_range():
    # TensorFlow: index 5 of two branches runs the last; -1 with a default runs the default.
    branches = [lambda: 1, lambda: 2]
    assert tf.switch_case(tf.constant(5), branches) == 2
    assert tf.switch_case(tf.constant(-1), branches, default=lambda: 9) == 9
    assert tf.switch_case(tf.constant(1, tf.int64), {0: lambda: 1, 1: lambda: 2}) == 2
    assert tf.switch_case(tf.constant(0), [(1, lambda: 2), (0, lambda: 1)]) == 1
    with pytest.raises(TypeError, match=r"^'branch_index' must be an integer Tensor, got <dtype: 'float32'>"):
        tf.switch_case(tf.constant(1.0), branches)
    with pytest.raises(ValueError, match='switch_case: branch keys must be the integers 0..1'):
        tf.switch_case(tf.constant(0), {0: lambda: 1, 2: lambda: 2})


def test_while_loop_keeps_the_structure_and_lets_shapes_grow():
    # TensorFlow: while_loop(i < 3, (i + 1, concat([j, j])), [0, [1.0]]) -> (3, eight ones).
    i, j = tf.while_loop(lambda i, j: i < 3, lambda i, j: (i + 1, tf.concat([j, j], 0)), [0, tf.constant([1.0])])
    assert i.numpy() == 3 and i.dtype == tf.int32
    _close(j, np.ones(8))
    out = tf.while_loop(lambda d: d['a'] < 3, lambda d: [{'a': d['a'] + 1}], [{'a': 0}])
    assert isinstance(out, list) and out[0]['a'].numpy() == 3


def test_while_loop_maximum_iterations_and_a_loop_that_never_runs():
    # TensorFlow: while_loop(i < 10, [i + 1], [0], maximum_iterations=4) -> [4]; cond false at once -> [0].
    (i,) = tf.while_loop(lambda i: i < 10, lambda i: [i + 1], [0], maximum_iterations=4)
    assert i.numpy() == 4
    (i,) = tf.while_loop(lambda i: i < 3, lambda i: [i + 1], [0], maximum_iterations=0)
    assert i.numpy() == 0 and isinstance(i, tf.Tensor)


def test_while_loop_errors_name_the_mismatch():
    # TF 2.21 eagerly: nest's structure ValueError; a dtype the body changes is kept (float64 3.0);
    # loop_vars 0 -> ValueError "'loop_vars' must be provided."
    with pytest.raises(ValueError, match="^The two structures don't have the same nested structure"):
        tf.while_loop(lambda i, j: i < 3, lambda i, j: (i + 1,), (0, 1.0))
    (out,) = tf.while_loop(lambda i: i < 3, lambda i: (tf.cast(i, tf.float64) + 1,), [0])
    assert out.dtype == tf.float64 and out.numpy() == 3.0
    with pytest.raises(ValueError, match='while_loop: the result of cond must be a scalar bool'):
        tf.while_loop(lambda i: tf.constant([True]), lambda i: (i + 1,), [0])
    with pytest.raises(ValueError, match="^'loop_vars' must be provided."):
        tf.while_loop(lambda i: i < 3, lambda i: i + 1, 0)


# ---- map_fn, py_function, TensorArray, TensorSpec -------------------------------------------------
def test_map_fn_structures_and_signatures():
    # TensorFlow: map_fn(x * 2, [[1, 2], [3, 4]]) -> [[2, 4], [6, 8]]; a pair summed -> [4, 6].
    _close(tf.map_fn(lambda x: x * 2, tf.constant([[1., 2], [3, 4]])), [[2, 4], [6, 8]])
    _close(tf.map_fn(lambda p: p[0] + p[1], (tf.constant([1., 2]), tf.constant([3., 4])),
                     fn_output_signature=tf.float32), [4, 6])
    sums = tf.map_fn(lambda x: tf.reduce_sum(x), tf.constant([[1, 2], [3, 4]]), fn_output_signature=tf.int32)
    _close(sums, [3, 7], tf.int32)
    both = tf.map_fn(lambda x: {'a': x, 'b': x * 2}, tf.constant([1., 2.]),
                     fn_output_signature={'a': tf.float32, 'b': tf.TensorSpec([], tf.float32)})
    _close(both['b'], [2, 4])
    assert tuple(tf.map_fn(lambda x: x, tf.zeros([0, 3]), fn_output_signature=tf.TensorSpec([3])).shape) == (0, 3)
    empty = tf.map_fn(lambda x: x, tf.zeros([0, 3]))
    assert tuple(empty.shape) == (0,) and empty.dtype == tf.float32     # TensorFlow gives shape (0,) too


def test_map_fn_errors():
    with pytest.raises(TypeError, match='map_fn: output 0 of fn has dtype int32 but the output signature says float32'):
        tf.map_fn(lambda x: tf.reduce_sum(x), tf.constant([[1, 2], [3, 4]]), fn_output_signature=tf.float32)
    with pytest.raises(ValueError, match=r'map_fn: the tensors in elems must share their first dimension, got shapes'):
        tf.map_fn(lambda x: x, (tf.constant([1., 2]), tf.constant([3., 4, 5])))
    with pytest.raises(ValueError, match='map_fn: elements of elems must have rank >= 1'):
        tf.map_fn(lambda x: x, tf.constant(3.))


def test_vectorized_map_and_py_function():
    _close(tf.vectorized_map(lambda x: x * 2, tf.constant([[1., 2], [3, 4]])), [[2, 4], [6, 8]])
    # TensorFlow: py_function(a + b, [1.0, 2.0], float32) -> 3.0; a list Tout gives a list.
    _close(tf.py_function(lambda a, b: a + b, [1.0, 2.0], tf.float32), 3.0, tf.float32)
    out = tf.py_function(lambda a, b: [a + b, a], [1.0, 2.0], [tf.float32, tf.float32])
    assert isinstance(out, list) and [v.numpy() for v in out] == [3.0, 1.0]
    with pytest.raises(TypeError, match='py_function: func returned dtype float32 where Tout says int32'):
        tf.py_function(lambda a: a, [1.0], tf.int32)


def test_numpy_function_sees_arrays():
    seen = []
    out = tf.numpy_function(lambda a: seen.append(type(a)) or a * 2, [tf.constant([1., 2.], tf.float64)], tf.float64)
    _close(out, [2, 4], tf.float64)
    assert seen == [np.ndarray]
    # TF 2.21 checks Tout in a tf.function's graph; eagerly it converts func's results as they are (float64)
    with pytest.raises(TypeError, match='numpy_function: func returned dtype float64 where Tout says float32'):
        tf.function(lambda x: tf.numpy_function(lambda a: a * 2, [x], tf.float32))(np.array([1., 2.]))
    assert tf.numpy_function(lambda a: a * 2, [np.array([1., 2.])], tf.float32).dtype == tf.float64


def test_tensor_array_eager_semantics():
    # TensorFlow (eager): unwritten entries stack as zeros; a write past a fixed size is refused;
    # dynamic_size grows; a cleared entry cannot be read twice; a rewrite replaces.
    ta = tf.TensorArray(tf.float32, size=2).write(0, [1., 2.])
    assert ta.size().numpy() == 2
    _close(ta.stack(), [[1, 2], [0, 0]])
    # (TF 2.21's eager texts; tapeflow's are notes)
    with pytest.raises(ValueError, match='^Tried to write to index 2 but array is not resizeable and size is: 2 \n'):
        ta.write(2, [1., 2.])
    with pytest.raises(ValueError, match=r'^Incompatible shape for value \(\(3,\)\), expected \(\(2,\)\)\n'):
        ta.write(1, [3., 4., 5.])
    with pytest.raises(TypeError, match='^TensorArray dtype is float32 but Op is trying to write dtype int32 \n'):
        ta.write(1, tf.constant([3, 4]))
    grown = tf.TensorArray(tf.float32, size=0, dynamic_size=True).write(3, 1.0)
    _close(grown.stack(), [0, 0, 0, 1])
    once = tf.TensorArray(tf.float32, size=2).write(0, 1.0).write(1, 2.0)
    assert once.read(0).numpy() == 1.0
    with pytest.raises(ValueError, match=r'^Could not read index 0 twice because it was cleared after a previous read'):
        once.read(0)
    _close(once.stack(), [0, 2])
    _close(tf.TensorArray(tf.float32, size=2).write(0, 1.0).write(0, 5.0).stack(), [5, 0])
    pairs = tf.TensorArray(tf.float32, size=2).unstack([[1., 2], [3, 4]])
    _close(pairs.gather([1, 0]), [[3, 4], [1, 2]])
    _close(pairs.concat(), [1, 2, 3, 4])
    assert tuple(tf.TensorArray(tf.float32, size=0, element_shape=[2]).stack().shape) == (0, 2)


def test_tensor_spec():
    spec = tf.TensorSpec([None, 3], tf.float32, name='x')
    assert repr(spec) == "TensorSpec(shape=(None, 3), dtype=tf.float32, name='x')"
    assert spec.is_compatible_with(tf.zeros([2, 3]))
    assert not spec.is_compatible_with(tf.zeros([2, 4])) and not spec.is_compatible_with(tf.zeros([2, 3], tf.int32))
    assert tf.TensorSpec.from_tensor(tf.zeros([2])) == tf.TensorSpec([2])
    assert tf.TensorSpec(None).shape.rank is None and len({spec, tf.TensorSpec([None, 3], name='x')}) == 1
    with pytest.raises(TypeError, match='TensorSpec'):
        tf.TensorSpec([2], 'nope')
    with pytest.raises(TypeError, match="Failed to convert ''ab'' to a shape"):   # TF 2.21's text
        tf.TensorSpec('ab')


# ---- sequences, segments, scatter --------------------------------------------------------------
def test_sequence_mask_roll_searchsorted_unique():
    _close(tf.sequence_mask([1, 3, 2], 5), [[1, 0, 0, 0, 0], [1, 1, 1, 0, 0], [1, 1, 0, 0, 0]], tf.bool)
    _close(tf.sequence_mask([1, 3], dtype=tf.float32), [[1, 0, 0], [1, 1, 1]], tf.float32)
    _close(tf.roll([[1, 2, 3], [4, 5, 6]], shift=[1, -1], axis=[0, 1]), [[5, 6, 4], [2, 3, 1]])
    _close(tf.searchsorted([[1., 2, 3], [2, 4, 6]], [[2.5, 0], [4, 7]]), [[2, 0], [1, 3]], tf.int32)
    _close(tf.searchsorted([1., 2, 3], [2., 3.], side='right'), [2, 3])
    y, idx = tf.unique([1, 1, 2, 4, 4, 4, 7, 8, 8])
    _close(y, [1, 2, 4, 7, 8])
    _close(idx, [0, 0, 1, 2, 2, 2, 3, 4, 4], tf.int32)
    _close(tf.unique([3., 1., 3.], out_idx=tf.int64).idx, [0, 1, 0], tf.int64)


def test_segment_values():
    data = [[1., 2], [3, 4], [5, 6]]
    _close(tf.math.segment_sum(data, [0, 0, 2]), [[4, 6], [0, 0], [5, 6]])
    _close(tf.math.segment_max(data, [0, 0, 2]), [[3, 4], [0, 0], [5, 6]])
    _close(tf.math.segment_mean(data, [0, 0, 2]), [[2, 3], [0, 0], [5, 6]])
    _close(tf.math.segment_min([1., 2, 3], [0, 0, 2]), [1, 0, 3])
    _close(tf.math.unsorted_segment_sum([1., 2, 3, 4], [1, -1, 1, 0], 3), [4, 4, 0])
    _close(tf.math.unsorted_segment_max([1., 2, 3, 4], [1, -1, 1, 0], 3), [4, 3, -3.4028235e+38])
    _close(tf.math.unsorted_segment_mean([1., 2, 3, 4], [1, -1, 1, 0], 3), [4, 2, 0])
    _close(tf.math.unsorted_segment_sum([[1., 2], [3, 4]], [[0, 1], [1, 0]], 2), [5, 5])
    _close(tf.math.unsorted_segment_sum([1, 2, 3, 4], [1, 0, 1, 0], 3), [6, 4, 0], tf.int32)
    # Integer means: TensorFlow's SegmentMean truncates; unsorted_segment_mean divides to float64.
    _close(tf.math.segment_mean([1, 2, 4, -5, -2], [0, 0, 1, 1, 2]), [1, 0, -2], tf.int32)
    _close(tf.math.unsorted_segment_mean([1, 2, 4], [0, 0, 1], 3), [1.5, 4, 0], tf.float64)


@pytest.mark.parametrize('call,match', [
    # TF 2.21's kernel texts (fuzz6/p/k2.py); tapeflow's words ride along as a note
    (lambda: tf.math.segment_sum([1., 2, 3], [1, 0, 0]), r'segment ids are not increasing \[Op:SegmentSum\]'),
    (lambda: tf.math.segment_sum([1., 2, 3], [0, 0]), r'segment_sum: segment_ids of shape \(2,\) must match'),
    (lambda: tf.math.unsorted_segment_sum([1., 2, 3, 4], [1, 5, 1, 0], 3),
     r'segment_ids\[1\] = 5 is out of range \[0, 3\) \[Op:UnsortedSegmentSum\]'),
    (lambda: tf.math.segment_sum([1., 2], [0.0, 1.0]), 'segment_sum: segment_ids must be integers'),
])
def test_segment_errors(call, match):
    with pytest.raises((TypeError, ValueError), match=match):
        call()


def test_scatter_values():
    _close(tf.scatter_nd([[1], [3], [1]], [9., 10., 11.], [5]), [0, 20, 0, 10, 0])
    _close(tf.scatter_nd([[0, 1], [1, 0]], [[1., 2], [3, 4]], [2, 2, 2]), [[[0, 0], [1, 2]], [[3, 4], [0, 0]]])
    _close(tf.tensor_scatter_nd_update([1., 2, 3, 4], [[1], [3]], [9., 10.]), [1, 9, 3, 10])
    _close(tf.tensor_scatter_nd_add([1., 2, 3, 4], [[1], [1]], [9., 10.]), [1, 21, 3, 4])
    _close(tf.tensor_scatter_nd_sub([1., 2, 3, 4], [[0]], [1.]), [0, 2, 3, 4])
    with pytest.raises(ValueError, match=r'scatter_nd: indices \[\[5\]\] do not index into shape \(5,\)'):
        tf.scatter_nd([[5]], [9.], [5])
    with pytest.raises(ValueError, match=r'scatter_nd: updates must have shape \(1,\)'):
        tf.scatter_nd([[1]], [9., 1.], [5])
    with pytest.raises(TypeError, match='tensor_scatter_nd_add: updates of dtype float64'):
        tf.tensor_scatter_nd_add(tf.constant([1., 2.]), [[0]], tf.constant([1.], tf.float64))


def test_embedding_lookup():
    table = tf.constant([[1., 2], [3, 4], [5, 6]])
    _close(tf.nn.embedding_lookup(table, [[2, 0]]), [[[5, 6], [1, 2]]])
    # TensorFlow: max_norm=1 scales [3, 4] to [0.6, 0.8] and leaves [0.3, 0.4].
    _close(tf.nn.embedding_lookup(tf.constant([[3., 4], [0.3, 0.4]]), [0, 1], max_norm=1.0), [[0.6, 0.8], [0.3, 0.4]])
    _close(tf.nn.embedding_lookup([table[:2], table[2:]], [2, 0]), [[5, 6], [1, 2]])
    # GatherV2's InvalidArgumentError (also an IndexError) with TF's words; embedding_lookup named in a note
    with pytest.raises(tf.errors.InvalidArgumentError, match=r'indices\[0\] = 3 is not in \[0, 3\)') as err:
        tf.nn.embedding_lookup(table, [3])
    assert isinstance(err.value, IndexError) and any('embedding_lookup' in n for n in err.value.__notes__)


def test_tensor_array_as_a_while_loop_variable_and_variable_gradients_through_map_fn():
    ta = tf.TensorArray(tf.float32, size=3)
    i, ta = tf.while_loop(lambda i, ta: i < 3, lambda i, ta: (i + 1, ta.write(i, tf.cast(i, tf.float32) * 2)), [0, ta])
    assert i.numpy() == 3
    _close(ta.stack(), [0, 2, 4])
    v = tf.Variable([1.0, 2.0])
    with tf.GradientTape() as tape:
        total = tf.reduce_sum(tf.map_fn(lambda r: r * v[0], tf.constant([1.0, 2.0, 3.0])))
    _close(tape.gradient(total, v), [6, 0])


def test_map_fn_output_must_have_the_signature_structure():
    # TF 2.21's nest.assert_same_structure(fn_output_signature or elems, result) words
    with pytest.raises(ValueError, match=r"The two structures don't have the same nested structure.\n\n"
                                         r"First structure: type=EagerTensor str=tf.Tensor\(\[1. 2.\], shape=\(2,\)"):
        tf.map_fn(lambda x: (x, x), tf.constant([1., 2.]))
