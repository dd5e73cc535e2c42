"""tf.linalg.LinearOperator and FullMatrix / Diag / Identity / ScaledIdentity / LowerTriangular /
Composition / Inversion / Adjoint / Kronecker / BlockDiag.

Expected values, names, hints and error texts are TensorFlow 2.21's, printed by the same program
under /opt/tfref/bin/python; gradients are checked against central differences in float64."""
import logging

import numpy as np
import pytest

import framework as tf

L = tf.linalg
A = np.array([[4., 1.], [2., 3.]], np.float32)
X = np.array([[1.], [2.]], np.float32)


def _close(t, expected):
    np.testing.assert_allclose(np.asarray(t), expected, rtol=2e-6, atol=1e-6)


def test_full_matrix_acts_as_its_matrix():
    op = L.LinearOperatorFullMatrix(A)
    assert (op.shape, op.batch_shape, op.domain_dimension, op.range_dimension, op.tensor_rank) == ((2, 2), (), 2, 2, 2)
    assert op.dtype == tf.float32 and op.name == 'LinearOperatorFullMatrix'
    assert (op.is_non_singular, op.is_self_adjoint, op.is_positive_definite, op.is_square) == (None, None, None, True)
    _close(op.matmul(X), [[6.], [8.]])
    _close(op.matvec([1., 2.]), [6., 8.])
    _close(op @ X, [[6.], [8.]])
    _close(op.solve(X), [[0.1], [0.6]])
    _close(op.solvevec([1., 2.]), [0.1, 0.6])
    _close(op.determinant(), 10.)
    _close(op.log_abs_determinant(), 2.3025851)
    _close(op.trace(), 7.)
    _close(op.diag_part(), [4., 3.])
    _close(op.matmul(X, adjoint=True), [[8.], [7.]])
    _close(op.matmul(X.T, adjoint_arg=True), [[6.], [8.]])
    _close(op.adjoint().to_dense(), A.T)
    assert op.H.name == 'LinearOperatorFullMatrix_adjoint'
    _close(op.inverse().to_dense(), [[0.3, -0.1], [-0.2, 0.4]])


def test_default_determinant_logs_tensorflows_warning(caplog):
    with caplog.at_level(logging.WARNING, logger='tensorflow'):
        L.LinearOperatorFullMatrix(A).determinant()
        L.LinearOperatorDiag([1., 2.]).determinant()
    assert [r.getMessage() for r in caplog.records] == [
        'Using (possibly slow) default implementation of determinant.  Requires conversion to a dense matrix and '
        'O(N^3) operations.']


def test_diagonal_operators():
    d = L.LinearOperatorDiag([1., 2., 3.])
    assert d.is_self_adjoint and d.is_non_singular is None and d.name == 'LinearOperatorDiag'
    _close(d.determinant(), 6.)
    _close(d.matvec([1., 1., 1.]), [1., 2., 3.])
    _close(d.solvevec([1., 1., 1.]), [1., 0.5, 1 / 3])
    _close(d.to_dense(), np.diag([1., 2., 3.]))
    _close(d.diag, [1., 2., 3.])
    i = L.LinearOperatorIdentity(3)
    assert i.is_self_adjoint and i.is_positive_definite and i.name == 'LinearOperatorIdentity'
    _close(i.to_dense(), np.eye(3))
    _close(i.determinant(), 1.)
    _close(i.matvec([1., 2., 3.]), [1., 2., 3.])
    s = L.LinearOperatorScaledIdentity(2, 3.)
    _close(s.to_dense(), 3 * np.eye(2))
    _close(s.determinant(), 9.)
    _close(s.log_abs_determinant(), 2.1972246)
    _close(s.multiplier, 3.)
    _close(L.LinearOperatorScaledIdentity(2, [1., 2.]).to_dense(), [np.eye(2), 2 * np.eye(2)])
    _close(L.LinearOperatorDiag([1., 0.]).solvevec([1., 1.]), [1., np.inf])


def test_lower_triangular_ignores_the_upper_part():
    low = L.LinearOperatorLowerTriangular([[2., 0.], [1., 3.]])
    _close(low.determinant(), 6.)
    _close(low.solve(X), [[0.5], [0.5]])
    _close(L.LinearOperatorLowerTriangular([[2., 5.], [1., 3.]]).to_dense(), [[2., 0.], [1., 3.]])


def test_combinations_have_tensorflows_names_and_values():
    op, d2 = L.LinearOperatorFullMatrix(A), L.LinearOperatorDiag([1., 2.])
    c = L.LinearOperatorComposition([op, d2])
    assert c.name == 'LinearOperatorFullMatrix_o_LinearOperatorDiag' and len(c.operators) == 2
    _close(c.to_dense(), [[4., 2.], [2., 6.]])
    _close(c.determinant(), 20.)
    _close(c.solve(X), [[0.1], [0.3]])
    inv = L.LinearOperatorInversion(op)
    assert inv.name == 'LinearOperatorFullMatrix_inv' and inv.operator is op
    _close(inv.to_dense(), [[0.3, -0.1], [-0.2, 0.4]])
    _close(inv.determinant(), 0.1)
    _close(inv.matmul(X), [[0.1], [0.6]])
    adj = L.LinearOperatorAdjoint(op)
    assert adj.name == 'LinearOperatorFullMatrix_adjoint'
    _close(adj.to_dense(), [[4., 2.], [1., 3.]])
    k = L.LinearOperatorKronecker([op, d2])
    assert k.name == 'LinearOperatorFullMatrix_x_LinearOperatorDiag' and k.shape == (4, 4)
    _close(k.to_dense(), [[4., 0., 1., 0.], [0., 8., 0., 2.], [2., 0., 3., 0.], [0., 4., 0., 6.]])
    _close(k.determinant(), 400.)
    _close(k.log_abs_determinant(), 5.9914646)
    _close(k.matvec([1., 2., 3., 4.]), [7., 24., 11., 32.])
    _close(k.solvevec([1., 2., 3., 4.]), [0., 0.1, 1., 0.6])
    b = L.LinearOperatorBlockDiag([op, L.LinearOperatorDiag([5.])])
    assert b.name == 'LinearOperatorFullMatrix_ds_LinearOperatorDiag' and b.shape == (3, 3)
    _close(b.to_dense(), [[4., 1., 0.], [2., 3., 0.], [0., 0., 5.]])
    _close(b.determinant(), 50.)
    _close(b.matvec([1., 2., 3.]), [6., 8., 15.])
    _close(b.solvevec([6., 8., 15.]), [1., 2., 3.])
    assert b.operators[0] is op


def test_batches_broadcast():
    batch = L.LinearOperatorFullMatrix(np.arange(8, dtype=np.float32).reshape(2, 2, 2) + np.eye(2, dtype=np.float32))
    assert batch.batch_shape == (2,)
    _close(batch.determinant(), [2., 10.])
    assert batch.shape_tensor().numpy().tolist() == [2, 2, 2] and batch.batch_shape_tensor().numpy().tolist() == [2]
    _close(batch.matmul(X), [[[3.], [10.]], [[15.], [22.]]])


def test_gradients_reach_the_operators_tensors():
    v = tf.Variable(A)
    with tf.GradientTape() as tape:
        o = L.LinearOperatorFullMatrix(v)
        loss = o.log_abs_determinant() + tf.reduce_sum(o.solve(X)) + tf.reduce_sum(o.matvec([1., -1.]))
    _close(tape.gradient(loss, v), [[1.29, -1.26], [0.87, -0.78]])       # TensorFlow's
    dv = tf.Variable([1., 2.])
    with tf.GradientTape() as tape:
        loss = tf.reduce_sum(L.LinearOperatorDiag(dv).solvevec([3., 4.])) + L.LinearOperatorDiag(dv).log_abs_determinant()
    _close(tape.gradient(loss, dv), [-2., -0.5])


M = np.array([[3., 1., 0.5], [0.2, 2., 0.3], [0.1, 0.4, 4.]])
R = np.array([[1., -2.], [0.5, 1.], [2., 0.3]])


@pytest.mark.parametrize('build', [
    lambda m: L.LinearOperatorFullMatrix(m),
    lambda m: L.LinearOperatorLowerTriangular(m),
    lambda m: L.LinearOperatorDiag(tf.linalg.diag_part(m)),
    lambda m: L.LinearOperatorScaledIdentity(3, m[0, 0]),
    lambda m: L.LinearOperatorComposition([L.LinearOperatorFullMatrix(m), L.LinearOperatorLowerTriangular(m)]),
    lambda m: L.LinearOperatorInversion(L.LinearOperatorFullMatrix(m)),
    lambda m: L.LinearOperatorAdjoint(L.LinearOperatorFullMatrix(m)),
    lambda m: L.LinearOperatorBlockDiag([L.LinearOperatorFullMatrix(m[:2, :2]), L.LinearOperatorDiag(m[2:, 2])]),
    lambda m: L.LinearOperatorTridiag(m, diagonals_format='matrix'),
    lambda m: L.LinearOperatorTridiag(tf.linalg.diag_part(m, k=(-1, 1), align='LEFT_RIGHT')),
])
@pytest.mark.parametrize('method', ['matmul', 'solve', 'log_abs_determinant', 'to_dense', 'adjoint_solve'])
def test_gradients_match_central_differences(build, method):
    def f(m):
        op = build(m)
        if method == 'matmul':
            return op.matmul(tf.constant(R))
        if method == 'solve':
            return op.solve(tf.constant(R))
        if method == 'adjoint_solve':
            return op.solve(tf.constant(R), adjoint=True)
        return getattr(op, method)()

    theoretical, numerical = tf.test.compute_gradient(f, [tf.constant(M)])
    np.testing.assert_allclose(theoretical[0], numerical[0], rtol=1e-6, atol=1e-6)


def test_kronecker_gradient_matches_central_differences():
    def f(m):
        return L.LinearOperatorKronecker([L.LinearOperatorFullMatrix(m[:2, :2]),
                                          L.LinearOperatorFullMatrix(m[1:, 1:])]).solvevec(tf.constant([1., 2., 3., 4.],
                                                                                                       tf.float64))
    theoretical, numerical = tf.test.compute_gradient(f, [tf.constant(M)])
    np.testing.assert_allclose(theoretical[0], numerical[0], rtol=1e-6, atol=1e-6)


@pytest.mark.parametrize('call, error, text', [
    (lambda: L.LinearOperatorFullMatrix([1., 2.]), ValueError, 'Argument `matrix` must have at least 2 dimensions. Received: [1. 2.].'),
    (lambda: L.LinearOperatorFullMatrix([[1, 2], [3, 4]]), TypeError,
     "Argument `matrix` must have dtype in [tf.float16, tf.float32, tf.float64, tf.complex64, tf.complex128]. "
     "Received: <dtype: 'int32'>."),
    (lambda: L.LinearOperatorFullMatrix(A).matmul(tf.ones([3, 1])), ValueError, 'Dimensions 2 and 3 are not compatible'),
    (lambda: L.LinearOperatorIdentity(-1), ValueError, 'Argument num_rows must be non-negative.  Found: -1'),
    (lambda: L.LinearOperator(), TypeError, "Can't instantiate abstract class LinearOperator with abstract methods "
                                            "_matmul, _shape"),
    (lambda: L.LinearOperatorDiag([1., 2.], is_self_adjoint=False), ValueError,
     'A real diagonal operator is always self adjoint.'),
    (lambda: L.LinearOperatorComposition([]), ValueError, 'Expected a non-empty list of operators. Found: []'),
    (lambda: L.LinearOperatorInversion(L.LinearOperatorFullMatrix(A, is_non_singular=False)), ValueError,
     'Argument `is_non_singular` or argument `operator` must have supplied hint `is_non_singular` equal to `True` or '
     '`None`. Found `operator.is_non_singular`: False, `is_non_singular`: None.'),
    (lambda: L.LinearOperatorFullMatrix(tf.ones([2, 3])).determinant(), NotImplementedError,
     'Determinant not implemented for an operator that is expected to not be square.'),
    (lambda: L.LinearOperatorFullMatrix(A, is_positive_definite=True, is_non_singular=False), ValueError,
     'A positive definite matrix is always non-singular.'),
])
def test_bad_inputs_raise_tensorflows_errors(call, error, text):
    with pytest.raises(error) as info:
        call()
    assert str(info.value) == text
