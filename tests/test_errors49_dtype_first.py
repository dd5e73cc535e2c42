"""Bad dtypes are refused first, in TF 2.21's words (lead46's sweep, /work/notes/progs/errors49/p1.py)."""
import numpy as np
import pytest
import framework as tf

_NONE_DTYPE = "^Cannot convert the argument `type_value`: None to a TensorFlow DType."


def test_as_dtype_refuses_none():
    # TF 2.21 gives TypeError 'Cannot convert the argument `type_value`: None to a TensorFlow DType.'
    with pytest.raises(TypeError, match=_NONE_DTYPE):
        tf.as_dtype(None)
    assert tf.as_dtype('int64') is tf.int64 and tf.as_dtype(np.float16) is tf.float16
    assert tf.as_dtype(type_value='bool') is tf.bool


@pytest.mark.parametrize('op', ['zeros', 'ones'])
def test_zeros_ones_read_the_dtype_before_the_shape(op):
    # TF 2.21: tf.zeros(None, None) / tf.ones(None, None) are as_dtype's TypeError, not the shape's ValueError
    with pytest.raises(TypeError, match=_NONE_DTYPE):
        getattr(tf, op)(None, None)
    with pytest.raises(TypeError, match="^Cannot convert the argument `type_value`: 'abc' to a TensorFlow DType."):
        getattr(tf, op)(None, 'abc')
    with pytest.raises(ValueError):     # a good dtype: the shape's error stays
        getattr(tf, op)(None)


def test_cast_reads_the_dtype_before_x():
    # TF 2.21: tf.cast(None, None) is as_dtype's TypeError; tf.cast(None, tf.float32) the conversion's ValueError
    with pytest.raises(TypeError, match=_NONE_DTYPE):
        tf.cast(None, None)
    with pytest.raises(TypeError, match="^Cannot convert the argument `type_value`: 'abc' to a TensorFlow DType."):
        tf.cast(tf.ragged.constant([[1], [2, 3]]), 'abc')
    with pytest.raises(ValueError):
        tf.cast(None, tf.float32)
    r = tf.cast(tf.ragged.constant([[1], [2, 3]]), tf.float64)
    assert r.dtype == tf.float64 and r.to_list() == [[1.0], [2.0, 3.0]]
    s = tf.cast(tf.IndexedSlices(tf.constant([[1, 2]]), tf.constant([0])), 'float16')
    assert isinstance(s, tf.IndexedSlices) and s.values.dtype == tf.float16
