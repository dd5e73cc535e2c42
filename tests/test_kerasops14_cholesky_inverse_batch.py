"""keras.ops.cholesky_inverse of a batch of factors inverts each matrix, as Keras 3 on TF (tf.linalg.triangular_solve
broadcasts the identity over the batch); tapeflow solved through keras.ops.solve_triangular, which reads a 2-D
identity beside a 3-D batch as a batch of vectors, and returned one (2, 2) matrix for two.

Goldens: TF 2.21's float.hex of /work/notes/progs/kerasops14/e2.py (8 of 8 lines equal after the fix, 2 before).
"""
import numpy as np
import pytest

from framework import keras

FACTORS = np.array([[[2., 0.], [1., 3.]], [[3., 0.], [1., 2.]]], 'float32')
INVERSES = ['0x1.1c71c80000000p-2', '-0x1.c71c740000000p-5', '-0x1.c71c740000000p-5', '0x1.c71c740000000p-4',
            '0x1.1c71c80000000p-3', '-0x1.5555560000000p-4', '-0x1.5555560000000p-4', '0x1.0000000000000p-2']


@pytest.mark.parametrize('upper', [False, True])
def test_a_batch_of_factors(upper):
    factors = np.swapaxes(FACTORS, -1, -2) if upper else FACTORS
    out = keras.ops.cholesky_inverse(factors, upper=upper)
    assert tuple(out.shape) == (2, 2, 2) and out.dtype == 'float32'
    assert [float(v).hex() for v in np.asarray(out).ravel()] == INVERSES


def test_a_4d_float64_batch_and_one_matrix():
    out = keras.ops.cholesky_inverse(np.stack([FACTORS, FACTORS]).astype('float64'))
    assert tuple(out.shape) == (2, 2, 2, 2)
    assert [float(v).hex() for v in np.asarray(out).ravel()[:6]] == [
        '0x1.1c71c71c71c72p-2', '-0x1.c71c71c71c71cp-5', '-0x1.c71c71c71c71cp-5', '0x1.c71c71c71c71cp-4',
        '0x1.1c71c71c71c72p-3', '-0x1.5555555555555p-4']
    assert [float(v).hex() for v in np.asarray(keras.ops.cholesky_inverse(FACTORS[0])).ravel()] == INVERSES[:4]
