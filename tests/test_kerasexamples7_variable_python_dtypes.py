"""keras.Variable takes Keras's Python dtype names, as Keras 3 on TF 2.21.

keras.io's Swin Transformer keeps its relative position index in
``keras.Variable(initializer=relative_position_index, shape=..., dtype="int", trainable=False)``: Keras's
standardize_dtype maps 'int' and int to int64 (and float to float32); tapeflow checked the name so but
built the variable from the raw 'int', and raised TypeError "Cannot convert the argument `type_value`:
'int' to a TensorFlow DType." Golden: /work/notes/progs/kerasexamples7/p15.py (TF 2.21).
"""
import numpy as np
import pytest

from framework import keras


@pytest.mark.parametrize('dtype, expected', [('int', 'int64'), (int, 'int64'), (float, 'float32'), (bool, 'bool')])
@pytest.mark.parametrize('initializer', [np.array([1.5, 2.5]), 'zeros'])
def test_python_dtype_names(dtype, expected, initializer):
    v = keras.Variable(initializer=initializer, shape=(2,), dtype=dtype, trainable=False)
    assert v.dtype == expected      # TF 2.21 gives the same names
    # TF 2.21 holds [1, 2] for int ('int' truncates 1.5, 2.5), [1.5, 2.5] for float, [True, True] for bool
    if not isinstance(initializer, str):
        assert v.numpy().tolist() == {'int64': [1, 2], 'float32': [1.5, 2.5], 'bool': [True, True]}[expected]


def test_the_swin_relative_position_index():
    index = np.arange(16).reshape(4, 4)
    v = keras.Variable(initializer=index, shape=index.shape, dtype='int', trainable=False)
    table = np.arange(32, dtype='float32').reshape(16, 2)
    taken = keras.ops.take(table, keras.ops.reshape(v, (-1,)), axis=0)
    assert v.dtype == 'int64' and tuple(taken.shape) == (16, 2)
    assert np.asarray(taken)[5].tolist() == [10.0, 11.0]


def test_float_as_a_string_is_refused():
    with pytest.raises(ValueError, match='Invalid dtype: float'):       # TF 2.21's words
        keras.Variable(initializer=np.ones(2), shape=(2,), dtype='float')
