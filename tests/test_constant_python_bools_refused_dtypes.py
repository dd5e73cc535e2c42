"""tf.constant / convert_to_tensor refuse Python bools for the dtypes TF 2.21's eager converter does not fill from
them, and complex numbers for bfloat16 (TF's TypeError; opsfuzz8's lead item, checked with /tmp/cb.py)."""
import pytest

import framework as tf


@pytest.mark.parametrize('dtype', [tf.int8, tf.int16, tf.uint8, tf.uint16, tf.uint32, tf.bfloat16, tf.complex64])
def test_python_bools_are_refused(dtype):
    with pytest.raises(TypeError, match='Cannot convert True to EagerTensor of dtype'):
        tf.constant(True, dtype)
    with pytest.raises(TypeError, match=r'Cannot convert \[True, False\] to EagerTensor of dtype'):
        tf.convert_to_tensor([True, False], dtype=dtype)


@pytest.mark.parametrize('dtype', [tf.int32, tf.int64, tf.uint64, tf.float16, tf.float32, tf.float64, tf.complex128,
                                   tf.bool])
def test_python_bools_convert_where_tf_converts_them(dtype):
    assert tf.constant([True, False], dtype).numpy().tolist() == [1, 0]


def test_complex_numbers_are_refused_for_bfloat16():
    with pytest.raises(TypeError, match=r'Cannot convert \(1\+2j\) to EagerTensor of dtype bfloat16'):
        tf.constant(1 + 2j, tf.bfloat16)
