"""tf.matmul converts a numpy first operand on its own and a second one with the first's dtype as a hint,
as TF 2.21 does; the reflected x @ w converts x to w's dtype first. Results printed by TF 2.21."""
import numpy as np
import pytest

import framework as tf
from framework.errors import InvalidArgumentError

_F32, _F64, _I64 = np.ones((2, 2), np.float32), np.ones((2, 2)), np.ones((2, 2), np.int64)
_TEXT = ('cannot compute MatMul as input #1(zero-based) was expected to be a %s tensor but is a %s tensor '
         '[Op:MatMul] name: ')


def _vars():
    return tf.Variable(np.ones((2, 2))), tf.Variable(tf.ones((2, 2)))


def test_numpy_data_against_a_variable_of_another_dtype_fails(monkeypatch):
    # printed by TF without oneDNN: where it runs (this Xeon), a float32 product names '_MklMatMul'
    monkeypatch.setenv('TF_ENABLE_ONEDNN_OPTS', '0')
    w64, w32 = _vars()
    with pytest.raises(InvalidArgumentError) as err:
        tf.matmul(_F32, w64)
    assert str(err.value) == _TEXT % ('float', 'double')
    with pytest.raises(InvalidArgumentError) as err:
        tf.linalg.matmul(_F64, w32)
    assert str(err.value) == _TEXT % ('double', 'float')


@pytest.mark.parametrize('make, dtype', [
    (lambda w64, w32: tf.matmul(w64, _F32), 'float64'),
    (lambda w64, w32: tf.matmul(w32, _F64), 'float32'),
    (lambda w64, w32: tf.matmul(_F32, _F64), 'float32'),
    (lambda w64, w32: tf.matmul(w32, _I64), 'float32'),
    (lambda w64, w32: _F32 @ w64, 'float64'),
    (lambda w64, w32: w64 @ _F32, 'float64'),
    (lambda w64, w32: _F64 @ w32, 'float32'),
    (lambda w64, w32: w32 @ _F64, 'float32'),
])
def test_the_second_operand_and_the_reflected_operator_convert(make, dtype):
    out = make(*_vars())
    assert out.dtype.name == dtype
    np.testing.assert_array_equal(out.numpy(), np.full((2, 2), 2.0))
