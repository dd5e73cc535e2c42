"""Random initializers given a non-float dtype do what Keras 3's do on TF 2.21: they call the backend's draws
(not keras.random's float-only checks), so an integer uniform draws integers and the other dtypes fail in TF's
ops. tapeflow refused them all with its own 'Random initializers make floating values only' ValueError. Also
tf.random.stateless_normal's dtype-attribute error carries the ' name: ' tail only for a tf.DType dtype, and
keras.random.normal names the string dtype 'string' and meets the kernel's attribute error for complex64.
Values and texts printed by TF 2.21 (/work/notes/progs/errors44/c21.txt, c22.txt, c24.txt, c25.txt, c26.txt)."""
import numpy as np
import pytest

import framework as tf
from framework import keras

_UNIFORM_DTYPE = ("Argument `dtype` got invalid value <dtype: '%s'>. Accepted dtypes are (tf.float16, tf.bfloat16, "
                  "tf.float32, tf.float64, tf.int32, tf.int64, tf.uint32, tf.uint64).")


def _attr_error(kernel, dtype, tail):
    return ("Value for attr 'dtype' of %s is not in the list of allowed values: half, bfloat16, float, double\n\t; "
            "NodeDef: {{node %s}}; Op<name=%s; signature=shape:Tshape, key:uint64, counter:uint64, alg:int32 -> "
            "output:dtype; attr=dtype:type,default=DT_FLOAT,allowed=[DT_HALF, DT_BFLOAT16, DT_FLOAT, DT_DOUBLE]; "
            "attr=Tshape:type,default=DT_INT32,allowed=[DT_INT32, DT_INT64]> [Op:%s]%s"
            % (dtype, kernel, kernel, kernel, tail))


@pytest.mark.parametrize('initializer, dtype, expected', [
    (keras.initializers.GlorotUniform(seed=1), 'int32', [[0, -1], [-1, -1], [0, -1]]),
    (keras.initializers.RandomUniform(-5, 5, seed=1), 'int32', [[4, -1], [-5, 1], [-4, -1]]),
    (keras.initializers.RandomUniform(-5, 5, seed=1), 'int64', [[-2, 1], [0, 1], [-5, 4]]),
])
def test_integer_uniform_draws(initializer, dtype, expected):
    values = initializer((3, 2), dtype=dtype)
    assert values.dtype == dtype and values.numpy().tolist() == expected


@pytest.mark.parametrize('make, dtype, error, text', [
    (keras.initializers.RandomNormal, 'int32', TypeError, 'Cannot convert 0.0 to EagerTensor of dtype int32'),
    (keras.initializers.TruncatedNormal, 'string', TypeError, 'Cannot convert 0.0 to EagerTensor of dtype string'),
    (keras.initializers.GlorotNormal, 'bool', TypeError, 'Cannot convert 0.0 to EagerTensor of dtype bool'),
    (keras.initializers.Orthogonal, 'int32', TypeError, 'Cannot convert 0.0 to EagerTensor of dtype int32'),
    (keras.initializers.RandomUniform, 'bool', ValueError, _UNIFORM_DTYPE % 'bool'),
    (keras.initializers.GlorotUniform, 'uint8', ValueError, _UNIFORM_DTYPE % 'uint8'),
    (keras.initializers.HeNormal, 'complex64', tf.errors.InvalidArgumentError,
     _attr_error('StatelessTruncatedNormalV2', 'complex64', '')),
])
def test_other_dtypes_fail_in_tfs_ops(make, dtype, error, text):
    with pytest.raises(error) as info:
        make()((2, 2), dtype=dtype)
    assert str(info.value) == text


def test_uniform_kernel_and_cast_errors():
    with pytest.raises(tf.errors.InvalidArgumentError, match=r'Need minval < maxval, got 0 >= 0 '
                                                             r'\[Op:StatelessRandomUniformIntV2\] name: '):
        keras.initializers.RandomUniform()((2, 2), dtype='int32')
    with pytest.raises(tf.errors.UnimplementedError, match=r'Cast float to string is not supported \[Op:Cast\]'):
        keras.initializers.GlorotUniform()((2, 2), dtype='string')


@pytest.mark.parametrize('dtype, tail', [
    ('complex64', ''), (np.complex64, ''), (tf.complex64, ' name: '), ('int32', ''), (tf.int32, ' name: '),
])
def test_stateless_normal_attr_error_tail_follows_the_dtype_argument(dtype, tail):
    with pytest.raises(tf.errors.InvalidArgumentError) as info:
        tf.random.stateless_normal([2], [1, 2], dtype=dtype, mean=0, stddev=1)
    name = tf.as_dtype(dtype).name
    assert str(info.value) == _attr_error('StatelessRandomNormalV2', name, tail)


def test_keras_random_normal_dtype_errors():
    with pytest.raises(TypeError) as info:
        keras.random.normal((2, 2), dtype='string', seed=1)
    assert str(info.value) == 'Cannot convert 0.0 to EagerTensor of dtype string'
    with pytest.raises(tf.errors.InvalidArgumentError) as info:
        keras.random.truncated_normal((2, 2), dtype='complex64', seed=1)
    assert str(info.value) == _attr_error('StatelessTruncatedNormalV2', 'complex64', '')
