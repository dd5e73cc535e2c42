"""tf.nn.embedding_lookup_sparse and safe_embedding_lookup_sparse: values and gradients pinned to TF 2.21
(/work/notes/progs/tfops/e1.py and e2.py run with /opt/tfref), gradients checked against central
differences in float64."""
import numpy as np
import pytest

import framework as tf
from framework.errors import InvalidArgumentError

PARAMS = np.arange(12, dtype=np.float32).reshape(6, 2) / 3 - 1
_INDEX = [[0, 0], [0, 1], [0, 2], [2, 0], [2, 1], [3, 0]]
IDS = tf.SparseTensor(_INDEX, tf.constant([1, 3, 1, 0, 5, 2], tf.int64), [5, 3])
WEIGHTS = tf.SparseTensor(_INDEX, [2.0, 0.5, -1.0, 1.5, 3.0, 0.0], [5, 3])
_INDEX3 = [[0, 0, 0], [0, 0, 1], [0, 1, 0], [1, 1, 0], [1, 1, 1]]
IDS3 = tf.SparseTensor(_INDEX3, tf.constant([1, -1, 4, 2, 3], tf.int64), [2, 3, 2])
WEIGHTS3 = tf.SparseTensor(_INDEX3, [1.0, 2.0, -0.5, 2.0, 0.0], [2, 3, 2])


def _close(out, expected):
    assert out.dtype == tf.float32
    np.testing.assert_allclose(out.numpy().ravel(), expected, rtol=2e-7, atol=1e-7)


@pytest.mark.parametrize('combiner, plain, weighted', [
    ('sum', [0.3333334, 1.3333333, 0, 0, 1.3333333, 2, 0.3333334, 0.6666666], [0.1666667, 0.6666666, 0, 0, 5.5, 7, 0, 0]),
    ('mean', [0.1111111, 0.4444444, 0, 0, 0.6666666, 1, 0.3333334, 0.6666666],
     [0.1111111, 0.4444444, 0, 0, 1.2222222, 1.5555556, 0, 0]),
    ('sqrtn', [0.1924501, 0.7698003, 0, 0, 0.942809, 1.4142135, 0.3333334, 0.6666666],
     [0.0727393, 0.2909572, 0, 0, 1.6397833, 2.0869968, 0, 0]),
])
def test_embedding_lookup_sparse_matches_tf(combiner, plain, weighted):
    # four rows: TF drops the trailing row 4, which has no ids
    _close(tf.nn.embedding_lookup_sparse(PARAMS, IDS, None, combiner=combiner), plain)
    _close(tf.nn.embedding_lookup_sparse(PARAMS, IDS, WEIGHTS, combiner=combiner), weighted)


@pytest.mark.parametrize('combiner, plain, weighted', [
    ('sum', [4, 5, 0, 2, 6, 7, 0, 1, 0, 0, 4, 5], [6, 7.5, 0, 1, 0, 0, 0, 0.5, 0, 0, 12, 15]),
    ('mean', [2, 2.5, 0, 0.6666667, 6, 7, 0, 0.3333333, 0, 0, 2, 2.5],
     [1.3333334, 1.6666667, 0, 0.6666667, 0, 0, 0, 0.3333333, 0, 0, 2.6666667, 3.3333335]),
    ('sqrtn', [2.828427, 3.535534, 0, 1.1547005, 6, 7, 0, 0.5773503, 0, 0, 2.828427, 3.535534],
     [1.7888544, 2.236068, 0, 0.4364358, 0, 0, 0, 0.2182179, 0, 0, 3.5777087, 4.472136]),
])
def test_gradients_reach_the_table_as_tf(combiner, plain, weighted):
    params = tf.constant(PARAMS)
    with tf.GradientTape(persistent=True) as tape:
        tape.watch(params)
        a = tf.nn.embedding_lookup_sparse(params, IDS, None, combiner=combiner)
        b = tf.nn.embedding_lookup_sparse(params, IDS, WEIGHTS, combiner=combiner)
        la = tf.reduce_sum(a * tf.reshape(tf.range(8, dtype=tf.float32), a.shape))
        lb = tf.reduce_sum(b * tf.reshape(tf.range(8, dtype=tf.float32), b.shape))
    np.testing.assert_allclose(tf.convert_to_tensor(tape.gradient(la, params)).numpy().ravel(), plain, rtol=1e-6)
    np.testing.assert_allclose(tf.convert_to_tensor(tape.gradient(lb, params)).numpy().ravel(), weighted, rtol=1e-6)


def test_max_norm_and_split_tables_match_tf():
    _close(tf.nn.embedding_lookup_sparse(PARAMS, IDS, WEIGHTS, combiner='sum', max_norm=1.0),
           [-0.0333333, 0.4, 0, 0, 0.7274383, 1.4256797, 0, 0])
    _close(tf.nn.embedding_lookup_sparse([PARAMS[:3], PARAMS[3:]], IDS, None, combiner='sum'),
           [0.3333334, 1.3333333, 0, 0, 1.3333333, 2, 0.3333334, 0.6666666])


def test_mean_multiplies_by_the_inverse_count_as_tf_kernel():
    rng = np.random.RandomState(0)
    p = rng.randn(50, 1).astype(np.float32)
    ids = tf.SparseTensor([[i, j] for i in range(40) for j in range(3)], tf.constant(rng.randint(0, 50, 120), tf.int64),
                          [40, 3])
    mean = tf.nn.embedding_lookup_sparse(p, ids, None, combiner='mean').numpy().ravel()
    total = tf.nn.embedding_lookup_sparse(p, ids, None, combiner='sum').numpy().ravel()
    np.testing.assert_array_equal(mean, total * (np.float32(1) / np.float32(3)))   # TF: 40 of 40 equal this way


@pytest.mark.parametrize('combiner, plain, weighted', [
    ('sum', [-0.3333333, 0, 1.6666667, 2, 0, 0, 0, 0, 1.3333334, 1.9999999, 0, 0],
     [-0.3333333, 0, -0.8333334, -1, 0, 0, 0, 0, 0.6666667, 1.3333333, 0, 0]),
    ('mean', [-0.3333333, 0, 1.6666667, 2, 0, 0, 0, 0, 0.6666667, 0.9999999, 0, 0],
     [-0.3333333, 0, 0, 0, 0, 0, 0, 0, 0.3333334, 0.6666666, 0, 0]),
    ('sqrtn', [-0.3333333, 0, 1.6666667, 2, 0, 0, 0, 0, 0.942809, 1.4142134, 0, 0],
     [-0.3333333, 0, 0, 0, 0, 0, 0, 0, 0.3333334, 0.6666666, 0, 0]),
])
def test_safe_embedding_lookup_sparse_matches_tf(combiner, plain, weighted):
    out = tf.nn.safe_embedding_lookup_sparse(PARAMS, IDS3, None, combiner=combiner)
    assert out.shape == (2, 3, 2)
    _close(out, plain)
    assert not np.signbit(out.numpy()).ravel()[4:8].any()       # empty rows are +0, as TF's where() gives
    _close(tf.nn.safe_embedding_lookup_sparse(PARAMS, IDS3, WEIGHTS3, combiner=combiner), weighted)


def test_safe_lookup_default_id_and_2d_ids_match_tf():
    _close(tf.nn.safe_embedding_lookup_sparse(PARAMS, IDS3, WEIGHTS3, combiner='mean', default_id=5),
           [-0.3333333, 0, 2.3333333, 2.6666667, 2.3333333, 2.6666667, 2.3333333, 2.6666667, 0.3333334, 0.6666666,
            2.3333333, 2.6666667])
    _close(tf.nn.safe_embedding_lookup_sparse(PARAMS, IDS, WEIGHTS),
           [-0.0666666, 0.2666667, 0, 0, 1.2222222, 1.5555556, 0, 0, 0, 0])


def test_bad_input_raises_as_tf():
    with pytest.raises(ValueError, match="combiner must be one of 'mean', 'sqrtn' or 'sum', got max"):
        tf.nn.embedding_lookup_sparse(PARAMS, IDS, None, combiner='max')
    with pytest.raises(TypeError, match='sp_ids must be SparseTensor'):
        tf.nn.embedding_lookup_sparse(PARAMS, tf.constant([[1]]), None)
    with pytest.raises(InvalidArgumentError, match=r'Bad: indices\[0\] == 9 out of range \[0, 6\)'):
        tf.nn.embedding_lookup_sparse(PARAMS, tf.SparseTensor([[0, 0]], tf.constant([9], tf.int64), [1, 1]), None)


_R = np.random.default_rng(3)
GRADIENT_CASES = {
    'embedding_lookup_sparse-mean': (lambda p: tf.nn.embedding_lookup_sparse(p, IDS, None), [_R.standard_normal((6, 2))]),
    'embedding_lookup_sparse-sqrtn-weighted': (
        lambda p, w: tf.nn.embedding_lookup_sparse(p, IDS, tf.SparseTensor(_INDEX, w, [5, 3]), combiner='sqrtn'),
        [_R.standard_normal((6, 2)), _R.uniform(0.5, 2.0, 6)]),
    'safe_embedding_lookup_sparse': (lambda p: tf.nn.safe_embedding_lookup_sparse(p, IDS3, WEIGHTS3, combiner='sum'),
                                     [_R.standard_normal((6, 3))]),
}


@pytest.mark.parametrize('name', sorted(GRADIENT_CASES))
def test_gradients_match_central_differences(name):
    f, inputs = GRADIENT_CASES[name]
    tf.check_gradients(f, inputs)


# The framework.ops names this file checks, for test_op_gradients' coverage test.
COVERED_HERE = {'embedding_lookup_sparse', 'safe_embedding_lookup_sparse'}
SWEEP_CALLS = {
    'embedding_lookup_sparse': ((PARAMS, IDS, WEIGHTS), {}),
    'safe_embedding_lookup_sparse': ((PARAMS, IDS3, WEIGHTS3), {}),
}
# (op, argument position) where None has a meaning: no weights
SWEEP_NONE_IS_VALID = {('embedding_lookup_sparse', 2), ('safe_embedding_lookup_sparse', 2)}
