"""Python types as TensorFlow 2.21 dtypes: its as_dtype reads float, bool and object (float32, bool,
string) and refuses int, complex, str and bytes with its TypeError, at every op that takes a dtype
(tf.cast(x, int) is a numpy habit TF does not take). Keras's ops read int as int64 instead
(test_errors28_keras_python_dtypes). Texts printed by TF 2.21 (/work/notes/progs/errors28/j6.py)."""
import numpy as np
import pytest

import framework as tf
from framework import keras

_CALLS = [
    lambda t: tf.cast(tf.constant([1.5, 0.0]), t),
    lambda t: tf.constant([1, 0], dtype=t),
    lambda t: tf.convert_to_tensor([1, 0], dtype=t),
    lambda t: tf.Variable([1, 0], dtype=t),
    lambda t: tf.zeros(2, dtype=t),
    lambda t: tf.ones(2, t),
    lambda t: tf.range(3, dtype=t),
    lambda t: tf.as_dtype(t),
    lambda t: tf.TensorSpec((2,), t),
    lambda t: tf.one_hot([1], 2, dtype=t),
    lambda t: keras.ops.zeros(2, dtype=t),          # (Keras hands the dtype to tf.zeros as given)
]


@pytest.mark.parametrize('python_type', [int, complex, str, bytes])
@pytest.mark.parametrize('call', _CALLS)
def test_python_types_tf_refuses(call, python_type):
    with pytest.raises(TypeError) as info:
        call(python_type)
    assert str(info.value) == "Cannot convert the argument `type_value`: %r to a TensorFlow DType." % python_type


def test_python_types_tf_reads():
    assert tf.cast(tf.constant([1.5, 0.0]), float).dtype == tf.float32
    assert tf.cast(tf.constant([1.5, 0.0]), bool).numpy().tolist() == [True, False]
    assert tf.as_dtype(object) == tf.string
    assert tf.zeros(2, np.int64).dtype == tf.int64
    assert tf.zeros(2, np.dtype(int)).dtype == tf.int64       # a numpy dtype equal to int is no Python type


def test_keras_ops_standardize_python_types_first():
    assert keras.ops.convert_to_tensor([1, 0], dtype=int).dtype == tf.int64
    assert keras.ops.arange(3, dtype=int).dtype == tf.int64
    assert keras.Input((2,), dtype=str).dtype == 'string'
    with pytest.raises(ValueError) as info:
        keras.ops.convert_to_tensor([1, 0], dtype=object)
    assert str(info.value) == 'Invalid dtype: object'
