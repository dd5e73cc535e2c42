"""Keras 3's type promotion lattice as TF 2.21's Keras runs it (keras.backend.result_type and the
binary keras.ops), and keras.ops.prod's ignored dtype. Golden values printed by TF 2.21 / Keras 3:
    keras.backend.result_type(a, b) for the pairs below; keras.ops.add(x, y).dtype
"""
import numpy as np
import pytest

from framework import keras

rt = keras.backend.result_type


@pytest.mark.parametrize('args, expected', [
    # Python int / float are weak: the tensor's dtype wins
    (('int8', int), 'int8'), (('uint8', int), 'uint8'), (('int16', bool), 'int16'), ((bool, int), 'int32'),
    (('bfloat16', float), 'bfloat16'), (('float16', float), 'float16'), ((int, float), 'float32'),
    ((int, int), 'int32'), (('int8', float), 'float32'), (('bool', float), 'float32'),
    # uint64 and complex128 results narrow to uint32 / complex64 on TF too
    (('uint64',), 'uint32'), (('uint64', 'uint64'), 'uint32'), (('bool', 'uint64'), 'uint32'),
    (('complex128',), 'complex64'), (('float64', 'complex64'), 'complex64'), ((complex,), 'complex64'),
    (('int64', 'uint64'), 'float32'), (('uint64', 'int8'), 'float32'), (('uint8', 'int8'), 'int16'),
    (('bfloat16', 'float16'), 'float32'), (('int64', 'float16'), 'float16'), (('int8', 'uint8', 'float16'), 'float16'),
    ((), 'float32'), (('float32', None), 'float32'), (('string',), 'string'),
])
def test_result_type_follows_keras_lattice(args, expected):
    assert rt(*args) == expected


def test_result_type_refuses_string_with_numbers():
    with pytest.raises(ValueError, match="dtype='string' is not a valid dtype for Keras type promotion"):
        rt('int32', 'string')


def _dtype(t):
    return t.dtype.name


def test_binary_ops_narrow_uint64_and_complex128():
    u64 = np.array([3, 5], 'uint64')
    c128 = np.array([1 + 2j, 3j], 'complex128')
    # TF 2.21: add(u64, u64) uint32 [6 10]; add(u64, 1) uint32; add(c128, c128) complex64; mul(c128, f32) complex64
    out = keras.ops.add(u64, u64)
    assert _dtype(out) == 'uint32' and out.numpy().tolist() == [6, 10]
    assert _dtype(keras.ops.add(u64, 1)) == 'uint32'
    assert _dtype(keras.ops.maximum(u64, 1)) == 'uint32'
    assert _dtype(keras.ops.add(c128, c128)) == 'complex64'
    assert _dtype(keras.ops.multiply(c128, np.array([1, 2], 'float32'))) == 'complex64'
    assert _dtype(keras.ops.where([True, False], c128, 0.5)) == 'complex64'
    # a Python complex is a complex128 tensor to Keras: float64 + 1j is complex64
    assert _dtype(keras.ops.add(np.array([1.5], 'float64'), 1j)) == 'complex64'
    # single-operand ops keep the dtype
    assert _dtype(keras.ops.abs(u64)) == 'uint64'


def test_prod_ignores_dtype_on_tensorflow():
    # TF 2.21: prod(int8 [3, 4], dtype='float32') -> int8 12; int16 [300, 400] dtype='int32' -> int16 -11072;
    # float32 [3, 4.5] dtype='int32' -> float32 13.5; bool with dtype -> Prod's registry InvalidArgumentError
    out = keras.ops.prod(np.array([3, 4], 'int8'), dtype='float32')
    assert _dtype(out) == 'int8' and int(out) == 12
    out = keras.ops.prod(np.array([300, 400], 'int16'), dtype='int32')
    assert _dtype(out) == 'int16' and int(out) == -11072
    out = keras.ops.prod(np.array([3., 4.5], 'float32'), dtype='int32')
    assert _dtype(out) == 'float32' and float(out) == 13.5
    with pytest.raises(Exception, match="Value for attr 'T' of bool is not in the list"):
        keras.ops.prod(np.array([True, False]), dtype='int32')
    # without dtype: small ints multiply in int32 (TF 2.21: int8 [100, 100] -> int32 10000)
    out = keras.ops.prod(np.array([100, 100], 'int8'))
    assert _dtype(out) == 'int32' and int(out) == 10000


@pytest.mark.parametrize('cls', [list, tuple, dict])
def test_standardize_dtype_refuses_container_classes(cls):
    # TF 2.21: keras.backend.standardize_dtype(list) -> ValueError 'Invalid dtype: list'; so does
    # keras.ops.linspace([0, 1], [1, 3], 3), whose dtype Keras resolves from type(start)
    with pytest.raises(ValueError, match='^Invalid dtype: %s' % cls.__name__):
        keras.backend.standardize_dtype(cls)


def test_linspace_of_lists_is_kerass_dtype_error():
    with pytest.raises(ValueError, match='^Invalid dtype: list'):
        keras.ops.linspace([0, 1], [1, 3], 3)
