"""keras.initializers on bad shapes and non-float dtypes fail (or compute) as Keras 3 on TF 2.21.

Keras's Zeros / Ones / Identity / Constant call ops.zeros / ops.ones / gain * ops.eye / cast(value) * ops.ones,
its random initializers keras.random's draws, and Orthogonal multiplies the leading sizes in Python: each bad
input meets the error of the op it reaches first. Texts measured with TF 2.21 (probe
/work/notes/progs/errors46/c21.txt, c2.txt).
"""
import numpy as np
import pytest

import framework as tf
from framework import keras
from framework import errors

I = keras.initializers
NONE_TEXT = "Attempt to convert a value (None) with an unsupported type (<class 'NoneType'>) to a Tensor."
MIXED_TEXT = "Can't convert Python sequence with mixed types to Tensor."
FILL_NEGATIVE = '{{function_node __wrapped__Fill_device_/job:localhost/replica:0/task:0/device:CPU:0}} ' \
                'Dimension -1 must be >= 0 [Op:Fill] name: '


def _tshape_text(kernel, signature, named):
    return ("Value for attr 'Tshape' of float is not in the list of allowed values: int32, int64\n\t; NodeDef: "
            '{{node %s}}; Op<name=%s; signature=%s> [Op:%s]%s' % (kernel, kernel, signature, kernel,
                                                                    ' name: ' if named else ''))


RANDOM_V2 = ('shape:Tshape, key:uint64, counter:uint64, alg:int32 -> output:dtype; attr=dtype:type,default=DT_FLOAT,'
             'allowed=[DT_HALF, DT_BFLOAT16, DT_FLOAT, DT_DOUBLE]; attr=Tshape:type,default=DT_INT32,'
             'allowed=[DT_INT32, DT_INT64]')


def _raises(call, error_type, text):
    with pytest.raises(error_type) as info:
        call()
    assert type(info.value).__name__ == error_type.__name__      # (tapeflow's ConversionError prints as ValueError)
    assert str(info.value) == text


@pytest.mark.parametrize('make', [I.Zeros, I.Ones, lambda: I.Constant(2.)])
@pytest.mark.parametrize('shape, error_type, text', [
    ((-1, 2), errors.InvalidArgumentError, FILL_NEGATIVE),      # TF 2.21: Fill's kernel error
    ((None, 2), ValueError, NONE_TEXT),
    ((2.0, 2), TypeError, 'Cannot convert (2.0, 2) to EagerTensor of dtype int32'),
    (('a', 2), ValueError, MIXED_TEXT),
])
def test_fixed_value_initializers_refuse_bad_shapes_as_ops_ones(make, shape, error_type, text):
    _raises(lambda: make()(shape=shape), error_type, text)


@pytest.mark.parametrize('shape, error_type, text', [
    ((-1, 2), errors.InvalidArgumentError, FILL_NEGATIVE),
    ((None, 2), TypeError, 'Arguments `num_rows` and `num_columns` must be positive integer values. '
                           'Received: num_rows=None, num_columns=2'),
    ((2.0, 2), TypeError, 'Argument `N` must be an integer or an integer tensor.'),
    (('a', 2), TypeError, 'Arguments `num_rows` and `num_columns` must be positive integer values. '
                          'Received: num_rows=a, num_columns=2'),
])
def test_identity_refuses_bad_shapes_as_ops_eye(shape, error_type, text):
    _raises(lambda: I.Identity()(shape=shape), error_type, text)


def test_identity_of_an_unknown_length_is_tf_eye_error():
    # TF 2.21: TensorShape([None, 3]) unpacks to eye(None, 3)
    _raises(lambda: I.Identity()(shape=tf.TensorShape([None, 3])), TypeError,
            'Arguments `num_rows` and `num_columns` must be positive integer values. '
            'Received: num_rows=None, num_columns=3')


@pytest.mark.parametrize('dtype', ['int32', 'int64', 'uint8', 'bool'])
def test_identity_float_gain_does_not_convert_to_integer_or_bool(dtype):
    # TF 2.21: gain * ops.eye(..., dtype) converts the Python float 1.0 to the matrix's dtype
    _raises(lambda: I.Identity()(shape=(2, 2), dtype=dtype), TypeError,
            'Cannot convert 1.0 to EagerTensor of dtype %s' % dtype)


def test_identity_string_and_string_gain():
    # TF 2.21: ops.eye(dtype='string') fails converting its 1; a string gain fails converting to float
    _raises(lambda: I.Identity()(shape=(2, 2), dtype='string'), TypeError,
            'Cannot convert 1 to EagerTensor of dtype string')
    _raises(lambda: I.Identity(gain='a')(shape=(2, 3)), TypeError, "Cannot convert 'a' to EagerTensor of dtype float")


def test_identity_integer_gain_keeps_integer_matrix():
    r = I.Identity(gain=2)(shape=(2, 3), dtype='int32')      # TF 2.21: int32 [[2, 0, 0], [0, 2, 0]]
    assert r.dtype == tf.int32 and r.numpy().tolist() == [[2, 0, 0], [0, 2, 0]]


def test_zeros_and_ones_of_strings():
    r = I.Zeros()(shape=(2, 2), dtype='string')     # TF 2.21: [[b'', b''], [b'', b'']]
    assert r.dtype == tf.string and r.numpy().tolist() == [[b'', b''], [b'', b'']]
    _raises(lambda: I.Ones()(shape=(2, 2), dtype='string'), TypeError,
            'Cannot convert 1 to EagerTensor of dtype string')


def test_constant_float_into_strings_is_cast_error():
    _raises(lambda: I.Constant(2.)(shape=(2, 2), dtype='string'), errors.UnimplementedError,
            '{{function_node __wrapped__Cast_device_/job:localhost/replica:0/task:0/device:CPU:0}} '
            'Cast float to string is not supported [Op:Cast] name: ')


def test_zeros_of_a_bare_int_is_a_vector():
    r = I.Zeros()(shape=3)      # TF 2.21: ops.zeros(3) is float32 [0., 0., 0.]
    assert r.dtype == tf.float32 and r.numpy().tolist() == [0.0, 0.0, 0.0]


def test_constant_values_unchanged():
    # TF 2.21: 0.3 converts to float32 before the cast; a vector broadcasts over the rows
    assert I.Constant(0.3)(shape=(1,), dtype='float64').numpy().tolist() == [0.30000001192092896]
    assert I.Constant([1., 2.])(shape=(3, 2)).numpy().tolist() == [[1., 2.]] * 3
    assert I.Constant(2.7)(shape=(2,), dtype='int32').numpy().tolist() == [2, 2]


@pytest.mark.parametrize('make, kernel, named', [
    (I.RandomNormal, 'StatelessRandomNormalV2', False),
    (I.RandomUniform, 'StatelessRandomUniformV2', True),
    (I.TruncatedNormal, 'StatelessTruncatedNormalV2', False),
    (I.GlorotUniform, 'StatelessRandomUniformV2', True),
    (I.HeNormal, 'StatelessTruncatedNormalV2', False),
])
def test_random_initializers_refuse_float_sizes_in_the_draw_kernel(make, kernel, named):
    with pytest.raises(errors.InvalidArgumentError) as info:
        make(seed=1)(shape=(2.0, 2))
    assert str(info.value) == _tshape_text(kernel, RANDOM_V2, named)


@pytest.mark.parametrize('make', [I.RandomNormal, I.RandomUniform, I.TruncatedNormal])
def test_random_initializers_refuse_none_and_mixed_sizes_as_conversion(make):
    _raises(lambda: make(seed=1)(shape=(None, 2)), ValueError, NONE_TEXT)
    _raises(lambda: make(seed=1)(shape=('a', 2)), ValueError, MIXED_TEXT)


def test_random_normal_of_a_bare_int_is_the_kernel_vector_error():
    _raises(lambda: I.RandomNormal(seed=1)(shape=3), errors.InvalidArgumentError,
            '{{function_node __wrapped__StatelessRandomNormalV2_device_/job:localhost/replica:0/task:0/device:CPU:0}} '
            'shape must be a vector of {int32,int64}, got shape [] [Op:StatelessRandomNormalV2]')


def test_integer_random_uniform_refuses_like_randint_kernel():
    # TF 2.21: the integer draw is StatelessRandomUniformIntV2
    _raises(lambda: I.RandomUniform(0, 5, seed=1)(shape=(None, 3), dtype='int32'), ValueError, NONE_TEXT)
    with pytest.raises(errors.InvalidArgumentError) as info:
        I.RandomUniform(0, 5, seed=1)(shape=(2.0, 3), dtype='int32')
    assert "{{node StatelessRandomUniformIntV2}}" in str(info.value) and str(info.value).endswith(
        '[Op:StatelessRandomUniformIntV2] name: ')


def test_orthogonal_shape_errors_follow_keras_python_steps():
    # TF 2.21: Keras multiplies the leading sizes and compares them in Python
    _raises(lambda: I.Orthogonal(seed=1)(shape=(None, 2)), TypeError,
            "unsupported operand type(s) for *=: 'int' and 'NoneType'")
    _raises(lambda: I.Orthogonal(seed=1)(shape=('a', 2)), TypeError,
            "'>' not supported between instances of 'str' and 'int'")
    # (3.0, 2) draws a (3.0, 2) normal: the draw's kernel; (2.0, 2) draws (2, 2) and fails in Reshape
    with pytest.raises(errors.InvalidArgumentError) as info:
        I.Orthogonal(seed=1)(shape=(3.0, 2))
    assert str(info.value) == _tshape_text('StatelessRandomNormalV2', RANDOM_V2, False)
    with pytest.raises(errors.InvalidArgumentError) as info:
        I.Orthogonal(seed=1)(shape=(2.0, 2))
    assert str(info.value) == _tshape_text('Reshape', 'tensor:T, shape:Tshape -> output:T; attr=T:type; '
                                                      'attr=Tshape:type,default=DT_INT32,allowed=[DT_INT32, DT_INT64]',
                                           False)


def test_orthogonal_checks_rank_before_gain():
    # TF 2.21: the rank check comes first, a None gain fails only at the final product
    _raises(lambda: I.Orthogonal(gain=None, seed=1)(shape=(3,)), ValueError,
            'The tensor to initialize must be at least two-dimensional. Received: shape=(3,) of rank 1.')
    _raises(lambda: I.Orthogonal(gain=None, seed=1)(shape=(2, 3)), ValueError, NONE_TEXT)


def test_orthogonal_values_unchanged_for_integer_like_sizes():
    a = I.Orthogonal(seed=3)(shape=(np.int64(4), 3)).numpy()
    b = I.Orthogonal(seed=3)(shape=(4, 3)).numpy()
    assert a.shape == (4, 3) and np.array_equal(a, b)
