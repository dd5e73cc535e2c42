"""What the keras.ops golden-value tests share: a GOLDEN table's parametrize mark, and the check
of a result against Keras 3's value and ``keras.ops.dtype``.

Each test module keeps its own ``eval(expression)``: the expressions name that module's inputs.
"""
import numpy as np
import pytest

from framework import keras


def golden(rows):
    """The parametrize mark of a table of (expression, Keras 3's value, Keras 3's dtype) rows."""
    return pytest.mark.parametrize('expression, expected, dtype', rows, ids=[row[0] for row in rows])


def check_keras_result(result, expected, dtype, atol):
    """``result`` has Keras 3's shape, value (rtol 2e-6, ``atol``) and dtype; a tuple ``dtype``
    stands for a tuple (or list) of results, each with its own value and dtype."""
    if isinstance(dtype, tuple):
        assert isinstance(result, (tuple, list)) and len(result) == len(dtype)
        for r, e, d in zip(result, expected, dtype):
            check_keras_result(r, e, d, atol)
        return
    got = np.asarray(result)
    assert got.shape == np.shape(expected)
    np.testing.assert_allclose(got.astype(np.float64), np.asarray(expected, np.float64), rtol=2e-6, atol=atol)
    assert keras.ops.dtype(result) == dtype
