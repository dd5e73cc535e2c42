"""Dtypes TensorFlow 2.21's op registry allows but for which it has no CPU kernel raise its NotFoundError,
kernel list and all: float16 Cholesky / Lu / Svd / SelfAdjointEigV2 / MatrixDeterminant / MatrixSolve /
MatrixTriangularSolve / MatrixSquareRoot / Erfinv / Ndtri / Rint / 3-D pools, complex Unique, integer RealDiv
(tapeflow computed them, or raised numpy's 'array type float16 is unsupported in linalg'). float16 inv and qr,
which TF does compute, now compute (they raised). Texts from /work/notes/progs/fuzz6/p/c1.py, c2.py."""
import numpy as np
import pytest

import framework as tf
from framework.keras import ops

NF = tf.errors.NotFoundError
H = np.array([[2., 1.], [1., 3.]], np.float16)
VOL = np.ones((1, 2, 2, 2, 1), np.float16)

CASES = [  # call, kernel, the node's attributes as TF prints them
    (lambda: tf.linalg.cholesky(H), 'Cholesky', 'T=DT_HALF'),
    (lambda: tf.linalg.logdet(H), 'Cholesky', 'T=DT_HALF'),
    (lambda: tf.linalg.lu(H), 'Lu', 'T=DT_HALF, output_idx_type=DT_INT32'),
    (lambda: tf.linalg.sqrtm(H), 'MatrixSquareRoot', 'T=DT_HALF'),
    (lambda: tf.math.erfinv(H), 'Erfinv', 'T=DT_HALF'),
    (lambda: tf.math.ndtri(H), 'Ndtri', 'T=DT_HALF'),
    (lambda: tf.math.erfcinv(H), 'Ndtri', 'T=DT_HALF'),
    (lambda: tf.math.rint(H), 'Rint', 'T=DT_HALF'),
    (lambda: tf.linalg.svd(H), 'Svd', 'T=DT_HALF, compute_uv=true, full_matrices=false'),
    (lambda: tf.linalg.svd(H, compute_uv=False), 'Svd', 'T=DT_HALF, compute_uv=false, full_matrices=false'),
    (lambda: tf.linalg.eigh(H), 'SelfAdjointEigV2', 'T=DT_HALF, compute_v=true'),
    (lambda: tf.linalg.eigvalsh(H), 'SelfAdjointEigV2', 'T=DT_HALF, compute_v=false'),
    (lambda: tf.linalg.det(H), 'MatrixDeterminant', 'T=DT_HALF'),
    (lambda: tf.linalg.slogdet(H), 'LogMatrixDeterminant', 'T=DT_HALF'),
    (lambda: tf.linalg.solve(H, H, adjoint=True), 'MatrixSolve', 'T=DT_HALF, adjoint=true'),
    (lambda: tf.linalg.triangular_solve(H, H, lower=False, adjoint=True), 'MatrixTriangularSolve',
     'T=DT_HALF, adjoint=true, lower=false'),
    (lambda: tf.nn.max_pool3d(VOL, 2, 2, 'SAME'), 'MaxPool3D',
     'T=DT_HALF, data_format="NDHWC", ksize=[1, 2, 2, 2, 1], padding="SAME", strides=[1, 2, 2, 2, 1]'),
    (lambda: tf.nn.avg_pool3d(VOL.astype(np.float64), 2, 1, 'VALID'), 'AvgPool3D',
     'T=DT_DOUBLE, data_format="NDHWC", ksize=[1, 2, 2, 2, 1], padding="VALID", strides=[1, 1, 1, 1, 1]'),
    (lambda: tf.unique(np.ones(3, np.complex64)), 'Unique', 'T=DT_COMPLEX64, out_idx=DT_INT32'),
    (lambda: tf.unique_with_counts(np.ones(3, np.complex128), out_idx=tf.int64), 'UniqueWithCounts',
     'T=DT_COMPLEX128, out_idx=DT_INT64'),
    (lambda: tf.realdiv(np.ones(3, np.int32), np.ones(3, np.int32)), 'RealDiv', 'T=DT_INT32'),
    (lambda: ops.svd(H), 'Svd', 'T=DT_HALF, compute_uv=true, full_matrices=true'),
    (lambda: ops.eigh(H), 'SelfAdjointEigV2', 'T=DT_HALF, compute_v=true'),
    (lambda: ops.lu_factor(H), 'Lu', 'T=DT_HALF, output_idx_type=DT_INT32'),
    (lambda: ops.lstsq(H, H), 'Svd', 'T=DT_HALF, compute_uv=true, full_matrices=false'),
    (lambda: ops.solve(H, H), 'MatrixSolve', 'T=DT_HALF, adjoint=false'),
    (lambda: ops.logdet(H), 'Cholesky', 'T=DT_HALF'),
    (lambda: ops.unique(np.ones(3, np.complex64)), 'Unique', 'T=DT_COMPLEX64, out_idx=DT_INT32'),
    (lambda: ops.isin(np.ones(3, np.complex64), np.ones(2, np.complex64)), 'Unique', 'T=DT_COMPLEX64, out_idx=DT_INT32'),
]


@pytest.mark.parametrize('call, kernel, attrs', CASES, ids=['%s-%d' % (c[1], i) for i, c in enumerate(CASES)])
def test_no_cpu_kernel_is_tensorflows_not_found_error(call, kernel, attrs):
    with pytest.raises(NF) as err:
        call()
    text = str(err.value)
    assert text.startswith('Could not find device for node: {{node %s}} = %s[%s]\nAll kernels registered for op %s:\n'
                           % (kernel, kernel, attrs, kernel)), text
    assert text.endswith('\n [Op:%s] name: ' % kernel)


def test_the_kernel_lists_are_tensorflows():
    with pytest.raises(NF) as err:
        tf.linalg.cholesky(H)
    assert str(err.value).split('\n')[2:7] == [
        "  device='XLA_CPU_JIT'; T in [DT_FLOAT, DT_DOUBLE, DT_COMPLEX64, DT_COMPLEX128, DT_HALF]",
        "  device='CPU'; T in [DT_COMPLEX128]", "  device='CPU'; T in [DT_COMPLEX64]", "  device='CPU'; T in [DT_DOUBLE]",
        "  device='CPU'; T in [DT_FLOAT]"]
    with pytest.raises(NF) as err:
        tf.linalg.lu(H)
    assert "  device='CPU'; T in [DT_FLOAT]; output_idx_type in [DT_INT64]" in str(err.value).split('\n')


def test_keras_cholesky_rewraps_it_as_keras_does():
    with pytest.raises(ValueError, match='Cholesky decomposition failed: Could not find device for node: '
                                         r'\{\{node Cholesky\}\} = Cholesky\[T=DT_HALF\]'):
        ops.cholesky(H)


def test_float16_inverse_and_qr_compute_as_tensorflow():
    # TF 2.21 has half MatrixInverse and Qr kernels (c2.py): inv(H) = [[0.6, -0.2], [-0.2, 0.4]] in float16
    out = tf.linalg.inv(H)
    assert out.dtype == tf.float16
    np.testing.assert_allclose(out, [[0.6, -0.2], [-0.2, 0.4]], atol=1e-3)
    assert ops.inv(H).dtype == tf.float16
    q, r = tf.linalg.qr(H)
    assert q.dtype == r.dtype == tf.float16
    np.testing.assert_allclose(np.asarray(q, np.float32) @ np.asarray(r, np.float32), H, atol=5e-3)
    np.testing.assert_allclose(np.abs(np.asarray(ops.qr(H)[1], np.float32)), [[2.2363, 2.2363], [0, 2.2363]],
                               atol=2e-3)


def test_what_tensorflow_computes_still_computes():
    assert tf.realdiv(np.ones(3, np.float32), 2.0).dtype == tf.float32
    assert tf.unique(np.array([1, 2, 1], np.int32)).y.shape == (2,)
    assert tf.linalg.cholesky(H.astype(np.float32)).dtype == tf.float32
    assert tf.nn.max_pool3d(VOL.astype(np.float32), 2, 2, 'SAME').shape == (1, 1, 1, 1, 1)
