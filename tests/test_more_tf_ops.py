"""TensorFlow features its core guides use: variable slice assignment, TensorShape with
unknown dimensions, matrix-part ops (diag, trace, band_part, cholesky...), tf.debugging
assertions and string ops.

Golden values were printed by TensorFlow 2.21 (/opt/tfref/bin/python) and copied here
as literals; the comment by each says what was run. Gradients of the new ops are
checked against float64 central differences (``GRADIENT_CASES``); tests/test_op_gradients.py
counts ``COVERED_HERE`` as covered and tests/test_bad_input_sweep.py sweeps ``SWEEP_CALLS``.
"""
import zlib

import numpy as np
import pytest

import framework as tf
from framework.errors import InvalidArgumentError
from framework.gradient_check import check_gradients


# ---- variable slices -----------------------------------------------------------------------
def test_slice_assign_writes_into_the_variable_and_returns_it():
    # TF 2.21: v = tf.Variable([[1.,2,3],[4,5,6]]); v[0].assign([7.,8,9]); v[1:2].assign([[0.,0,0]]);
    # v[0,1].assign(3.); v[...,1].assign([5.,5]) -> [[7,5,9],[0,5,0]]
    v = tf.Variable([[1., 2, 3], [4, 5, 6]])
    assert v[0].assign([7., 8, 9]).name == 'UnreadVariable'     # TF 2.21 returns an _UnreadVariable of v
    v[1:2].assign([[0., 0, 0]])
    v[0, 1].assign(3.)
    v[..., 1].assign([5., 5])
    np.testing.assert_array_equal(v.numpy(), [[7, 5, 9], [0, 5, 0]])
    v[tf.newaxis, 0].assign([[1, 1, 1]])          # ints take the variable's dtype, as in TF
    v[1].assign(2.0)                              # a scalar broadcasts over the slice
    np.testing.assert_array_equal(v.numpy(), [[1, 1, 1], [2, 2, 2]])
    assert v.dtype == np.float32


def test_slice_read_is_a_differentiable_tensor():
    # TF 2.21: w = tf.Variable([1.,2,3]); gradient of w[0]*2 + w[2] -> [2, 0, 1]
    w = tf.Variable([1., 2, 3])
    with tf.GradientTape() as tape:
        y = w[0] * 2 + w[2]
    np.testing.assert_array_equal(tape.gradient(y, w).numpy(), [2, 0, 1])
    assert isinstance(w[0], tf.Tensor) and float(w[1]) == 2.0


def test_slice_reads_keep_their_values_under_later_writes():
    v = tf.Variable([[1., 2], [3, 4]])
    row, picked = v[0], v[::-1, 1]
    v.assign_add([[10., 10], [10, 10]])
    v[0].assign([0., 0])
    np.testing.assert_array_equal(row.numpy(), [1, 2])
    np.testing.assert_array_equal(picked.numpy(), [4, 2])
    s = tf.Variable(['ab', 'c'])
    assert s[1].numpy() == b'c' and s[1].dtype == tf.string


def test_gradients_through_advanced_and_repeated_slice_reads():
    w = tf.Variable([1., 2, 3])
    with tf.GradientTape() as tape:
        y = tf.reduce_sum(tf.gather(w, [0, 0, 2]) * tf.constant([1., 2, 3])) + w[1:][0] * 5.0
    # d/dw0 = 1 + 2 (read twice), d/dw1 = 5 (through a slice of a slice), d/dw2 = 3
    np.testing.assert_array_equal(tape.gradient(y, w).numpy(), [3, 5, 3])


def test_check_numerics_names_a_variable_slice_it_was_given():
    v = tf.Variable([1., 2], name='v')
    with tf.debugging.check_numerics_scope():
        with pytest.raises(tf.debugging.NumericsError, match=r"input 0: variable 'v\[0\]'"):
            v[0] / 0.0


def test_value_read_before_a_slice_assign_keeps_its_gradient():
    w = tf.Variable([1., 2, 3])
    with tf.GradientTape() as tape:
        r = w[1]                  # 2.0, read before the write
        w[1].assign(10.)
        y = r * r * w[1]          # 2*2*10: d/dw1 = 2*r*10 + r*r = 44
    assert float(r) == 2.0
    np.testing.assert_allclose(tape.gradient(y, w).numpy(), [0, 44, 0])


@pytest.mark.parametrize('call, words', [
    # TF 2.21's ResourceStridedSliceAssign text (7802cea6)
    (lambda v: v[0].assign([1., 2]), ['Cannot broadcast input shape [2] into final shape [3] '
                                      '[Op:ResourceStridedSliceAssign] name: strided_slice/_assign']),
    (lambda v: v[[0, 1], :].assign(1.), ['are valid indices, got [0, 1]']),     # TF 2.21: a TypeError
    (lambda v: v[0].assign_add([1., 1, 1]), ['assign_add']),         # TF's slices have assign only
    # TF 2.21's ResourceScatterNdUpdate text (tapeflow's sentence rides as a note)
    (lambda v: v.scatter_nd_update([[0, 5]], [10.]), ['indices[0] = [0, 5] does not index into shape [2,3] '
                                                     '[Op:ResourceScatterNdUpdate]']),
    # TF 2.21's ResourceScatterNdAdd text (errors30: p_vscatter.py)
    (lambda v: v.scatter_nd_add([[0, 1]], [1., 2.]), ['Dimensions [0,1) of indices[shape=[1,2]] = 1 must match '
                                                      'dimensions [0,1) of updates[shape=[2]] = 2 '
                                                      '[Op:ResourceScatterNdAdd]']),
])
def test_slice_and_scatter_writes_reject_bad_input(call, words):
    v = tf.Variable([[1., 2, 3], [4, 5, 6]])
    with pytest.raises((InvalidArgumentError, AttributeError, ValueError, TypeError)) as info:
        call(v)
    for word in words:
        assert word in str(info.value)
    np.testing.assert_array_equal(v.numpy(), [[1, 2, 3], [4, 5, 6]])     # nothing written


def test_scatter_nd_update_add_sub():
    # TF 2.21: v.scatter_nd_update([[0,1],[1,2]],[10.,20]) on [[1,2,3],[0,0,0]] -> [[1,10,3],[0,0,20]];
    # then scatter_nd_add([[0,1]],[1.]) -> 11, scatter_nd_sub([[0,1]],[1.]) -> 10
    v = tf.Variable([[1., 2, 3], [0, 0, 0]])
    assert v.scatter_nd_update([[0, 1], [1, 2]], [10., 20]).name == 'UnreadVariable'   # as TF 2.21
    np.testing.assert_array_equal(v.numpy(), [[1, 10, 3], [0, 0, 20]])
    v.scatter_nd_add([[0, 1], [0, 1]], [1., 1.])         # repeated indices add up
    v.scatter_nd_sub([[0, 1]], [1.])
    np.testing.assert_array_equal(v.numpy(), [[1, 11, 3], [0, 0, 20]])
    v.scatter_nd_update([[1]], [[7., 8, 9]])             # a whole row
    np.testing.assert_array_equal(v.numpy()[1], [7, 8, 9])


# ---- TensorShape ---------------------------------------------------------------------------
S = tf.TensorShape


def test_unknown_and_partial_shapes_print_and_compare_as_in_tensorflow():
    # TF 2.21: repr/str of TensorShape(None) and TensorShape([None, 3]); rank; equality
    assert repr(S(None)) == 'TensorShape(None)' and str(S(None)) == '<unknown>'
    assert S(None).rank is None and S(None).ndims is None
    assert repr(S([None, 3])) == 'TensorShape([None, 3])' and str(S([None, 3])) == '(None, 3)'
    assert S([None, 3]).as_list() == [None, 3] and S([None, 3]).rank == 2
    assert S([2, 3]) == [2, 3] and S([2, 3]) == (2, 3) and not S([2, 3]) != [2, 3]
    assert S([None, 3]) == [None, 3] and S(None) == S(None) and S(None) != S([]) and S([]) != S(None)
    assert S(3) == [3] and str(S([])) == '()' and S([]).rank == 0
    assert S([None, 3])[0] is None and S([None, 3])[1:] == S([3]) and isinstance(S([None, 3])[1:], S)
    assert tf.zeros((2, 3, 4)).shape[1:].as_list() == [3, 4]
    assert S(None)[0] is None                                          # TF: any dimension is unknown
    assert hash(S([2, 3])) == hash(S([2, 3]))


def test_unknown_rank_has_no_list_or_length():
    # TF 2.21: "as_list() is not defined on an unknown TensorShape."
    with pytest.raises(ValueError, match='as_list.*unknown TensorShape'):
        S(None).as_list()
    with pytest.raises(ValueError, match='unknown rank'):
        len(S(None))


def test_shape_algebra():
    # TF 2.21 results, one per line below.
    assert S([None, 3]).is_fully_defined() is False and S([2, 3]).is_fully_defined() and not S(None).is_fully_defined()
    assert S([None, 3]).is_compatible_with([2, 3]) and S(None).is_compatible_with([2, 3])
    assert not S([None, 3]).is_compatible_with([2, 4]) and not S([2]).is_compatible_with([2, 1])
    assert S([None, 3]).merge_with([2, None]) == [2, 3] and S([2, 3]).merge_with(None) == [2, 3]
    assert S([None, 3]).concatenate([5]) == [None, 3, 5] and S(None).concatenate([5]) == S(None)
    assert S([2, 3]) + [4] == [2, 3, 4]
    assert S([None, 3]).most_specific_compatible_shape([2, 3]) == [None, 3]
    assert S([1, 3]).most_specific_compatible_shape([2, 3, 4]) == S(None)
    assert S([2, 3]).num_elements() == 6 and S([None, 3]).num_elements() is None
    assert S([2, 3]).with_rank(2) == [2, 3] and S([None, 3]).is_subtype_of(S([None, None]))


@pytest.mark.parametrize('call, message', [
    (lambda: S([None, 3]).merge_with([2, 4]), 'Shapes (None, 3) and (2, 4) are not compatible'),
    (lambda: S([2, 3]).merge_with([2]), 'Shapes (2, 3) and (2,) are not compatible'),
    (lambda: S([2, 3]).assert_is_compatible_with([2, 4]), 'Shapes (2, 3) and [2, 4] are incompatible'),
    (lambda: S([2, 3]).with_rank(3), 'Shape (2, 3) must have rank 3'),
])
def test_shape_errors_use_tensorflows_words(call, message):
    with pytest.raises(ValueError) as info:
        call()
    assert str(info.value) == message


def test_shape_rejects_what_is_not_a_dimension():
    with pytest.raises(TypeError, match='TensorShape'):
        S(['a', 2])
    with pytest.raises(TypeError, match='TensorShape'):
        S(-1.5)


# ---- matrix parts: diag, diag_part, trace, band_part, set_diag, matvec, matrix_transpose, cholesky ----
M23 = [[1., 2, 3], [4, 5, 6]]
B223 = np.arange(12.0, dtype=np.float32).reshape(2, 2, 3)


@pytest.mark.parametrize('call, expected', [
    # Each expected value printed by TF 2.21 for the same call on tf.linalg.
    (lambda: tf.linalg.diag([1., 2]), [[1, 0], [0, 2]]),
    (lambda: tf.linalg.diag([[1., 2], [3, 4]]), [[[1, 0], [0, 2]], [[3, 0], [0, 4]]]),
    (lambda: tf.linalg.diag([1., 2], k=1), [[0, 1, 0], [0, 0, 2], [0, 0, 0]]),
    (lambda: tf.linalg.diag([1., 2], k=1, num_cols=4), [[0, 1, 0, 0], [0, 0, 2, 0]]),
    (lambda: tf.linalg.diag([1., 2], k=-1, num_rows=4), [[0, 0], [1, 0], [0, 2], [0, 0]]),
    (lambda: tf.linalg.diag([1., 2], num_rows=3), [[1, 0], [0, 2], [0, 0]]),
    (lambda: tf.linalg.diag([1., 2], padding_value=7), [[1, 7], [7, 2]]),
    (lambda: tf.linalg.diag_part(M23), [1, 5]),
    (lambda: tf.linalg.diag_part(B223), [[0, 4], [6, 10]]),
    (lambda: tf.linalg.diag_part(tf.reshape(tf.range(6.0), (2, 3)), k=-1), [3]),
    (lambda: tf.linalg.diag_part(tf.reshape(tf.range(6.0), (3, 2)), k=1), [1]),
    (lambda: tf.linalg.trace(M23), 6),
    (lambda: tf.linalg.trace(B223), [4, 16]),
    (lambda: tf.linalg.band_part(tf.ones((3, 4)), 1, 0), [[1, 0, 0, 0], [1, 1, 0, 0], [0, 1, 1, 0]]),
    (lambda: tf.linalg.band_part(tf.ones((3, 4)), -1, 1), [[1, 1, 0, 0], [1, 1, 1, 0], [1, 1, 1, 1]]),
    (lambda: tf.linalg.band_part(tf.ones((3, 3)), -2, 1), [[1, 1, 0], [1, 1, 1], [1, 1, 1]]),
    (lambda: tf.linalg.matrix_transpose(B223), [[[0, 3], [1, 4], [2, 5]], [[6, 9], [7, 10], [8, 11]]]),
    (lambda: tf.linalg.matvec(M23, [1., 1, 1]), [6, 15]),
    (lambda: tf.linalg.matvec(M23, [1., 1], transpose_a=True), [5, 7, 9]),
    (lambda: tf.linalg.set_diag(M23, [9., 9]), [[9, 2, 3], [4, 9, 6]]),
    (lambda: tf.linalg.set_diag(M23, [9., 9], k=1), [[1, 9, 3], [4, 5, 9]]),
    (lambda: tf.linalg.cholesky([[4., 2], [2, 3]]), [[2, 0], [1, 1.4142135]]),
])
def test_matrix_part_values(call, expected):
    out = call()
    assert out.dtype == np.float32
    np.testing.assert_allclose(out.numpy(), expected, rtol=1e-6)


def test_integer_matrices_keep_their_dtype():
    # TF 2.21: tf.linalg.trace(tf.constant([[1,2],[3,4]])) -> 5 (int32); diag_part -> [1, 4]
    assert tf.linalg.trace(tf.constant([[1, 2], [3, 4]])).dtype == np.int32
    assert int(tf.linalg.trace(tf.constant([[1, 2], [3, 4]]))) == 5
    np.testing.assert_array_equal(tf.linalg.diag_part(tf.constant([[1, 2], [3, 4]])).numpy(), [1, 4])


def test_cholesky_of_a_matrix_that_is_not_positive_definite_is_nan():
    # TF 2.21 (CPU): tf.linalg.cholesky([[1.,2],[2,1]]) -> [[nan, 0], [nan, nan]]
    out = tf.linalg.cholesky([[1., 2], [2, 1]]).numpy()
    assert np.isnan(out[np.tril_indices(2)]).all() and out[0, 1] == 0


def test_cholesky_gradient_is_tensorflows_symmetrised_one():
    # TF 2.21: x = [[4.,2],[2,3]]; gradient of reduce_sum(cholesky(x) * [[1.,0],[2,3]])
    x = tf.constant([[4., 2], [2, 3]])
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = tf.reduce_sum(tf.linalg.cholesky(x) * tf.constant([[1., 0], [2, 3]]))
    np.testing.assert_allclose(tape.gradient(y, x).numpy(), [[0.26516503, -0.03033008], [-0.03033008, 1.0606601]],
                               rtol=1e-5)


@pytest.mark.parametrize('call, kind, words', [
    # TF 2.21 raises InvalidArgumentError for each (its words: 'diagonal must be at least 1-dim',
    # 'input must be at least 2-dim', 'Matrix size-incompatible', 'Input matrix must be square').
    (lambda: tf.linalg.diag(1.), InvalidArgumentError, ['diag', 'at least 1-dim', '()']),
    (lambda: tf.linalg.diag([1., 2], num_rows=1), InvalidArgumentError, ['diag', '1 x 2']),
    (lambda: tf.linalg.diag_part([1., 2]), InvalidArgumentError, ['diag_part', 'at least 2-dim', '(2,)']),
    (lambda: tf.linalg.trace([1., 2]), InvalidArgumentError, ['trace', 'at least 2-dim']),
    (lambda: tf.linalg.band_part(tf.ones(3), -1, 1), InvalidArgumentError, ['band_part', 'at least 2-dim']),
    (lambda: tf.linalg.band_part(tf.ones((2, 2)), 1.5, 0), TypeError, ['band_part', 'num_lower', '1.5']),
    (lambda: tf.linalg.matvec(M23, [1., 1]), InvalidArgumentError, ['matvec', '[2,3]', '[2,1]']),
    (lambda: tf.linalg.set_diag(M23, [9., 9, 9]), InvalidArgumentError, ['set_diag', '(2,)', '(3,)']),
    (lambda: tf.linalg.matrix_transpose([1., 2]), ValueError, ['matrix_transpose', 'rank >= 2']),
    (lambda: tf.linalg.cholesky([[4., 2, 1], [2, 3, 1]]), InvalidArgumentError, ['Input matrix must be square.',
                                                                                 '[Op:Cholesky]']),
    (lambda: tf.linalg.diag(['a', 'b']), TypeError, ['diag', 'dtype']),
    # a band k=(0, 1) needs a (..., 2, max_diag_len) input (TF 2.21's kernel aborts the process on this one)
    (lambda: tf.linalg.diag([1., 2], k=(0, 1)), InvalidArgumentError, ['diag', 'k=(0, 1)', '(2,)']),
])
def test_matrix_parts_reject_bad_input(call, kind, words):
    with pytest.raises(kind) as info:
        call()
    text = str(info.value) + ' '.join(getattr(info.value, '__notes__', ()))    # (the op may be named in a note)
    for word in words:
        assert word in text


def _spd(x):
    """A symmetric positive-definite matrix from any square x, so that every input entry matters."""
    n = x.shape[-1]
    return tf.matmul(x, x, transpose_b=True) + 3.0 * tf.eye(n, dtype=tf.float64)


SQUARE = [[0.9, -0.3, 0.2], [0.4, 1.1, -0.5], [-0.2, 0.6, 0.8]]

# (name, fn, input shapes or arrays) -- all drawn from a standard normal where a shape is given.
GRADIENT_CASES = [
    ('diag', tf.linalg.diag, [(3,)]),
    ('diag', lambda v: tf.linalg.diag(v, k=-1, padding_value=2.0), [(2, 3)]),
    ('diag', lambda v: tf.linalg.diag(v, k=1, num_cols=4), [(2,)]),
    ('diag_part', tf.linalg.diag_part, [(2, 3, 4)]),
    ('diag_part', lambda x: tf.linalg.diag_part(x, k=1), [(3, 3)]),
    ('diag_part', lambda x: tf.linalg.diag_part(x, k=-2) ** 3, [(4, 3)]),
    ('trace', tf.linalg.trace, [(2, 3, 3)]),
    ('band_part', lambda x: tf.linalg.band_part(x, 1, 0), [(3, 4)]),
    ('band_part', lambda x: tf.linalg.band_part(x, -1, 1), [(2, 3, 3)]),
    ('set_diag', lambda x, d: tf.linalg.set_diag(x, d), [(2, 3, 4), (2, 3)]),
    ('set_diag', lambda x, d: tf.linalg.set_diag(x * x, d * 2.0, k=1), [(3, 3), (2,)]),
    ('matrix_transpose', tf.linalg.matrix_transpose, [(2, 3, 4)]),
    ('matvec', tf.linalg.matvec, [(2, 3), (3,)]),
    ('matvec', lambda a, b: tf.linalg.matvec(a, b, transpose_a=True), [(2, 3, 2), (2, 3)]),
    ('cholesky', lambda x: tf.linalg.cholesky(_spd(x)), [SQUARE]),
    ('cholesky', lambda x: tf.linalg.cholesky(_spd(x)), [(2, 2, 2)]),
]
COVERED_HERE = {c[0] for c in GRADIENT_CASES}


def _case_id(case, counter={}):
    counter[case[0]] = counter.get(case[0], 0) + 1
    return '%s-%d' % (case[0], counter[case[0]])


def _arrays(case_id, inputs):
    rng = np.random.default_rng(zlib.crc32(case_id.encode()))
    return [np.asarray(x, np.float64) if isinstance(x, list) else rng.standard_normal(x) for x in inputs]


@pytest.mark.parametrize('case', [pytest.param(c, id=_case_id(c)) for c in GRADIENT_CASES])
def test_gradient_matches_central_differences(case):
    name, fn, inputs = case
    check_gradients(fn, _arrays(name + str(len(inputs)), inputs))


@pytest.mark.parametrize('name, fn', [
    ('diag_part', lambda x: tf.linalg.diag_part(tf.reshape(x, [2, 2])) ** 3),
    ('diag', lambda x: tf.linalg.diag(x[:2] ** 3)),
    ('cholesky', lambda x: tf.linalg.cholesky(_spd(tf.reshape(x, [2, 2])))),
])
def test_second_derivatives_match_central_differences(name, fn):
    def first(x):
        with tf.GradientTape() as inner:
            inner.watch(x)
            y = fn(x)
        return inner.gradient(y, x)
    check_gradients(first, _arrays(name + '2nd', [(4,)]))


_SQ = np.array([[2.0, 1.0], [1.0, 3.0]], np.float32)
_M = np.array([[0.1, 0.2, 0.3], [0.4, 0.5, 0.6]], np.float32)
SWEEP_CALLS = {
    'diag': ((np.array([0.1, 0.2], np.float32),), {}), 'diag_part': ((_M,), {}), 'trace': ((_SQ,), {}),
    'band_part': ((_M, 1, 0), {}), 'matrix_transpose': ((_M,), {}),
    'matvec': ((_M, np.array([0.1, 0.2, 0.3], np.float32)), {}),
    'set_diag': ((_M, np.array([1.0, 2.0], np.float32)), {}), 'cholesky': ((_SQ,), {}),
}
# Matrix parts move elements whatever their numeric dtype; bool and int matrices are documented input.
SWEEP_ANY_DTYPE = {'diag', 'diag_part', 'trace', 'band_part', 'matrix_transpose', 'set_diag'}


# ---- tf.debugging assertions ------------------------------------------------------------------
def test_assertions_that_hold_return_none():
    tf.debugging.assert_equal([1, 2], [1, 2])
    tf.debugging.assert_equal(1, 1)
    tf.debugging.assert_less([1, 2], [2, 3])
    tf.debugging.assert_greater([[3, 4]], [2, 3])           # broadcasting
    tf.debugging.assert_near([1., 2], [1., 2.0000001])       # within 10 * float32 eps
    tf.debugging.assert_positive([1., 2])
    tf.debugging.assert_non_negative([0, 2])
    tf.debugging.assert_rank([[1, 2]], 2)
    tf.debugging.assert_type(tf.constant(1.), tf.float32)
    tf.debugging.assert_shapes([(tf.zeros((2, 3)), ('N', 'D')), (tf.zeros((2,)), ('N',)), (tf.zeros(()), ('N',))])
    tf.debugging.assert_shapes([(tf.zeros((4, 2, 3)), ('*', 'D')), (tf.zeros((3,)), ('D',))])
    tf.debugging.assert_equal(['a'], ['a'])
    assert tf.debugging.set_log_device_placement(True) is None
    tf.debugging.set_log_device_placement(False)              # (a global setting: later tests read it)
    tf.assert_equal([1], [1])                                # TF 2's top-level alias
    np.testing.assert_array_equal(tf.debugging.assert_all_finite(tf.constant([1., 2]), 'bad').numpy(), [1, 2])


@pytest.mark.parametrize('call, kind, text', [
    # Each message is TF 2.21's for the same call (its own op prefixes left out).
    (lambda: tf.debugging.assert_equal([1, 2], [1, 3]), InvalidArgumentError,
     'Condition x == y did not hold.\nIndices of first 1 different values:\n[[1]]\nCorresponding x values:\n[2]\n'
     'Corresponding y values:\n[3]\nFirst 2 elements of x:\n[1 2]\nFirst 2 elements of y:\n[1 3]'),
    (lambda: tf.debugging.assert_equal([1, 2], [1, 3], message='custom'), InvalidArgumentError,
     'custom\nCondition x == y did not hold.\nIndices of first 1 different values:\n[[1]]\nCorresponding x values:\n'
     '[2]\nCorresponding y values:\n[3]\nFirst 2 elements of x:\n[1 2]\nFirst 2 elements of y:\n[1 3]'),
    (lambda: tf.debugging.assert_less([1, 2], [2, 2]), InvalidArgumentError,
     'Condition x < y did not hold.\nIndices of first 1 different values:\n[[1]]\nCorresponding x values:\n[2]\n'
     'Corresponding y values:\n[2]\nFirst 2 elements of x:\n[1 2]\nFirst 2 elements of y:\n[2 2]'),
    (lambda: tf.debugging.assert_greater_equal([1, 2], [1, 3]), InvalidArgumentError,
     'Condition x >= y did not hold.\nIndices of first 1 different values:\n[[1]]\nCorresponding x values:\n[2]\n'
     'Corresponding y values:\n[3]\nFirst 2 elements of x:\n[1 2]\nFirst 2 elements of y:\n[1 3]'),
    (lambda: tf.debugging.assert_non_negative([1., -1]), InvalidArgumentError,
     "\nCondition x >= 0 did not hold element-wise:\nx (shape=(2,) dtype=float32) = \n['1.0', '-1.0']"),
    (lambda: tf.debugging.assert_positive([1., 0]), InvalidArgumentError,
     "\nCondition x > 0 did not hold element-wise:\nx (shape=(2,) dtype=float32) = \n['1.0', '0.0']"),
    (lambda: tf.debugging.assert_all_finite(tf.constant([1., np.nan]), 'bad'), InvalidArgumentError,
     '{{function_node __wrapped__CheckNumerics_device_/job:localhost/replica:0/task:0/device:CPU:0}} '
     'bad : Tensor had NaN values [Op:CheckNumerics] name: '),
    (lambda: tf.debugging.assert_rank([[1, 2]], 1), ValueError, 'Tensor  must have rank 1.  Received rank 2, shape (1, 2)'),
    (lambda: tf.debugging.assert_shapes([(tf.zeros((2, 3)), ('N', 'D')), (tf.zeros((3,)), ('N',))]), ValueError,
     'Specified by tensor shape=(2, 3) dtype=float32 dimension 0.  Tensor shape=(3,) dtype=float32 dimension 0 '
     'must have size 2.  Received size 3, shape (3,)'),
    (lambda: tf.debugging.assert_shapes([(tf.zeros((2, 3)), (2, 4))]), ValueError,
     'Specified explicitly.  Tensor shape=(2, 3) dtype=float32 dimension 1 must have size 4.  Received size 3, '
     'shape (2, 3)'),
    (lambda: tf.debugging.assert_shapes([(tf.zeros((2, 3)), ('N',))]), ValueError,
     'Tensor  must have rank in (0, 1).  Received rank 2, shape (2, 3)'),
    (lambda: tf.debugging.assert_type(tf.constant(1.), tf.int32), TypeError, 'tensor must be of type tf.int32; got tf.float32'),
    (lambda: tf.Assert(False, ['x', 1]), InvalidArgumentError, "Expected 'False' to be true. Summarized data: b'x'\n1"),
])
def test_failed_assertions_raise_tensorflows_error_and_words(call, kind, text):
    with pytest.raises(kind) as info:
        call()
    assert str(info.value) == text


def test_assert_near_names_the_tolerances():
    with pytest.raises(InvalidArgumentError) as caught:
        tf.debugging.assert_near([1., 2], [1., 2.1])
    assert str(caught.value) == (     # TF 2.21: an Assert over the tolerances (tensors) and x, y
        "Expected 'tf.Tensor(False, shape=(), dtype=bool)' to be true. Summarized data: b''\nb'x and y not equal "
        "to tolerance rtol = tf.Tensor(1.1920929e-06, shape=(), dtype=float32), atol = tf.Tensor(1.1920929e-06, "
        "shape=(), dtype=float32)'\nb'x (shape=(2,) dtype=float32) = '\n1.0, 2.0\nb'y (shape=(2,) dtype=float32) "
        "= '\n1.0, 2.1")
    tf.debugging.assert_near(tf.constant([1.0], tf.float64), tf.constant([1.05], tf.float64), atol=0.1)


@pytest.mark.parametrize('call, words', [
    (lambda: tf.debugging.assert_equal([1, 2], [1, 2, 3]), ['assert_equal', '[2] vs. [3]']),
    (lambda: tf.debugging.assert_equal(tf.constant([1., 2]), tf.constant([1, 2])), ['assert_equal', 'float32', 'int32']),
    (lambda: tf.debugging.assert_less({'a': 1}, 2), ['assert_less']),
    (lambda: tf.debugging.assert_positive(['a']), ['assert_positive', 'dtype']),
    (lambda: tf.debugging.assert_shapes([tf.zeros(2)]), ['assert_shapes', '(tensor, shape spec)']),
    (lambda: tf.Assert(tf.constant([1.]), []), ['Assert', 'one bool']),
])
def test_assertions_name_themselves_on_bad_input(call, words):
    with pytest.raises((TypeError, ValueError)) as info:
        call()
    text = '\n'.join([str(info.value)] + getattr(info.value, '__notes__', []))    # TF's words + tapeflow's note
    for word in words:
        assert word in text


# ---- tf.strings --------------------------------------------------------------------------------
@pytest.mark.parametrize('call, expected', [
    # Each expected value printed by TF 2.21 for the same call.
    (lambda: tf.strings.join(['a', tf.constant(['b', 'c'])], separator='-'), [b'a-b', b'a-c']),
    (lambda: tf.strings.join([]), b''),
    (lambda: tf.strings.length(['abc', 'é']), [3, 2]),
    (lambda: tf.strings.length('é', unit='UTF8_CHAR'), 1),
    (lambda: tf.strings.length(tf.constant([['ab'], ['c']])), [[2], [1]]),
    (lambda: tf.strings.upper(['abc', 'é']), [b'ABC', 'é'.encode()]),
    (lambda: tf.strings.lower('AbC'), b'abc'),
    (lambda: tf.strings.strip(' a '), b'a'),
    (lambda: tf.strings.as_string([1.5, 2.]), [b'1.500000', b'2.000000']),
    (lambda: tf.strings.as_string([1.0e10, 1e-7]), [b'10000000000.000000', b'0.000000']),
    (lambda: tf.strings.as_string([1, 2]), [b'1', b'2']),
    (lambda: tf.strings.as_string([True]), [b'true']),
    (lambda: tf.strings.as_string(1.5, precision=3), b'1.500'),
    (lambda: tf.strings.as_string([3], width=4), [b'   3']),
    (lambda: tf.strings.as_string([3], width=4, fill='0'), [b'0003']),
    (lambda: tf.strings.as_string([1.5], scientific=True), [b'1.500000e+00']),
    (lambda: tf.strings.as_string([1.5], shortest=True), [b'1.5']),
    (lambda: tf.strings.split('a b  c'), [b'a', b'b', b'c']),
    (lambda: tf.strings.to_number('1.5'), 1.5),
    (lambda: tf.strings.to_number('3', tf.int32), 3),
    (lambda: tf.strings.regex_full_match(['ab', 'b'], 'a.*'), [True, False]),
    (lambda: tf.strings.substr('hello', 1, 3), b'ell'),
    (lambda: tf.strings.substr('hello', 3, 10), b'lo'),
    (lambda: tf.strings.substr('hello', -2, 1), b'l'),
    (lambda: tf.strings.substr('héllo', 1, 1, unit='UTF8_CHAR'), 'é'.encode()),
    (lambda: tf.strings.reduce_join(['a', 'b']), b'ab'),
    (lambda: tf.strings.reduce_join([['a', 'b'], ['c', 'd']], axis=1, separator=','), [b'a,b', b'c,d']),
    (lambda: tf.strings.reduce_join([['a', 'b'], ['c', 'd']], axis=0, keepdims=True), [[b'ac', b'bd']]),
])
def test_string_op_values(call, expected):
    out = call()
    assert isinstance(out, tf.Tensor)
    assert np.asarray(out.numpy()).tolist() == expected


def test_string_op_dtypes():
    assert tf.strings.length(['a']).dtype == np.int32 and tf.strings.to_number('1').dtype == np.float32
    assert repr(tf.strings.join(['a', 'b'])).endswith("dtype=string, numpy=b'ab'>")


@pytest.mark.parametrize('call, kind, words', [
    (lambda: tf.strings.join([tf.constant(['a', 'b']), tf.constant(['c', 'd', 'e'])]), InvalidArgumentError,
     ['join', 'Input shapes do not match: [2] vs. [3]']),        # TF 2.21's words
    (lambda: tf.strings.join('ab'), TypeError, ['join', 'list']),
    (lambda: tf.strings.join(['a', 1]), TypeError, ['Cannot convert 1 to EagerTensor of dtype string', 'join',
                                                    'as_string']),      # TF 2.21's words, then tapeflow's
    (lambda: tf.strings.length(1), TypeError, ['length', 'string tensor']),
    (lambda: tf.strings.length('a', unit='WORD'), ValueError, ['length', 'unit']),
    (lambda: tf.strings.upper([1.5]), TypeError, ['Cannot convert [1.5] to EagerTensor of dtype string', 'upper']),
    (lambda: tf.strings.to_number(['1', 'x']), InvalidArgumentError, ['to_number', 'convert string: x']),
    (lambda: tf.strings.substr('hello', 7, 1), InvalidArgumentError, ['substr', 'pos 7 out of range']),
    (lambda: tf.strings.as_string([1.0], fill='x'), ValueError, ['as_string', 'fill']),
    (lambda: tf.strings.reduce_join(['a'], axis=2), tf.errors.OutOfRangeError,       # TF 2.21's class
     ['reduce_join', 'Invalid reduction dimension 2 for input with 1 dimension(s)']),
])
def test_string_ops_reject_bad_input(call, kind, words):
    with pytest.raises(kind) as info:
        call()
    text = ' '.join([str(info.value)] + getattr(info.value, '__notes__', []))   # TF's text, tapeflow's in a note
    for word in words:
        assert word in text
