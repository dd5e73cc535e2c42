"""keras.ops over bool / int8 / uint8 / bfloat16 arguments as Keras 3.15 on TF 2.21 computes them:
cumsum / cumprod with dtype='bool' cast first and count the bools in int32; searchsorted of bfloat16 searches and of a
bool sequence is LowerBound's missing CPU kernel (tapeflow refused both in its own words); vander of bools stays
bool (tapeflow gave int32); linspace / logspace into an int or bool dtype convert a Python end and cast it, so 2.7 is
2, -1.5 wraps in uint8, and bool ends meet Sub's registry refusal (tapeflow: "Cannot convert 0 to EagerTensor of
dtype bool").

Goldens: TF 2.21's outputs of /work/notes/progs/kerasops14/n2.py (53 of 53 lines equal after the fixes, 15 differed
before) and n1.py (83 calls x 10 dtypes: the vander, searchsorted, linspace and logspace lines).
"""
import numpy as np
import pytest

from framework import keras
from framework.errors import InvalidArgumentError, NotFoundError

ops = keras.ops

_X = np.array([0.0, 1.0, 2.0, 3.0, 0.5, 1.5], 'float32')


def _values(t):
    return np.asarray(ops.cast(t, 'float32') if t.dtype == 'bfloat16' else t).tolist()


def test_cumulative_ops_into_bool_count_in_int32():
    out = ops.cumsum(_X, dtype='bool')
    assert out.dtype == 'int32' and _values(out) == [0, 1, 2, 3, 4, 5]
    out = ops.cumprod(_X, dtype='bool')
    assert out.dtype == 'int32' and _values(out) == [0, 0, 0, 0, 0, 0]
    out = ops.cumsum(_X, dtype='int8')
    assert out.dtype == 'int8' and _values(out) == [0, 1, 3, 6, 6, 7]


def test_searchsorted_of_bfloat16():
    seq, values = ops.cast([0, 1, 2], 'bfloat16'), ops.cast([1, 0, 2], 'bfloat16')
    assert _values(ops.searchsorted(seq, values)) == [1, 0, 2]
    assert _values(ops.searchsorted(seq, values, side='right')) == [2, 1, 3]


@pytest.mark.parametrize('values_dtype', ['bool', 'int32'])
def test_searchsorted_of_a_bool_sequence_finds_no_kernel(values_dtype):
    with pytest.raises(NotFoundError) as caught:
        ops.searchsorted(ops.cast([0, 1, 2], 'bool'), ops.cast([1, 0, 2], values_dtype))
    cpu = ''.join("\n  device='CPU'; T in [DT_%s]; out_type in [DT_%s]" % (t, out) for out in ('INT64', 'INT32')
                  for t in ('DOUBLE', 'FLOAT', 'BFLOAT16', 'HALF', 'INT32', 'INT8', 'UINT8', 'INT16', 'UINT16',
                            'UINT32', 'INT64', 'UINT64'))
    assert str(caught.value) == (
        "Could not find device for node: {{node LowerBound}} = LowerBound[T=DT_BOOL, out_type=DT_INT32]\nAll kernels "
        "registered for op LowerBound:\n  device='XLA_CPU_JIT'; out_type in [DT_INT32, DT_INT64]; T in [DT_FLOAT, "
        "DT_DOUBLE, DT_INT32, DT_UINT8, DT_INT16, DT_INT8, DT_COMPLEX64, DT_INT64, DT_BOOL, DT_QINT8, DT_QUINT8, "
        "DT_QINT32, DT_BFLOAT16, DT_UINT16, DT_COMPLEX128, DT_HALF, DT_UINT32, DT_UINT64, DT_FLOAT8_E5M2, "
        "DT_FLOAT8_E4M3FN, DT_FLOAT8_E4M3FNUZ, DT_FLOAT8_E4M3B11FNUZ, DT_FLOAT8_E5M2FNUZ, DT_INT4, DT_UINT4]"
        + cpu + "\n [Op:LowerBound]")


def test_vander_of_bools_stays_bool():
    out = ops.vander(ops.cast([0, 1, 2], 'bool'))
    assert out.dtype == 'bool' and _values(out) == [[False, False, True], [True, True, True], [True, True, True]]
    out = ops.vander(ops.cast([0, 1, 2], 'bool'), 2, increasing=True)
    assert _values(out) == [[True, False], [True, True], [True, True]]


@pytest.mark.parametrize('call, dtype, expected', [
    (lambda: ops.linspace(0.5, 2.7, 3, dtype='int32'), 'int32', [0, 1, 2]),
    (lambda: ops.linspace(-1.5, 2.7, 4, dtype='uint8'), 'uint8', [255, 0, 1, 2]),
    (lambda: ops.logspace(0.5, 2.7, 3, dtype='int32'), 'int32', [1, 10, 100]),
    (lambda: ops.linspace(0, 300, 3, dtype='int8'), 'int8', [0, 22, 44]),
    (lambda: ops.linspace(0, 2, 3, dtype='bfloat16'), 'bfloat16', [0.0, 1.0, 2.0]),
])
def test_linspace_into_integers(call, dtype, expected):
    out = call()
    assert out.dtype == dtype and _values(out) == expected


@pytest.mark.parametrize('call', [
    lambda: ops.linspace(0, 2, 3, dtype='bool'), lambda: ops.logspace(0, 2, 3, dtype='bool'),
    lambda: ops.linspace(0, 1, 3, endpoint=False, dtype='bool'), lambda: ops.linspace(0, 1, 0, dtype='bool'),
])
def test_linspace_into_bool_is_subs_refusal(call):
    with pytest.raises(InvalidArgumentError) as caught:
        call()
    assert str(caught.value) == (
        "Value for attr 'T' of bool is not in the list of allowed values: bfloat16, half, float, double, uint8, int8, "
        "uint16, int16, int32, int64, complex64, complex128, uint32, uint64\n\t; NodeDef: {{node Sub}}; Op<name=Sub; "
        "signature=x:T, y:T -> z:T; attr=T:type,allowed=[DT_BFLOAT16, DT_HALF, DT_FLOAT, DT_DOUBLE, DT_UINT8, "
        "DT_INT8, DT_UINT16, DT_INT16, DT_INT32, DT_INT64, DT_COMPLEX64, DT_COMPLEX128, DT_UINT32, DT_UINT64]> "
        "[Op:Sub] name: ")
