"""tf.as_dtype reads TensorFlow's DataType enum numbers, as the subclassing guide's
``tf.zeros(1, 1)`` (shape 1, dtype 1 = float32) relies on.

Goldens from TensorFlow 2.21 (tf.as_dtype / tf.zeros / tf.constant on the same values).
"""
import re

import numpy as np
import pytest

import framework as tf
from framework import keras


@pytest.mark.parametrize('value, name', [
    (1, 'float32'), (2, 'float64'), (3, 'int32'), (4, 'uint8'), (7, 'string'), (9, 'int64'),
    (10, 'bool'), (19, 'float16'),
    # TensorFlow's lookup is a dict keyed by the enum: whatever hashes equal matches.
    (True, 'float32'), (1.0, 'float32'), (3.0, 'int32'), (np.int64(2), 'float64'),
    (np.float32(9.0), 'int64'),
    # A numpy integer that is no enum falls through to its own dtype.
    (np.int64(99), 'int64'), (np.int32(99), 'int32'),
])
def test_as_dtype_reads_datatype_enums(value, name):
    assert tf.as_dtype(value).name == name


@pytest.mark.parametrize('value', [0, False, 99, 3.5, -1])
def test_numbers_that_are_no_enum_are_typeerror(value):
    with pytest.raises(TypeError, match='^Cannot convert the argument `type_value`: %s to a TensorFlow DType'
                       % repr(value).replace('.', r'\.').replace('-', r'\-')):
        tf.as_dtype(value)


def test_ops_take_an_enum_for_dtype():
    # TF: tf.zeros(1, 1) -> tf.Tensor([0.], shape=(1,), dtype=float32)
    z = tf.zeros(1, 1)
    assert z.dtype == tf.float32 and z.shape == (1,)
    assert tf.ones(2, 3).dtype == tf.int32
    assert tf.zeros([2], 9).dtype == tf.int64
    assert tf.constant([1, 2], 2).dtype == tf.float64
    assert tf.cast([1.5], 3).numpy().tolist() == [1]
    assert tf.Variable(1.0, dtype=2).dtype == tf.float64


def test_dtype_equals_its_enum_as_in_tensorflow():
    # TF's DType.__eq__ converts the other side with as_dtype: tf.float32 == 1 is True there.
    assert tf.float32 == 1 and tf.int64 == 9
    assert not tf.float32 == 2


@pytest.mark.parametrize('make, text', [
    # Keras 3's standardize_dtype knows no enums: TF 2.21 + Keras 3 raise these ValueErrors.
    (lambda: keras.ops.cast([1.5], 3), '^Invalid dtype: 3\n'),
    (lambda: keras.ops.convert_to_tensor([1], dtype=1), '^Invalid dtype: 1\n'),
    (lambda: keras.layers.Layer().add_weight(shape=(1,), dtype=1), '^Invalid dtype: 1\n'),
    (lambda: keras.Variable(1.0, dtype=1), '^Invalid dtype: 1\n'),
    (lambda: keras.backend.standardize_dtype(np.int64(2)), '^Invalid dtype: 2\n'),
    (lambda: keras.backend.result_type(1), '^Invalid dtype: 1\n'),
    (lambda: keras.ops.cast([1.5], 'nope'), '^Invalid dtype: nope\n'),
    (lambda: keras.layers.Dense(2, dtype=1), r'^Cannot interpret `dtype` argument\. Expected a string or an '
                                             r'instance of DTypePolicy\. Received: dtype=1\n'),
    (lambda: keras.metrics.Mean(dtype=1), r'^Cannot interpret `dtype` argument\..*Received: dtype=1\n'),
])
def test_keras_entry_points_refuse_enums(make, text):
    with pytest.raises(ValueError) as caught:
        make()
    assert re.search(text, str(caught.value) + '\n')      # str(): the message without tapeflow's notes


def test_keras_ops_creation_passes_dtype_to_tensorflow():
    # Keras 3's TF backend hands zeros/ones/random dtypes to tf.* unchecked: TF reads the enum.
    assert keras.ops.zeros(2, dtype=1).dtype == tf.float32
    assert keras.ops.ones(2, dtype=3).dtype == tf.int32
    assert keras.backend.standardize_dtype('int') == 'int64'
