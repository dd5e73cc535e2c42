"""keras.utils.split_dataset of one numpy array: the element dtypes TF 2.21 / Keras 3.15 give.

Keras lists the rows and hands the list to TF. The rows of a 1-D array are numpy scalars, which TF reads
as Python numbers: integers become int32 when they all fit (else int64), complex becomes complex128.
Whole rows (a 2-D array) and tuples of arrays keep their dtype. (Values from TF 2.21, fitgrid3 probes.)
"""
import numpy as np
import pytest

from framework import keras


@pytest.mark.parametrize('dtype, expected', [
    ('int8', 'int32'), ('uint8', 'int32'), ('int16', 'int32'), ('int32', 'int32'), ('int64', 'int32'),
    ('uint32', 'int32'), ('uint64', 'int32'), ('float16', 'float16'), ('float32', 'float32'),
    ('float64', 'float64'), ('bool', 'bool'), ('complex64', 'complex128')])
def test_rows_of_a_1d_array_are_read_as_python_numbers(dtype, expected):
    left, right = keras.utils.split_dataset(np.arange(4).astype(dtype), left_size=0.5, shuffle=False)
    assert left.element_spec.dtype.name == expected
    assert right.element_spec.dtype.name == expected


def test_integers_past_int32_make_that_half_int64():
    left, right = keras.utils.split_dataset(np.array([3_000_000_000, 1, 2, 4]), left_size=0.5, shuffle=False)
    assert left.element_spec.dtype.name == 'int64'
    assert [int(v) for v in left] == [3_000_000_000, 1]
    assert right.element_spec.dtype.name == 'int32'


def test_whole_rows_and_tuples_keep_their_dtype():
    left, _ = keras.utils.split_dataset(np.arange(12).reshape(6, 2), left_size=0.5, shuffle=False)
    assert left.element_spec.dtype.name == 'int64' and left.element_spec.shape == (2,)
    left, _ = keras.utils.split_dataset((np.arange(8), np.arange(8) * 10), left_size=0.8, shuffle=False)
    assert [spec.dtype.name for spec in left.element_spec] == ['int64', 'int64']
    assert [[int(a), int(b)] for a, b in left] == [[i, 10 * i] for i in range(6)]
