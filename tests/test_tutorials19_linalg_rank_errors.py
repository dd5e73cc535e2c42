"""tf.linalg on a vector (guide/core/matrix_core's SVD, tried on the wrong tensor): TF 2.21's
eager kernels refuse rank < 2 in their own words ('Input tensor 0 must have rank >= 2, got 1',
Lu's 'Input tensor must have rank >= 2, got 1'), and matrix_rank / pinv check the dtype before the
rank with their Python texts, no op prefix. Texts printed by TF 2.21
(/work/notes/progs/tutorials19/linalg_rank.py, linalg_rank_dtype.py, matrix_core.py).
"""
import pytest

import framework as tf

_CPU = '/job:localhost/replica:0/task:0/device:CPU:0'


@pytest.mark.parametrize('function, kernel, text', [
    (tf.linalg.svd, 'Svd', 'Input tensor 0 must have rank >= 2, got 1'),
    (tf.linalg.qr, 'Qr', 'Input tensor 0 must have rank >= 2, got 1'),
    (tf.linalg.eigh, 'SelfAdjointEigV2', 'Input tensor 0 must have rank >= 2, got 1'),
    (tf.linalg.eigvalsh, 'SelfAdjointEigV2', 'Input tensor 0 must have rank >= 2, got 1'),
    (tf.linalg.eig, 'Eig', 'Input tensor 0 must have rank >= 2, got 1'),
    (tf.linalg.sqrtm, 'MatrixSquareRoot', 'Input tensor 0 must have rank >= 2, got 1'),
    (tf.linalg.lu, 'Lu', 'Input tensor must have rank >= 2, got 1'),
    (tf.linalg.inv, 'MatrixInverse', 'Input tensor 0 must have rank >= 2, got 1'),
    (tf.linalg.det, 'MatrixDeterminant', 'Input tensor 0 must have rank >= 2, got 1'),
    (tf.linalg.slogdet, 'LogMatrixDeterminant', 'Input tensor 0 must have rank >= 2, got 1')])
def test_kernel_rank_refusal(function, kernel, text):
    with pytest.raises(tf.errors.InvalidArgumentError) as info:
        function(tf.constant([1., 2.]))
    assert str(info.value) == '{{function_node __wrapped__%s_device_%s}} %s [Op:%s] name: ' % (kernel, _CPU, text,
                                                                                                  kernel)


@pytest.mark.parametrize('function', [tf.linalg.matrix_rank, tf.linalg.pinv])
@pytest.mark.parametrize('value, error, text', [
    ([1., 2.], ValueError, 'Input `a` must have at least 2 dimensions (saw: 1).'),
    ([1, 2], TypeError, 'Input `a` must have `float`-like `dtype` (saw int32).'),
    ([[1, 2], [3, 4]], TypeError, 'Input `a` must have `float`-like `dtype` (saw int32).'),
    ([True], TypeError, 'Input `a` must have `float`-like `dtype` (saw bool).')])
def test_python_checks_dtype_first(function, value, error, text):
    with pytest.raises(error) as info:
        function(tf.constant(value))
    assert str(info.value) == text


def test_matrices_still_decompose():
    assert tf.linalg.matrix_rank(tf.constant([[1., 2.], [2., 4.]])).numpy() == 1
    s, _, _ = tf.linalg.svd(tf.constant([[3., 0.], [2., 2.]]))
    assert s.shape == (2,)
