"""tf.argmax / tf.argmin axes as TF 2.21 takes them (argmax_v2's Python checks, the kernels' conversion and
scalar checks, a scalar input's range error) and tf.compat.v1's argmax(..., dimension=). Golden values printed
by TF 2.21 (/work/notes/progs/opsfuzz6/p03_count.py and the t6 / t7 snippets quoted here)."""
import numpy as np
import pytest

import framework as tf
from framework.errors import InvalidArgumentError

V = [[3, 1, 3], [2, 2, 1]]
_KERNEL = '{{function_node __wrapped__%s_device_/job:localhost/replica:0/task:0/device:CPU:0}} %s [Op:%s]'


def _error(cls, fn):
    with pytest.raises(cls) as caught:
        fn()
    return str(caught.value)


def test_argmax_checks_its_axis_in_python_first():
    v = tf.constant(V)
    # TF 2.21: tf.argmax(v, axis=[1]) -> TypeError 'axis must be int or Tensor with integer datatype' (also '1', 1.)
    for axis in ([1], '1', 1.):
        assert _error(TypeError, lambda: tf.argmax(v, axis=axis)) == 'axis must be int or Tensor with integer datatype'
    # axis=np.int64(1) -> TypeError 'axis tensor dtypes int64 is not supported' (a numpy dtype is no TF dtype)
    assert _error(TypeError, lambda: tf.argmax(v, axis=np.int64(1))) == 'axis tensor dtypes int64 is not supported'
    # axis=tf.constant(1.) -> "axis tensor dtypes <dtype: 'float32'> is not supported"
    assert _error(TypeError, lambda: tf.argmax(v, axis=tf.constant(1.))) == \
        "axis tensor dtypes <dtype: 'float32'> is not supported"
    # axis=tf.constant(1, tf.uint8) -> [0 0]; axis=True -> [0 0]
    assert tf.argmax(v, axis=tf.constant(1, tf.uint8)).numpy().tolist() == [0, 0]
    assert tf.argmax(v, axis=True).numpy().tolist() == [0, 0]


def test_argmin_leaves_its_axis_to_the_kernel():
    v = tf.constant(V)
    # TF 2.21: tf.argmin(v, axis=np.int64(1)) -> [1 2]
    assert tf.argmin(v, axis=np.int64(1)).numpy().tolist() == [1, 2]
    # axis=[1] -> 'dim must be a scalar, but received tensor of shape: [1] [Op:ArgMin]' (a list: no ' name: ' tail)
    assert _error(InvalidArgumentError, lambda: tf.argmin(v, axis=[1])) == \
        _KERNEL % ('ArgMin', 'dim must be a scalar, but received tensor of shape: [1]', 'ArgMin')
    # axis=tf.constant([1]) -> the same with ' name: '
    assert _error(InvalidArgumentError, lambda: tf.argmin(v, axis=tf.constant([1]))) == \
        _KERNEL % ('ArgMin', 'dim must be a scalar, but received tensor of shape: [1]', 'ArgMin') + ' name: '
    # axis=1. -> TypeError 'Cannot convert 1.0 to EagerTensor of dtype int32'
    assert _error(TypeError, lambda: tf.argmin(v, axis=1.)) == 'Cannot convert 1.0 to EagerTensor of dtype int32'
    # axis=tf.constant(1, tf.uint8) -> "Value for attr 'Tidx' of uint8 is not in the list of allowed values: int32,
    # int64\n\t; NodeDef: {{node ArgMin}}; ... [Op:ArgMin] name: "
    text = _error(InvalidArgumentError, lambda: tf.argmin(v, axis=tf.constant(1, tf.uint8)))
    assert text.startswith("Value for attr 'Tidx' of uint8 is not in the list of allowed values: int32, int64\n\t; "
                           "NodeDef: {{node ArgMin}}; Op<name=ArgMin; ") and text.endswith('[Op:ArgMin] name: ')


def test_scalar_input_is_the_kernels_range_error():
    # TF 2.21: tf.argmax(tf.constant(3.)) -> '... Expected dimension in the range [0, 0), but got 0 [Op:ArgMax] name: '
    assert _error(InvalidArgumentError, lambda: tf.argmax(tf.constant(3.))) == \
        _KERNEL % ('ArgMax', 'Expected dimension in the range [0, 0), but got 0', 'ArgMax') + ' name: '
    # tf.argmin(tf.constant(3.), axis=1) -> '... but got 1 [Op:ArgMin] name: '
    assert _error(InvalidArgumentError, lambda: tf.argmin(tf.constant(3.), axis=1)) == \
        _KERNEL % ('ArgMin', 'Expected dimension in the range [0, 0), but got 1', 'ArgMin') + ' name: '
    # tf.argmin([[1, 2]], axis=3) (a list input: TF's slow path) -> '... [-2, 2), but got 3 [Op:ArgMin]'
    assert _error(InvalidArgumentError, lambda: tf.argmin([[1, 2]], axis=3)) == \
        _KERNEL % ('ArgMin', 'Expected dimension in the range [-2, 2), but got 3', 'ArgMin')


def test_compat_v1_argmax_takes_dimension():
    v = tf.constant(V)
    # TF 2.21: tf.compat.v1.argmax(v, dimension=1) -> int64 [0 0]; tf.compat.v1.argmin(v, dimension=1,
    # output_type=tf.int32) -> int32 [1 2]; tf.compat.v1.math.argmax(v, dimension=1) -> [0 0]
    out = tf.compat.v1.argmax(v, dimension=1)
    assert out.dtype == tf.int64 and out.numpy().tolist() == [0, 0]
    out = tf.compat.v1.argmin(v, dimension=1, output_type=tf.int32)
    assert out.dtype == tf.int32 and out.numpy().tolist() == [1, 2]
    assert tf.compat.v1.math.argmax(v, dimension=1).numpy().tolist() == [0, 0]
    # argmax(v, axis=1, dimension=1) -> ValueError "Cannot specify both 'dimension' and 'axis'."
    assert _error(ValueError, lambda: tf.compat.v1.argmax(v, axis=1, dimension=1)) == \
        "Cannot specify both 'dimension' and 'axis'."
