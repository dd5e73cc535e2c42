"""keras.ops.saturate_cast checks its arguments in Keras 3.15's order and words, as on TF 2.21.

Goldens: TF 2.21's outputs for /work/notes/progs/kerasops13/k2.py (/opt/tfref; 19 of 21 lines equal after
the fix, 9 before): the dtype is standardized first ('Invalid dtype: foo', None is floatx), then x.dtype is
read (a list or a Python number has none: Python's AttributeError; tapeflow converted and computed), then
ml_dtypes' limits of both ('string' is numpy's "not inexact" ValueError); a complex target casts the clipped
values (tapeflow refused it).
"""
import numpy as np
import pytest

from framework import keras

ops = keras.ops
X = np.array([[0.5, -1.5, 2.0], [3.0, 0.25, -0.75]], np.float32)


@pytest.mark.parametrize('call, error, text', [
    (lambda: ops.saturate_cast(X, 'foo'), ValueError, 'Invalid dtype: foo'),
    (lambda: ops.saturate_cast(X, 'int4'), ValueError, 'Invalid dtype: int4'),
    (lambda: ops.saturate_cast([1.5, 300], 'foo'), ValueError, 'Invalid dtype: foo'),
    (lambda: ops.saturate_cast([1.5, 300], 'uint8'), AttributeError, "'list' object has no attribute 'dtype'"),
    (lambda: ops.saturate_cast(300.5, 'int8'), AttributeError, "'float' object has no attribute 'dtype'"),
    (lambda: ops.saturate_cast(X, 'string'), ValueError, "data type <class 'numpy.str_'> not inexact"),
    (lambda: ops.saturate_cast(np.array(['a']), 'float32'), ValueError, "data type <class 'numpy.str_'> not inexact"),
    (lambda: ops.saturate_cast(keras.Input((3,)), 'foo'), ValueError, 'Invalid dtype: foo'),
])
def test_saturate_cast_errors(call, error, text):
    with pytest.raises(error) as caught:
        call()
    assert str(caught.value) == text


def test_saturate_cast_dtypes():
    none = ops.saturate_cast(X, None)       # floatx
    assert (none.dtype.name, np.asarray(none).tolist()) == ('float32', X.tolist())
    to_complex = ops.saturate_cast(X, 'complex64')
    assert (to_complex.dtype.name, np.asarray(to_complex).tolist()) == ('complex64', X.astype('complex64').tolist())
    numpy_scalar = ops.saturate_cast(np.float32(300.5), 'int8')
    assert (numpy_scalar.dtype.name, int(numpy_scalar)) == ('int8', 127)
    assert np.asarray(ops.saturate_cast(X, np.int8)).tolist() == [[0, -1, 2], [3, 0, 0]]
