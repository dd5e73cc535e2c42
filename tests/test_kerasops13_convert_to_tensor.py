"""keras.ops.convert_to_tensor of Python bools at a float dtype goes through TF's conversion, as Keras 3.15 on
TF 2.21 hands it: float16 / float32 take True as 1.0, bfloat16 refuses it (tapeflow cast it to 1.0).

Goldens: TF 2.21's outputs for /work/notes/progs/kerasops13/k1.py (/opt/tfref; every value line equal after
the fix, 2 differed before; only numpy's RuntimeWarnings from Keras's saturate_cast limits remain).
"""
import numpy as np
import pytest

from framework import keras

ops = keras.ops


@pytest.mark.parametrize('value, text', [
    (True, 'Cannot convert True to EagerTensor of dtype bfloat16'),
    ([True, False], 'Cannot convert [True, False] to EagerTensor of dtype bfloat16'),
])
def test_python_bools_at_bfloat16_are_tfs_conversion_error(value, text):
    with pytest.raises(TypeError) as caught:
        ops.convert_to_tensor(value, dtype='bfloat16')
    assert str(caught.value) == text


@pytest.mark.parametrize('dtype, expected', [('float16', 1.0), ('int8', 1), ('int32', 1), ('bool', True)])
def test_python_bools_at_other_dtypes_convert(dtype, expected):
    t = ops.convert_to_tensor(True, dtype=dtype)
    assert (t.dtype.name, np.asarray(t).item()) == (dtype, expected)
    pair = ops.convert_to_tensor([True, False], dtype=dtype)
    assert (pair.dtype.name, np.asarray(pair).tolist()) == (dtype, [expected, type(expected)(0)])
