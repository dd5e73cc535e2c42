"""tf.range of the integer dtypes TF 2.21 has no CPU kernel for, keras.ops.arange's float32 detour for them, and
tf.ones_like(x, dtype=tf.string). Golden values printed by TF 2.21 (/work/notes/progs/opsfuzz6/p06_create.py and
the t2 / t14 / t15 snippets quoted here)."""
import pytest

import framework as tf
from framework import keras
from framework.errors import InvalidArgumentError, NotFoundError

_RANGE = ("Could not find device for node: {{node Range}} = Range[Tidx=DT_%s]\nAll kernels registered for op Range:\n"
          "  device='XLA_CPU_JIT'; Tidx in [DT_FLOAT, DT_DOUBLE, DT_INT32, DT_INT16, DT_INT8, DT_INT64, DT_BFLOAT16, "
          "DT_UINT16, DT_HALF, DT_UINT32, DT_UINT64]\n  device='DEFAULT'; Tidx in [DT_INT32]\n  device='CPU'; Tidx in "
          "[DT_INT64]\n  device='CPU'; Tidx in [DT_INT32]\n  device='CPU'; Tidx in [DT_DOUBLE]\n  device='CPU'; Tidx in "
          "[DT_FLOAT]\n  device='CPU'; Tidx in [DT_BFLOAT16]\n  device='CPU'; Tidx in [DT_HALF]\n [Op:Range] name: ")


@pytest.mark.parametrize('dtype', ['int8', 'int16', 'uint16', 'uint32', 'uint64'])
def test_range_of_small_and_unsigned_ints_finds_no_cpu_kernel(dtype):
    # TF 2.21: tf.range(3, dtype='int8') -> NotFoundError (its text above, Tidx=DT_INT8)
    with pytest.raises(NotFoundError) as caught:
        tf.range(3, dtype=dtype)
    assert str(caught.value) == _RANGE % dtype.upper()


def test_range_dtypes_tf_computes_and_refuses():
    # TF 2.21: tf.range(3, dtype='bfloat16') -> bfloat16 [0, 1, 2]; float16 too; uint8 the Tidx registry error
    assert tf.range(3, dtype='bfloat16').dtype == tf.bfloat16
    assert tf.range(3, dtype='float16').numpy().tolist() == [0., 1., 2.]
    with pytest.raises(InvalidArgumentError, match="^Value for attr 'Tidx' of uint8 is not in the list"):
        tf.range(3, dtype='uint8')
    # tf.sequence_mask([1, 2], tf.constant(3, tf.int8)) -> the Range NotFoundError of DT_INT8
    with pytest.raises(NotFoundError) as caught:
        tf.sequence_mask([1, 2], tf.constant(3, tf.int8))
    assert str(caught.value) == _RANGE % 'INT8'


def test_keras_arange_counts_in_float32_where_range_has_no_kernel():
    # TF 2.21 / Keras 3: keras.ops.arange(3, dtype='int8') -> int8 [0 1 2]; arange(0, 6, 2, dtype='uint16') -> [0 2 4]
    out = keras.ops.arange(3, dtype='int8')
    assert out.dtype == tf.int8 and out.numpy().tolist() == [0, 1, 2]
    out = keras.ops.arange(0, 6, 2, dtype='uint16')
    assert out.dtype == tf.uint16 and out.numpy().tolist() == [0, 2, 4]


def test_ones_like_of_another_dtype_goes_through_ones():
    # TF 2.21: tf.ones_like(tf.constant([1]), dtype=tf.string) -> TypeError 'Cannot convert 1 to EagerTensor of dtype
    # string'; tf.ones_like(tf.constant(['a']), dtype=tf.string) -> OnesLike's registry InvalidArgumentError
    with pytest.raises(TypeError) as caught:
        tf.ones_like(tf.constant([1]), dtype=tf.string)
    assert str(caught.value) == 'Cannot convert 1 to EagerTensor of dtype string'
    with pytest.raises(InvalidArgumentError, match="^Value for attr 'T' of string is not in the list"):
        tf.ones_like(tf.constant(['a']), dtype=tf.string)
    # tf.ones_like(tf.constant(['a']), dtype=tf.int32) -> [1]; tf.zeros_like(tf.constant([1.]), dtype=tf.string) -> [b'']
    assert tf.ones_like(tf.constant(['a']), dtype=tf.int32).numpy().tolist() == [1]
    assert tf.zeros_like(tf.constant([1.]), dtype=tf.string).numpy().tolist() == [b'']
