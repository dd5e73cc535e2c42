"""keras.ops functions that Keras 3 hands to TensorFlow's kernel without a cast: erf, erfc, erfinv,
rsqrt, reciprocal, logsumexp and normalize of integer, bool or complex tensors raise TF 2.21's
InvalidArgumentError on the TensorFlow backend (tapeflow cast them to float32 and computed). Classes
and texts printed by Keras 3 + TF 2.21 (/opt/tfref, /work/notes/progs/fuzz5/p/k2.py)."""
import numpy as np
import pytest

from framework import errors, keras

M = np.linspace(0.1, 0.6, 6, dtype=np.float32).reshape(2, 3)


@pytest.mark.parametrize('dtype', [np.int32, np.int64, bool, np.complex64])
@pytest.mark.parametrize('name, kernel', [('erf', 'Erf'), ('erfc', 'Erfc'), ('erfinv', 'Erfinv'),
                                          ('logsumexp', None)])
def test_real_kernels_refuse_integer_bool_and_complex(name, kernel, dtype):
    with pytest.raises(errors.InvalidArgumentError) as err:
        getattr(keras.ops, name)(M.astype(dtype))
    if kernel is not None:
        assert "Value for attr 'T' of %s is not in the list of allowed values: bfloat16, half, float, double" \
               % np.dtype(dtype).name in str(err.value)
        assert '{{node %s}}' % kernel in str(err.value)


@pytest.mark.parametrize('dtype', [np.int32, np.int64, bool])
@pytest.mark.parametrize('name', ['rsqrt', 'reciprocal', 'normalize'])
def test_float_kernels_refuse_integers_and_bools(name, dtype):
    # Reciprocal's registry takes int8-int64 but no CPU kernel computes them: TF 2.21 raises NotFoundError
    error = errors.NotFoundError if name == 'reciprocal' and dtype is not bool else errors.InvalidArgumentError
    with pytest.raises(error):
        getattr(keras.ops, name)(M.astype(dtype))


def test_normalize_names_rsqrt_as_tensorflow_does():
    with pytest.raises(errors.InvalidArgumentError) as err:
        keras.ops.normalize(M.astype(bool))      # Keras 3 reaches Rsqrt with the bools as int32
    assert str(err.value).startswith(
        "Value for attr 'T' of int32 is not in the list of allowed values: bfloat16, half, float, double, complex64, "
        "complex128\n\t; NodeDef: {{node Rsqrt}}")


def test_python_ints_are_int32_tensors_there_too():
    with pytest.raises(errors.InvalidArgumentError):
        keras.ops.erf(1)
    assert keras.ops.erf([0.5, 1.0]).dtype == 'float32'
    assert keras.ops.rsqrt(2.0).dtype == 'float32'


@pytest.mark.parametrize('dtype', [np.float16, np.float32, np.float64])
def test_floats_still_compute(dtype):
    for name in ('erf', 'erfc', 'erfinv', 'rsqrt', 'reciprocal', 'logsumexp', 'normalize'):
        assert getattr(keras.ops, name)(M.astype(dtype)).dtype == np.dtype(dtype).name


B = np.array([[True, False, True], [False, True, True]])


@pytest.mark.parametrize('call, kernel', [(lambda: keras.ops.negative(B), 'Neg'), (lambda: keras.ops.sign(B), 'Sign'),
                                          (lambda: keras.ops.round(B), 'Round'), (lambda: keras.ops.ptp(B), 'Max'),
                                          (lambda: keras.ops.moments(B, [0]), 'Mean')])
def test_bool_tensors_reach_the_kernel_uncast(call, kernel):
    # Keras 3 on TF casts no bool here (tapeflow summed them as int32): TF's registry refuses them
    with pytest.raises(errors.InvalidArgumentError) as err:
        call()
    assert "Value for attr 'T' of bool is not in the list of allowed values" in str(err.value)
    assert '{{node %s}}' % kernel in str(err.value)


def test_complex_parts_of_bools_as_tensorflow():
    with pytest.raises(TypeError, match=r"input must be a numeric tensor, but got tensor with dtype <dtype: 'bool'>"):
        keras.ops.real(B)
    for conj in (keras.ops.conj, keras.ops.conjugate):
        with pytest.raises(TypeError, match=r'Expected numeric or variant tensor, got dtype tf\.bool\.'):
            conj(B)
    zeros = keras.ops.imag(B)           # TF 2.21 + Keras 3: bool zeros of B's shape
    assert zeros.dtype == 'bool' and not zeros.numpy().any() and zeros.shape == (2, 3)
    # integers pass as before: round keeps them, real / conj return them
    assert keras.ops.round(np.array([1, 2])).numpy().tolist() == [1, 2]
    assert keras.ops.real(np.array([1, 2])).numpy().tolist() == [1, 2]


def test_bit_ops_refuse_bools_where_keras_does():
    # Keras 3 + TF 2.21 (/work/notes/progs/fuzz5/p/k4.py): a bool tensor shifted by a Python int converts the
    # int to bool; lcm takes integers only; gcd and a shift by an int tensor promote the bools
    ints, bools = np.array([0, 1], np.int32), np.array([False, True])
    for shift in (keras.ops.left_shift, keras.ops.bitwise_right_shift):
        with pytest.raises(TypeError, match='Cannot convert 3 to EagerTensor of dtype bool'):
            shift(bools, 3)
    with pytest.raises(TypeError, match=r'Arguments to lcm must be integers\. Received: x1\.dtype=int32, '
                                        r'x2\.dtype=bool'):
        keras.ops.lcm(ints, bools)
    assert keras.ops.left_shift(bools, ints).numpy().tolist() == [0, 2]
    assert keras.ops.gcd(bools, 3).numpy().tolist() == [3, 1]
    assert keras.ops.lcm(ints, 3).numpy().tolist() == [0, 3]


@pytest.mark.parametrize('dtype', [np.int32, bool])
def test_cholesky_inverse_of_integers_fails_as_keras_on_tensorflow(dtype):
    # Keras 3 wraps MatrixTriangularSolve's refusal in its own ValueError (TF 2.21, p/k5.py)
    with pytest.raises(ValueError, match="Cholesky inverse failed: Value for attr 'T' of %s is not in the list of "
                                         "allowed values: bfloat16, double, float, half, complex64, complex128"
                       % np.dtype(dtype).name):
        keras.ops.cholesky_inverse(np.array([[2, 1], [1, 3]]).astype(dtype))
    assert keras.ops.cholesky_inverse(np.array([[2., 0.], [1., 3.]], np.float32)).dtype == 'float32'
