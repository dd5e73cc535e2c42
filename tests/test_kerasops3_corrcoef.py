"""keras.ops.corrcoef in Keras 3's TF-backend steps (values and dtypes from TF 2.21 on this AVX2 EPYC)."""
import numpy as np
import pytest

from framework import keras
from framework.errors import InvalidArgumentError

ops = keras.ops
A = np.array([[1, 5, 2, 8], [3, 3, 9, 1], [4, -7, 2, 2]])


def hexes(t):
    return [float(v).hex() for v in np.asarray(t).ravel()]


def test_int64_keeps_the_integer_mean_and_gives_float64():
    # TF 2.21 gives float64 [0.9999999999999998, -0.6085806194501846, -0.3205303823780162, ...]: the int64
    # mean truncates (a float mean would give -0.32108 for [0, 2], TF -0.32053)
    r = ops.corrcoef(A.astype('int64'))
    assert r.dtype.name == 'float64'
    np.testing.assert_allclose(np.asarray(r).ravel(), [0.9999999999999998, -0.6085806194501846, -0.3205303823780162,
                                                       -0.6085806194501846, 1.0, 0.13654800506215234,
                                                       -0.3205303823780162, 0.13654800506215234, 1.0], rtol=0, atol=0)


def test_uint8_wraps_nothing_and_computes_in_floatx():
    # TF 2.21: uint8 is cast to float32 first, so -7 wraps to 249 in the input only
    r = ops.corrcoef(A.astype('uint8'))
    assert r.dtype.name == 'float32'
    np.testing.assert_allclose(np.asarray(r)[0, 2], 0.20624807476997375, rtol=1e-6)
    np.testing.assert_allclose(np.asarray(r)[1, 2], -0.1945277452468872, rtol=1e-6)


def test_diagonal_of_ones_and_float16():
    # TF 2.21: int32 gives float32 1.0 (0x1p+0) on [0, 0]; float16's [1, 1] is 0.99951171875 (divides cov by the
    # outer product of the square roots, not twice by one root)
    assert hexes(ops.corrcoef(A.astype('int32')))[0] == '0x1.0000000000000p+0'
    r = ops.corrcoef(A.astype('float16'))
    assert r.dtype.name == 'float16'
    assert float(np.asarray(r)[1, 1]) == 0.99951171875
    assert float(np.asarray(r)[1, 2]) == float(np.asarray(r)[2, 1]) == 0.1368408203125


def test_scalar_is_nan_in_floatx():
    # TF 2.21: ops.corrcoef(np.float32(3.0)) and (np.int64(3)) are float32 NaN of shape ()
    for x in (np.float32(3.0), np.int64(3)):
        r = ops.corrcoef(x)
        assert r.dtype.name == 'float32' and tuple(r.shape) == () and np.isnan(np.asarray(r))


def test_rank3_broadcasts_or_fails_at_realdiv():
    # TF 2.21: (1, 2, 3) broadcasts to a (1, 2, 2, 2) NaN tensor; (2, 3, 3) is RealDiv's
    # 'Incompatible shapes: [2,3,3] vs. [2,3,2,3] [Op:RealDiv]'
    r = ops.corrcoef(np.ones((1, 2, 3), np.float32))
    assert tuple(r.shape) == (1, 2, 2, 2) and np.isnan(np.asarray(r)).all()
    with pytest.raises(InvalidArgumentError, match=r'Incompatible shapes: \[2,3,3\] vs. \[2,3,2,3\] \[Op:RealDiv\]'):
        ops.corrcoef(np.arange(18.).reshape(2, 3, 3).astype('float32'))
