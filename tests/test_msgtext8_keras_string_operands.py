"""keras.ops given string tensors print Keras 3 / TF 2.21's own text: the type promotion's ValueError, or the
registry text of the kernel the op meets first (ops_dtypes._STRING_KERNELS); tapeflow's sentence is a note.
Literals: TF 2.21's str(e), printed by /work/notes/progs/msgtext8/kstr_tf.py under /opt/tfref."""
import numpy as np
import pytest

import framework as tf
from framework import keras

INVALID = tf.errors.InvalidArgumentError

STRINGS = np.array([['a', 'b', 'c'], ['d', 'e', 'f']])
FLOATS = np.ones((2, 3), np.float32)
MATRIX = np.array([['a', 'b'], ['c', 'd']])

CASES = [
    ('add', lambda: keras.ops.add(STRINGS, FLOATS), ValueError,
     "dtype='string' is not a valid dtype for Keras type promotion."),
    ('abs', lambda: keras.ops.abs(STRINGS), INVALID,
     "Value for attr 'T' of string is not in the list of allowed values: bfloat16, half, float, "
     'double, int8, int16, int32, int64\n\t; NodeDef: {{node Abs}}; Op<name=Abs; signature=x:T -> '
     'y:T; attr=T:type,allowed=[DT_BFLOAT16, DT_HALF, DT_FLOAT, DT_DOUBLE, DT_INT8, DT_INT16, '
     'DT_INT32, DT_INT64]> [Op:Abs] name: '),
    ('sum', lambda: keras.ops.sum(STRINGS), INVALID,
     "Value for attr 'T' of string is not in the list of allowed values: float, double, int32, "
     'uint8, int16, int8, complex64, int64, qint8, quint8, qint32, bfloat16, qint16, quint16, '
     'uint16, complex128, half, uint32, uint64\n\t; NodeDef: {{node Sum}}; Op<name=Sum; '
     'signature=input:T, reduction_indices:Tidx -> output:T; attr=keep_dims:bool,default=false; '
     'attr=T:type,allowed=[DT_FLOAT, DT_DOUBLE, DT_INT32, DT_UINT8, DT_INT16, DT_INT8, '
     'DT_COMPLEX64, DT_INT64, DT_QINT8, DT_QUINT8, DT_QINT32, DT_BFLOAT16, DT_QINT16, '
     'DT_QUINT16, DT_UINT16, DT_COMPLEX128, DT_HALF, DT_UINT32, DT_UINT64]; '
     'attr=Tidx:type,default=DT_INT32,allowed=[DT_INT32, DT_INT64]> [Op:Sum] name: '),
    ('std', lambda: keras.ops.std(STRINGS), INVALID,
     "Value for attr 'T' of string is not in the list of allowed values: float, double, int32, "
     'uint8, int16, int8, complex64, int64, qint8, quint8, qint32, bfloat16, qint16, quint16, '
     'uint16, complex128, half, uint32, uint64\n\t; NodeDef: {{node Mean}}; Op<name=Mean; '
     'signature=input:T, reduction_indices:Tidx -> output:T; attr=keep_dims:bool,default=false; '
     'attr=T:type,allowed=[DT_FLOAT, DT_DOUBLE, DT_INT32, DT_UINT8, DT_INT16, DT_INT8, '
     'DT_COMPLEX64, DT_INT64, DT_QINT8, DT_QUINT8, DT_QINT32, DT_BFLOAT16, DT_QINT16, '
     'DT_QUINT16, DT_UINT16, DT_COMPLEX128, DT_HALF, DT_UINT32, DT_UINT64]; '
     'attr=Tidx:type,default=DT_INT32,allowed=[DT_INT32, DT_INT64]> [Op:Mean] name: '),
    ('cumsum', lambda: keras.ops.cumsum(STRINGS), INVALID,
     "Value for attr 'T' of string is not in the list of allowed values: float, double, int32, "
     'uint8, int16, int8, complex64, int64, qint8, quint8, qint32, bfloat16, qint16, quint16, '
     'uint16, complex128, half, uint32, uint64\n\t; NodeDef: {{node Cumsum}}; Op<name=Cumsum; '
     'signature=x:T, axis:Tidx -> out:T; attr=exclusive:bool,default=false; '
     'attr=reverse:bool,default=false; attr=T:type,allowed=[DT_FLOAT, DT_DOUBLE, DT_INT32, '
     'DT_UINT8, DT_INT16, DT_INT8, DT_COMPLEX64, DT_INT64, DT_QINT8, DT_QUINT8, DT_QINT32, '
     'DT_BFLOAT16, DT_QINT16, DT_QUINT16, DT_UINT16, DT_COMPLEX128, DT_HALF, DT_UINT32, '
     'DT_UINT64]; attr=Tidx:type,default=DT_INT32,allowed=[DT_INT32, DT_INT64]> [Op:Cumsum] '
     'name: '),
    ('logdet', lambda: keras.ops.logdet(MATRIX), INVALID,
     "Value for attr 'T' of string is not in the list of allowed values: double, float, half, "
     'complex64, complex128\n\t; NodeDef: {{node Cholesky}}; Op<name=Cholesky; signature=input:T '
     '-> output:T; attr=T:type,allowed=[DT_DOUBLE, DT_FLOAT, DT_HALF, DT_COMPLEX64, '
     'DT_COMPLEX128]> [Op:Cholesky] name: '),
    ('nanmax', lambda: keras.ops.nanmax(STRINGS), INVALID,
     "Value for attr 'T' of string is not in the list of allowed values: float, double, int32, "
     'uint8, int16, int8, int64, bfloat16, uint16, half, uint32, uint64, qint8, quint8, qint32, '
     'qint16, quint16\n\t; NodeDef: {{node Max}}; Op<name=Max; signature=input:T, '
     'reduction_indices:Tidx -> output:T; attr=keep_dims:bool,default=false; '
     'attr=T:type,allowed=[DT_FLOAT, DT_DOUBLE, DT_INT32, DT_UINT8, DT_INT16, DT_INT8, '
     'DT_INT64, DT_BFLOAT16, DT_UINT16, DT_HALF, DT_UINT32, DT_UINT64, DT_QINT8, DT_QUINT8, '
     'DT_QINT32, DT_QINT16, DT_QUINT16]; attr=Tidx:type,default=DT_INT32,allowed=[DT_INT32, '
     'DT_INT64]> [Op:Max] name: '),
]


@pytest.mark.parametrize('name, call, kind, text', CASES, ids=[case[0] for case in CASES])
def test_a_string_tensor_prints_keras_and_tensorflows_text(name, call, kind, text):
    with pytest.raises(kind) as info:
        call()
    assert str(info.value) == text
    assert any('keras.ops.' + name in note for note in info.value.__notes__)
