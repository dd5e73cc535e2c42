"""Python types as Keras 3.15 dtypes (its PYTHON_DTYPES_MAP on the TF backend): int is int64, str string,
complex complex128; bytes and object name no Keras dtype ('Invalid dtype: bytes', by the type's name).
Values and texts printed by Keras 3.15 / TF 2.21 (/work/notes/progs/errors28/p_keras_pytypes.py)."""
import pytest

import framework as tf
from framework import keras


@pytest.mark.parametrize('python_type, name', [
    (int, 'int64'), (float, 'float32'), (bool, 'bool'), (str, 'string'), (complex, 'complex128')])
def test_python_types_name_keras_dtypes(python_type, name):
    assert keras.backend.standardize_dtype(python_type) == name
    if python_type is not str:
        assert keras.ops.cast(tf.ones(2), python_type).dtype.name == name
        assert keras.Input((2,), dtype=python_type).dtype == name


@pytest.mark.parametrize('python_type', [bytes, object])
def test_bytes_and_object_are_invalid_keras_dtypes(python_type):
    text = 'Invalid dtype: %s' % python_type.__name__
    with pytest.raises(ValueError) as info:
        keras.backend.standardize_dtype(python_type)
    assert str(info.value) == text
    with pytest.raises(ValueError) as info:
        keras.ops.cast(tf.ones(2), python_type)
    assert str(info.value) == text
    with pytest.raises(ValueError) as info:
        keras.layers.Dense(2, dtype=python_type)
    assert str(info.value) == ('Cannot interpret `dtype` argument. Expected a string or an instance of DTypePolicy. '
                               'Received: dtype=%r' % python_type)
