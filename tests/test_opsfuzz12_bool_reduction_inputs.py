"""tf.reduce_any / reduce_all / math.logical_not convert non-tensor inputs to their kernels' bool
input as TF 2.21's eager fast path does: numpy arrays and numpy scalars by numpy's cast, an empty
Python list as an empty bool tensor; Python numbers and number lists still fail to convert, and
tensors of another dtype fail the kernel's input check."""
import numpy as np
import pytest

import framework as tf
from framework.errors import InvalidArgumentError


def test_empty_lists_reduce_to_the_identity():
    # TF 2.21 gives False / True (shape ()), [False] for reduce_any([[]], axis=-1), [] for logical_not([])
    assert tf.reduce_any([]).dtype == tf.bool and tf.reduce_any([]).numpy() == False  # noqa: E712
    assert tf.reduce_all([]).numpy() == True  # noqa: E712
    assert tf.reduce_any([[]], axis=-1).numpy().tolist() == [False]
    assert tf.reduce_all([[]], axis=0).numpy().shape == (0,)
    out = tf.math.logical_not([[]])
    assert out.dtype == tf.bool and out.shape == (1, 0)


def test_numpy_arrays_are_cast_to_bool():
    # TF 2.21: np.array([1., 0., nan]) -> any True, all False, logical_not [False, True, False]
    x = np.array([1., 0., np.nan])
    assert tf.reduce_any(x).numpy() == True  # noqa: E712
    assert tf.reduce_all(x).numpy() == False  # noqa: E712
    assert tf.math.logical_not(x).numpy().tolist() == [False, True, False]
    # TF 2.21: (0, 2) float64 zeros, axis=0 -> any [False, False], all [True, True]
    assert tf.reduce_any(np.zeros([0, 2]), axis=0).numpy().tolist() == [False, False]
    assert tf.reduce_all(np.zeros([0, 2]), axis=0).numpy().tolist() == [True, True]
    assert tf.reduce_all(np.array([], np.int32)).numpy() == True  # noqa: E712
    # strings and complex numbers too (TF 2.21: np.array(['a']) / np.array([1j]) all True)
    assert tf.reduce_all(np.array(['a'])).numpy() == True  # noqa: E712
    assert tf.math.logical_not(np.array([1j])).numpy().tolist() == [False]
    assert tf.reduce_any(np.float32(0)).numpy() == False  # noqa: E712
    assert tf.math.logical_not(np.float32(2)).numpy() == False  # noqa: E712


@pytest.mark.parametrize('op', [tf.reduce_any, tf.reduce_all, tf.math.logical_not])
@pytest.mark.parametrize('value', [[1, 0], 1, 0.0, [np.float32(1)]])
def test_python_numbers_do_not_convert(op, value):
    # TF 2.21: TypeError 'Cannot convert [1, 0] to EagerTensor of dtype bool' for each op
    with pytest.raises(TypeError) as info:
        op(value)
    assert str(info.value) == 'Cannot convert %r to EagerTensor of dtype bool' % (value,)


def test_tensors_of_another_dtype_fail_the_kernel_check():
    # TF 2.21: 'cannot compute Any as input #0(zero-based) was expected to be a bool tensor but is a
    # float tensor [Op:Any] name: '
    with pytest.raises(InvalidArgumentError) as info:
        tf.reduce_any(tf.zeros([0]))
    assert str(info.value).startswith('cannot compute Any as input #0(zero-based) was expected to be a bool '
                                      'tensor but is a float tensor [Op:Any]')
    with pytest.raises(InvalidArgumentError) as info:
        tf.math.logical_not(tf.constant([1, 0]))
    assert 'cannot compute LogicalNot as input #0(zero-based) was expected to be a bool tensor but is a ' \
           'int32 tensor' in str(info.value)
