"""keras.ops matrix decompositions (ops_decompositions): eigh, eig, qr, svd, cholesky, pinv, lstsq...

Golden values: every GOLDEN row was computed by evaluating its expression with
Keras 3.15 (TensorFlow backend, /opt/tfref) on the inputs below and printing
the values and ``keras.ops.dtype``; float32 values are written in their
shortest float32 repr. Eigenvectors and singular vectors are compared up to
sign (their absolute values), which LAPACK does not fix.
"""
import numpy as np
import pytest

from framework import keras
from framework.gradient_check import check_gradients
from helpers_keras_ops import check_keras_result, golden

ops = keras.ops

V = np.array([0.2, 0.7, 0.1], np.float32)
M = np.array([[2.0, 1.0], [1.0, 3.0]], np.float32)
S3 = np.array([[2.0, 0.5, 0.3], [0.5, 1.5, -0.2], [0.3, -0.2, 1.0]], np.float32)
R43 = np.array([[0.3, -1.2, 0.8], [1.1, 0.4, -0.6], [0.2, 0.9, 1.3], [-0.5, 0.7, 0.1]], np.float32)

# (expression, Keras 3.15's value, Keras 3.15's dtype)
GOLDEN = [
    ('ops.eigh(S3)[0]', [0.74474007, 1.4279789, 2.327282], 'float32'),
    ('ops.abs(ops.eigh(S3)[1])', [[0.37590715, 0.3395079, 0.86222297], [0.46163046, 0.7381794, 0.49192357], [0.8034871, 0.5829459, 0.12075956]], 'float32'),
    ('ops.eigh(np.stack([S3, S3 * 2]))[0]', [[0.74474007, 1.4279789, 2.327282], [1.4894801, 2.8559577, 4.654564]], 'float32'),
    ('ops.svd(R43, compute_uv=False)', [1.7092865, 1.6497393, 1.2436646], 'float32'),
    ('ops.svd(R43.T, compute_uv=False)', [1.7092866, 1.6497394, 1.2436646], 'float32'),
    ('ops.abs(ops.svd(R43, full_matrices=False)[0])', [[0.5611882, 0.640738, 0.292709], [0.057765115, 0.5154179, 0.8029619], [0.6993427, 0.56871337, 0.38629246], [0.43892008, 0.019087074, 0.34691763]], 'float32'),
    ('ops.abs(ops.qr(R43)[1])', [[1.260952, 0.071374536, 0.16654098], [0.0, 1.7014422, 0.016523242], [0.0, 0.0, 1.6346226]], 'float32'),
    ('ops.abs(ops.qr(R43)[0])', [[0.2379154, 0.6953036, 0.52067757], [0.8723568, 0.27168956, 0.28092486], [0.15861033, 0.53561664, 0.80603623], [0.3965258, 0.39478165, 0.016786247]], 'float32'),
    ('ops.abs(ops.qr(R43.T)[1])', [[1.473092, 0.42767185, 0.0135768205, 0.61774826], [0.0, 1.2438235, 0.15612626, 0.4777156], [0.0, 0.0, 1.5860139, 0.3743996]], 'float32'),
    ('ops.cholesky(S3)', [[1.4142135, 0.0, 0.0], [0.35355338, 1.172604, 0.0], [0.21213205, -0.2345208, 0.94868326]], 'float32'),
    ('ops.cholesky(S3, upper=True)', [[1.4142135, 0.35355338, 0.21213205], [0.0, 1.172604, -0.2345208], [0.0, 0.0, 0.94868326]], 'float32'),
    ('ops.cholesky_inverse(ops.cholesky(S3))', [[0.58989894, -0.22626263, -0.22222225], [-0.22626263, 0.7717172, 0.22222225], [-0.22222225, 0.22222225, 1.1111113]], 'float32'),
    ('ops.cholesky_inverse(ops.cholesky(S3, upper=True), upper=True)', [[0.589899, -0.22626264, -0.22222225], [-0.22626264, 0.7717172, 0.22222225], [-0.22222225, 0.22222225, 1.1111113]], 'float32'),
    ('ops.solve_triangular(S3, V)', [-0.034999996, 0.48, 0.1], 'float32'),
    ('ops.solve_triangular(S3, V, lower=True)', [0.1, 0.43333334, 0.15666667], 'float32'),
    ('ops.solve_triangular(S3, R43.T, lower=True)', [[0.15, 0.55, 0.1, -0.25], [-0.8500001, 0.083333336, 0.56666666, 0.55], [0.585, -0.7483334, 1.3833333, 0.28500003]], 'float32'),
    ('ops.logdet(S3)', 0.9062403, 'float32'),
    ('ops.logdet(np.stack([S3, M[:1, :1] * np.eye(3, dtype=np.float32)]))', [0.9062403, 2.0794413], 'float32'),
    ('ops.pinv(R43)', [[0.20744283, 0.67825836, 0.20846082, -0.29998103], [-0.4117488, 0.1613509, 0.31001276, 0.2319279], [0.3185307, -0.17185915, 0.49310234, 0.010269193]], 'float32'),
    ('ops.pinv(np.array([[1.0, 2.0], [2.0, 4.0]], np.float32))', [[0.04, 0.08], [0.08, 0.16]], 'float32'),
    ('ops.pinv(R43, rcond=0.5)', [[0.20744283, 0.67825836, 0.20846082, -0.29998103], [-0.4117488, 0.1613509, 0.31001276, 0.2319279], [0.3185307, -0.17185915, 0.49310234, 0.010269193]], 'float32'),
    ('ops.matrix_rank(R43)', 3, 'int32'),
    ('ops.matrix_rank(np.array([[1.0, 2.0], [2.0, 4.0]], np.float32))', 1, 'int32'),
    ('ops.matrix_rank(S3, tol=1.2)', 2, 'int32'),
    ('ops.lstsq(R43, np.array([1.0, 2.0, 3.0, 4.0], np.float32))', [0.9894178, 1.7687029, 1.4951963], 'float32'),
    ('ops.lstsq(R43, np.eye(4, 2, dtype=np.float32))', [[0.20744282, 0.67825836], [-0.41174883, 0.1613509], [0.3185307, -0.17185917]], 'float32'),
    ('ops.lstsq(np.array([[1.0, 2.0], [2.0, 4.0]], np.float32), np.array([1.0, 1.0], np.float32))', [0.12, 0.24], 'float32'),
    ('ops.real(ops.eig(M)[0])', [1.3819661, 3.6180344], 'float32'),
]


@golden(GOLDEN)
def test_values_and_dtypes_match_keras3(expression, expected, dtype):
    check_keras_result(eval(expression), expected, dtype, atol=1e-6)


def test_factorizations_reconstruct_their_input():
    u, s, vt = (np.asarray(t) for t in ops.svd(R43))
    assert u.shape == (4, 4) and s.shape == (3,) and vt.shape == (3, 3)
    np.testing.assert_allclose(u[:, :3] * s @ vt, R43, atol=1e-5)
    q, r = (np.asarray(t) for t in ops.qr(R43, mode='complete'))
    assert q.shape == (4, 4) and r.shape == (4, 3)
    np.testing.assert_allclose(q @ r, R43, atol=1e-5)
    w, v = (np.asarray(t) for t in ops.eig(M))
    assert w.dtype == np.complex64 and v.dtype == np.complex64
    np.testing.assert_allclose(M @ v, v * w, atol=1e-5)
    w, v = (np.asarray(t) for t in ops.eigh(S3))
    np.testing.assert_allclose(v @ np.diag(w) @ v.T, S3, atol=1e-5)


# ---- gradients: the tape against central differences, in float64 ----------------------------
S = S3.astype(np.float64)
R = R43.astype(np.float64)


def symmetric(a):
    # Cholesky-based routines read one triangle and TensorFlow's (and tapeflow's) Cholesky
    # gradient is the symmetric one: perturb both triangles together.
    return (a + ops.transpose(a)) / 2


GRADIENT_CASES = {
    'eigh': (lambda a: ops.eigh(a)[0] * 2 + ops.eigh(a)[1] * ops.sign(ops.eigh(a)[1][:1]), [S]),
    'qr': (lambda a: ops.qr(a)[0][:3] * ops.qr(a)[1], [R]),
    'svd_values': (lambda a: ops.svd(a, compute_uv=False) + ops.svd(ops.transpose(a), compute_uv=False), [R]),
    'svd_tall': (lambda a: ops.svd(a, full_matrices=False)[0][:3] + ops.svd(a, full_matrices=False)[2], [R]),
    'svd_wide': (lambda a: ops.svd(ops.transpose(a), full_matrices=False)[0]
                 + ops.svd(ops.transpose(a), full_matrices=False)[2][:, :3], [R]),
    'pinv_lstsq': (lambda a: ops.pinv(a)[:, :3] + ops.lstsq(a, np.eye(4, 3)), [R]),
    'solve_triangular': (lambda a, b: ops.solve_triangular(a, ops.transpose(b)[:, :2]) + ops.solve_triangular(a, b[0], lower=True)[:, None],
                         [S, R]),
    'cholesky_logdet': (lambda a: ops.cholesky(symmetric(a)) + ops.cholesky(symmetric(a), upper=True) * 3
                        + ops.cholesky_inverse(ops.cholesky(symmetric(a))) + ops.logdet(symmetric(a)), [S]),
}


@pytest.mark.parametrize('name', sorted(GRADIENT_CASES))
def test_gradients_match_central_differences(name):
    fn, inputs = GRADIENT_CASES[name]
    check_gradients(fn, inputs)


# ---- bad input: the error names the op and says what is wrong ----------------------------------
@pytest.mark.parametrize('call, message', [
    (lambda: ops.eigh(R43), r'keras.ops.eigh: expected square matrices \(..., M, M\), got shape \(4, 3\)'),
    (lambda: ops.eig(V), 'keras.ops.eig: expected square matrices'),
    (lambda: ops.qr(V), r'keras.ops.qr: expected matrices \(..., M, N\)'),
    (lambda: ops.qr(R43, mode='r'), "keras.ops.qr: mode must be 'reduced' or 'complete'"),
    (lambda: ops.svd(V), 'keras.ops.svd'),
    (lambda: ops.cholesky(-S3), 'keras.ops.cholesky: the matrix is not positive definite'),
    (lambda: ops.solve_triangular(S3, np.ones(4, np.float32)), 'keras.ops.solve_triangular'),
    # Keras 3's words (its lstsq checks the rows first; fuzz6/p/c2.py)
    (lambda: ops.lstsq(R43, V), 'keras.ops.lstsq: Leading dimensions of input arrays must match'),
    (lambda: ops.logdet(R43), 'keras.ops.logdet: expected square matrices'),
    (lambda: ops.pinv('text'), 'keras.ops.pinv'),
])
def test_bad_input_raises_a_clear_error(call, message):
    with pytest.raises((TypeError, ValueError), match=message):
        call()
