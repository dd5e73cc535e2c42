"""argmax / argmin of string or complex tensors print TF 2.21's ArgMax / ArgMin registry text; tapeflow's sentence
is a note. Literals: TF 2.21's str(e), printed by /work/notes/progs/msgtext8/arg_tf.py under /opt/tfref (tf.argmax
ends with a ' name: ' tail, as TF 2.21 prints it for a tensor or array; keras.ops' calls have none)."""
import numpy as np
import pytest

import framework as tf
from framework import keras

COMPLEX = np.ones((2, 3), np.complex64)
STRINGS = np.array([['a', 'b', 'c'], ['d', 'e', 'f']])

CASES = [
    ('tf argmax complex', lambda: tf.argmax(COMPLEX),
     "Value for attr 'T' of complex64 is not in the list of allowed values: float, double, "
     'int32, uint8, int16, int8, int64, bfloat16, uint16, half, uint32, uint64, qint8, quint8, '
     'qint32, qint16, quint16, bool\n\t; NodeDef: {{node ArgMax}}; Op<name=ArgMax; '
     'signature=input:T, dimension:Tidx -> output:output_type; attr=T:type,allowed=[DT_FLOAT, '
     'DT_DOUBLE, DT_INT32, DT_UINT8, DT_INT16, DT_INT8, DT_INT64, DT_BFLOAT16, DT_UINT16, '
     'DT_HALF, DT_UINT32, DT_UINT64, DT_QINT8, DT_QUINT8, DT_QINT32, DT_QINT16, DT_QUINT16, '
     'DT_BOOL]; attr=Tidx:type,default=DT_INT32,allowed=[DT_INT16, DT_INT32, DT_INT64]; '
     'attr=output_type:type,default=DT_INT64,allowed=[DT_INT16, DT_UINT16, DT_INT32, DT_INT64]> '
     '[Op:ArgMax] name: '),      # (tf.argmax's fast path; Keras passes output_type='int32': no tail)
    ('keras argmax string', lambda: keras.ops.argmax(STRINGS),
     "Value for attr 'T' of string is not in the list of allowed values: float, double, int32, "
     'uint8, int16, int8, int64, bfloat16, uint16, half, uint32, uint64, qint8, quint8, qint32, '
     'qint16, quint16, bool\n\t; NodeDef: {{node ArgMax}}; Op<name=ArgMax; signature=input:T, '
     'dimension:Tidx -> output:output_type; attr=T:type,allowed=[DT_FLOAT, DT_DOUBLE, DT_INT32, '
     'DT_UINT8, DT_INT16, DT_INT8, DT_INT64, DT_BFLOAT16, DT_UINT16, DT_HALF, DT_UINT32, '
     'DT_UINT64, DT_QINT8, DT_QUINT8, DT_QINT32, DT_QINT16, DT_QUINT16, DT_BOOL]; '
     'attr=Tidx:type,default=DT_INT32,allowed=[DT_INT16, DT_INT32, DT_INT64]; '
     'attr=output_type:type,default=DT_INT64,allowed=[DT_INT16, DT_UINT16, DT_INT32, DT_INT64]> '
     '[Op:ArgMax]'),
    ('keras argmin complex', lambda: keras.ops.argmin(COMPLEX),
     "Value for attr 'T' of complex64 is not in the list of allowed values: float, double, "
     'int32, uint8, int16, int8, int64, bfloat16, uint16, half, uint32, uint64, qint8, quint8, '
     'qint32, qint16, quint16, bool\n\t; NodeDef: {{node ArgMin}}; Op<name=ArgMin; '
     'signature=input:T, dimension:Tidx -> output:output_type; attr=T:type,allowed=[DT_FLOAT, '
     'DT_DOUBLE, DT_INT32, DT_UINT8, DT_INT16, DT_INT8, DT_INT64, DT_BFLOAT16, DT_UINT16, '
     'DT_HALF, DT_UINT32, DT_UINT64, DT_QINT8, DT_QUINT8, DT_QINT32, DT_QINT16, DT_QUINT16, '
     'DT_BOOL]; attr=Tidx:type,default=DT_INT32,allowed=[DT_INT32, DT_INT64]; '
     'attr=output_type:type,default=DT_INT64,allowed=[DT_INT32, DT_INT64]> [Op:ArgMin]'),
    ('keras argmax complex axis', lambda: keras.ops.argmax(COMPLEX, axis=1),
     "Value for attr 'T' of complex64 is not in the list of allowed values: float, double, "
     'int32, uint8, int16, int8, int64, bfloat16, uint16, half, uint32, uint64, qint8, quint8, '
     'qint32, qint16, quint16, bool\n\t; NodeDef: {{node ArgMax}}; Op<name=ArgMax; '
     'signature=input:T, dimension:Tidx -> output:output_type; attr=T:type,allowed=[DT_FLOAT, '
     'DT_DOUBLE, DT_INT32, DT_UINT8, DT_INT16, DT_INT8, DT_INT64, DT_BFLOAT16, DT_UINT16, '
     'DT_HALF, DT_UINT32, DT_UINT64, DT_QINT8, DT_QUINT8, DT_QINT32, DT_QINT16, DT_QUINT16, '
     'DT_BOOL]; attr=Tidx:type,default=DT_INT32,allowed=[DT_INT16, DT_INT32, DT_INT64]; '
     'attr=output_type:type,default=DT_INT64,allowed=[DT_INT16, DT_UINT16, DT_INT32, DT_INT64]> '
     '[Op:ArgMax]'),
]


@pytest.mark.parametrize('name, call, text', CASES, ids=[case[0] for case in CASES])
def test_a_string_or_complex_tensor_prints_the_arg_kernels_text(name, call, text):
    with pytest.raises(tf.errors.InvalidArgumentError) as info:
        call()
    assert str(info.value) == text
    assert info.value.__notes__      # tapeflow's own sentence
