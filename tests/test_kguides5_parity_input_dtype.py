"""``Layer.input_dtype`` (Keras 3): the dtype a layer's call converts its inputs to.

Keras 3 gives it as the compute dtype, a Sequential's Input's dtype, and floatx for
Discretization. Goldens: TF 2.21 / Keras 3 (/work/notes/progs/kguides5/d28.py).
"""
import pytest

from framework import keras


@pytest.mark.parametrize('make, dtype', [
    (lambda: keras.layers.Dense(2), 'float32'),
    (lambda: keras.layers.Dense(2, dtype='mixed_float16'), 'float16'),
    (lambda: keras.layers.Dense(2, dtype='float64'), 'float64'),
    (lambda: keras.Sequential([keras.Input((3,), dtype='int32'), keras.layers.Embedding(5, 2)]), 'int32'),
    (lambda: keras.Sequential([keras.layers.Dense(1)]), 'float32'),
    (lambda: keras.layers.Discretization(bin_boundaries=[0.5]), 'float32'),
    (lambda: keras.layers.Embedding(5, 2), 'float32'),
    (lambda: keras.layers.StringLookup(), 'string'),
])
def test_input_dtype_as_keras(make, dtype):
    assert make().input_dtype == dtype


def test_input_dtype_has_no_setter():
    with pytest.raises(AttributeError):
        keras.layers.Dense(2).input_dtype = 'int32'
