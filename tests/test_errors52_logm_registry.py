"""tf.linalg.logm of a non-complex input is MatrixLogarithm's registry error, as TF 2.21 (its kernel takes complex64
/ complex128 only), with the ' name: ' tail for a tensor or numpy input and without it for a Python value; tapeflow
said 'logm: expected complex64 or complex128 matrices, got float32; ...' (int / string: 'expected a floating or
complex tensor ...')."""
import numpy as np
import pytest

import framework as tf

M = [[2., 0.], [0., 3.]]


def _text(dtype, tail):
    return ("Value for attr 'T' of %s is not in the list of allowed values: complex64, complex128\n\t; NodeDef: "
            "{{node MatrixLogarithm}}; Op<name=MatrixLogarithm; signature=input:T -> output:T; attr=T:type,allowed="
            "[DT_COMPLEX64, DT_COMPLEX128]> [Op:MatrixLogarithm]%s" % (dtype, ' name: ' if tail else ''))


@pytest.mark.parametrize('value,dtype,tail', [
    (lambda: tf.constant(M), 'float', True), (lambda: tf.constant(M, tf.float64), 'double', True),
    (lambda: tf.constant([[1, 0], [0, 1]]), 'int32', True), (lambda: tf.constant([[True]]), 'bool', True),
    (lambda: tf.constant(1.), 'float', True), (lambda: np.array(M), 'double', True),
    (lambda: np.array(M, np.float32), 'float', True), (lambda: M, 'float', False), (lambda: 'abc', 'string', False)],
    ids=['float32', 'float64', 'int32', 'bool', 'scalar', 'numpy64', 'numpy32', 'list', 'str'])
def test_non_complex_inputs(value, dtype, tail):
    # TF 2.21 gives InvalidArgumentError with these texts
    with pytest.raises(tf.errors.InvalidArgumentError) as info:
        tf.linalg.logm(value())
    assert str(info.value) == _text(dtype, tail)


def test_complex_still_computes():
    # TF 2.21: logm of diag(2, 3) as complex64 is diag(log 2, log 3)
    out = tf.linalg.logm(tf.complex(tf.constant(M), tf.zeros((2, 2))))
    assert out.dtype == tf.complex64
    np.testing.assert_allclose(out.numpy(), np.diag([np.log(2.), np.log(3.)]), rtol=1e-6)
