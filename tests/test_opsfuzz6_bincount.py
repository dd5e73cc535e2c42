"""tf.math.bincount through TF 2.21's wrapper and DenseBincount kernel: axis rules, minlength / maxlength
conversion, weights' shape and dtype, the kernel's checks in its words, float32 weights summed in float32.
Golden values printed by TF 2.21 (/work/notes/progs/opsfuzz6/p03_count.py, p09_bincount.py); each test names
its snippet."""
import numpy as np
import pytest

import framework as tf
from framework.errors import InvalidArgumentError, UnimplementedError

_KERNEL = '{{function_node __wrapped__DenseBincount_device_/job:localhost/replica:0/task:0/device:CPU:0}} %s ' \
          '[Op:DenseBincount] name: '
A = [1, 1, 3, 0, 3, 3]
M = [[1, 2, 2], [0, 0, 4]]


def _error(cls, fn):
    with pytest.raises(cls) as caught:
        fn()
    return str(caught.value)


def test_axis_minus_one_of_a_vector_counts_it_and_other_axes_are_the_wrappers_value_error():
    # TF 2.21: tf.math.bincount(tf.constant(A), axis=-1, minlength=6) -> [1 2 0 3 0 0]
    assert tf.math.bincount(tf.constant(A), axis=-1, minlength=6).numpy().tolist() == [1, 2, 0, 3, 0, 0]
    # bincount(M, axis=1) -> ValueError 'Unsupported value for argument axis=1. Only 0 and -1 are currently supported.'
    assert _error(ValueError, lambda: tf.math.bincount(tf.constant(M), axis=1)) == \
        'Unsupported value for argument axis=1. Only 0 and -1 are currently supported.'
    # bincount(zeros([2, 2, 2], int32), axis=-1) -> 'Shape must be at most rank 2 but is rank 3'
    assert _error(InvalidArgumentError, lambda: tf.math.bincount(tf.zeros([2, 2, 2], tf.int32), axis=-1)) == \
        _KERNEL % 'Shape must be at most rank 2 but is rank 3'


def test_minlength_and_maxlength_are_converted_to_arrs_dtype():
    # TF 2.21: bincount(A, minlength=-1) -> [1 2 0 3]; maxlength=-1 -> 'size (-1) must be non-negative'
    assert tf.math.bincount(tf.constant(A), minlength=-1).numpy().tolist() == [1, 2, 0, 3]
    assert _error(InvalidArgumentError, lambda: tf.math.bincount(tf.constant(A), maxlength=-1)) == \
        _KERNEL % 'size (-1) must be non-negative'
    # minlength=2.5 -> TypeError 'Cannot convert 2.5 to EagerTensor of dtype int32'
    assert _error(TypeError, lambda: tf.math.bincount(tf.constant(A), minlength=2.5)) == \
        'Cannot convert 2.5 to EagerTensor of dtype int32'


def test_weights_shape_and_dtype_are_the_kernels_checks():
    # TF 2.21: bincount(A, weights=tf.constant([], tf.float32)) -> float32 [1. 2. 0. 3.] (length 0: all ones)
    out = tf.math.bincount(tf.constant(A), weights=tf.constant([], tf.float32))
    assert out.dtype == tf.float32 and out.numpy().tolist() == [1., 2., 0., 3.]
    # bincount(M, weights=[[1., 2], [4, 5]]) -> '... Received [4]' (axis 0 flattens both); axis=-1 '... Received [2,2]'
    text = ('`weights` must be the same shape as `arr` or a length-0 `Tensor`, in which case it acts as all weights '
            'equal to 1. Received [%s]')
    w = tf.constant([[1., 2], [4, 5]])
    assert _error(InvalidArgumentError, lambda: tf.math.bincount(tf.constant(M), weights=w)) == _KERNEL % (text % '4')
    assert _error(InvalidArgumentError, lambda: tf.math.bincount(tf.constant(M), axis=-1, weights=w)) == \
        _KERNEL % (text % '2,2')
    # weights float16 -> "Value for attr 'T' of half is not in the list of allowed values: int32, int64, float, double"
    text = _error(InvalidArgumentError, lambda: tf.math.bincount(tf.constant(A), weights=tf.ones([6], tf.float16)))
    assert text.startswith("Value for attr 'T' of half is not in the list of allowed values: int32, int64, float, "
                           "double\n\t; NodeDef: {{node DenseBincount}}; Op<name=DenseBincount; signature=input:Tidx, "
                           "size:Tidx, weights:T -> output:T; attr=Tidx:type,allowed=[DT_INT32, DT_INT64]; ")
    assert text.endswith('attr=binary_output:bool,default=false> [Op:DenseBincount] name: ')
    # dtype=tf.bool -> the same error 'of bool'; uint8 arr -> "Value for attr 'Tidx' of uint8 ..."
    assert _error(InvalidArgumentError, lambda: tf.math.bincount(tf.constant(A), dtype=tf.bool)).startswith(
        "Value for attr 'T' of bool is not")
    assert _error(InvalidArgumentError, lambda: tf.math.bincount(tf.constant([1, 2], tf.uint8))).startswith(
        "Value for attr 'Tidx' of uint8 is not in the list of allowed values: int32, int64\n")


def test_negative_values_and_strings():
    # TF 2.21: bincount([[1, -1, -3], [-5, 0, 0]], axis=-1) -> "Input 'in' must be non-negative! Negative input value
    # found: -5"; a vector: 'Input arr must be non-negative!'
    assert _error(InvalidArgumentError, lambda: tf.math.bincount(tf.constant([[1, -1, -3], [-5, 0, 0]]), axis=-1)) \
        == _KERNEL % "Input 'in' must be non-negative! Negative input value found: -5"
    assert _error(InvalidArgumentError, lambda: tf.math.bincount(tf.constant([1, -1, -3]), axis=-1)) == \
        _KERNEL % 'Input arr must be non-negative!'
    # bincount(tf.constant(['a'])) -> UnimplementedError 'Cast string to int32 is not supported [Op:Cast] name: '
    assert _error(UnimplementedError, lambda: tf.math.bincount(tf.constant(['a']))).endswith(
        'Cast string to int32 is not supported [Op:Cast] name: ')


def test_float32_weights_add_up_in_float32_in_arrs_order():
    # TF 2.21 (np.random.RandomState(0): a = randint(0, 3, 5000) int32, w = rand(5000) float32 * 100):
    #   bincount(a, weights=w) -> hex ['0x1.4047860000000p+16', '0x1.5379ae0000000p+16', '0x1.49e3260000000p+16']
    #   (numpy's float64 bincount rounded gives 0x1.4047760000000p+16 ... instead)
    rng = np.random.RandomState(0)
    a = rng.randint(0, 3, 5000).astype('int32')
    w = rng.rand(5000).astype('float32') * 100
    out = tf.math.bincount(tf.constant(a), weights=tf.constant(w)).numpy()
    assert [float(x).hex() for x in out] == ['0x1.4047860000000p+16', '0x1.5379ae0000000p+16',
                                             '0x1.49e3260000000p+16']
    # the same weights by rows of 100 (axis=-1): the first two rows' counts
    rows = tf.math.bincount(tf.constant(a.reshape(50, 100)), weights=tf.constant(w.reshape(50, 100)), axis=-1)
    assert [float(x).hex() for x in rows.numpy()[:2].ravel()] == [
        '0x1.ba16020000000p+10', '0x1.8cad980000000p+10', '0x1.8021d40000000p+10', '0x1.c17f1a0000000p+10',
        '0x1.3c923e0000000p+10', '0x1.17ffa80000000p+11']
