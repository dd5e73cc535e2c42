"""Shape-like operands and output-dtype attributes TF 2.21's op registry refuses: a float shape, multiples,
paddings or perm (a Python list holding a float, or a float tensor; numpy float arrays are cast and taken),
Shape's out_type, ArgMax / ArgMin's output_type and Unique's out_idx outside their lists (tapeflow computed
with them). Literals: TF 2.21's output of /work/notes/progs/errors11/p/a1.py (a1_tf.txt)."""
import numpy as np
import pytest

import framework as tf

X = tf.constant([[1., 2., 3.], [4., 5., 6.]])

CASES = [
    ('reshape_f', lambda: tf.reshape(X, (3., 2.)),
     "Value for attr 'Tshape' of float is not in the list of allowed values: int32, int64\n\t; NodeDef: {{node Reshape}}; Op<name=Reshape; signature=tensor:T, shape:Tshape -> output:T; attr=T:type; attr=Tshape:type,default=DT_INT32,allowed=[DT_INT32, DT_INT64]> [Op:Reshape]"),
    ('reshape_ft', lambda: tf.reshape(X, tf.constant([3., 2.])),
     "Value for attr 'Tshape' of float is not in the list of allowed values: int32, int64\n\t; NodeDef: {{node Reshape}}; Op<name=Reshape; signature=tensor:T, shape:Tshape -> output:T; attr=T:type; attr=Tshape:type,default=DT_INT32,allowed=[DT_INT32, DT_INT64]> [Op:Reshape] name: "),
    ('reshape_mixed', lambda: tf.reshape(X, (3, 2.)),
     "Value for attr 'Tshape' of float is not in the list of allowed values: int32, int64\n\t; NodeDef: {{node Reshape}}; Op<name=Reshape; signature=tensor:T, shape:Tshape -> output:T; attr=T:type; attr=Tshape:type,default=DT_INT32,allowed=[DT_INT32, DT_INT64]> [Op:Reshape]"),
    ('tile_f', lambda: tf.tile(X, [1., 1.]),
     "Value for attr 'Tmultiples' of float is not in the list of allowed values: int32, int64\n\t; NodeDef: {{node Tile}}; Op<name=Tile; signature=input:T, multiples:Tmultiples -> output:T; attr=T:type; attr=Tmultiples:type,default=DT_INT32,allowed=[DT_INT32, DT_INT64]> [Op:Tile]"),
    ('tile_ft', lambda: tf.tile(X, tf.constant([1., 1.])),
     "Value for attr 'Tmultiples' of float is not in the list of allowed values: int32, int64\n\t; NodeDef: {{node Tile}}; Op<name=Tile; signature=input:T, multiples:Tmultiples -> output:T; attr=T:type; attr=Tmultiples:type,default=DT_INT32,allowed=[DT_INT32, DT_INT64]> [Op:Tile] name: "),
    ('pad_f', lambda: tf.pad(X, [[1., 1.], [0, 0]]),
     "Value for attr 'Tpaddings' of float is not in the list of allowed values: int32, int64\n\t; NodeDef: {{node Pad}}; Op<name=Pad; signature=input:T, paddings:Tpaddings -> output:T; attr=T:type; attr=Tpaddings:type,default=DT_INT32,allowed=[DT_INT32, DT_INT64]> [Op:Pad]"),
    ('transpose_f', lambda: tf.transpose(X, [1., 0.]),
     "Value for attr 'Tperm' of float is not in the list of allowed values: int32, int64\n\t; NodeDef: {{node Transpose}}; Op<name=Transpose; signature=x:T, perm:Tperm -> y:T; attr=T:type; attr=Tperm:type,default=DT_INT32,allowed=[DT_INT32, DT_INT64]> [Op:Transpose]"),
    ('shape_out_f', lambda: tf.shape(X, out_type=tf.float32),
     "Value for attr 'out_type' of float is not in the list of allowed values: int32, int64\n\t; NodeDef: {{node Shape}}; Op<name=Shape; signature=input:T -> output:out_type; attr=T:type; attr=out_type:type,default=DT_INT32,allowed=[DT_INT32, DT_INT64]> [Op:Shape] name: "),
    ('shape_out_i16', lambda: tf.shape(X, out_type=tf.int16),
     "Value for attr 'out_type' of int16 is not in the list of allowed values: int32, int64\n\t; NodeDef: {{node Shape}}; Op<name=Shape; signature=input:T -> output:out_type; attr=T:type; attr=out_type:type,default=DT_INT32,allowed=[DT_INT32, DT_INT64]> [Op:Shape] name: "),
    ('argmax_out_f', lambda: tf.argmax(X, output_type=tf.float32),
     "Value for attr 'output_type' of float is not in the list of allowed values: int16, uint16, int32, int64\n\t; NodeDef: {{node ArgMax}}; Op<name=ArgMax; signature=input:T, dimension:Tidx -> output:output_type; attr=T:type,allowed=[DT_FLOAT, DT_DOUBLE, DT_INT32, DT_UINT8, DT_INT16, DT_INT8, DT_INT64, DT_BFLOAT16, DT_UINT16, DT_HALF, DT_UINT32, DT_UINT64, DT_QINT8, DT_QUINT8, DT_QINT32, DT_QINT16, DT_QUINT16, DT_BOOL]; attr=Tidx:type,default=DT_INT32,allowed=[DT_INT16, DT_INT32, DT_INT64]; attr=output_type:type,default=DT_INT64,allowed=[DT_INT16, DT_UINT16, DT_INT32, DT_INT64]> [Op:ArgMax] name: "),
    ('argmin_out_f', lambda: tf.argmin(X, output_type=tf.float32),
     "Value for attr 'output_type' of float is not in the list of allowed values: int32, int64\n\t; NodeDef: {{node ArgMin}}; Op<name=ArgMin; signature=input:T, dimension:Tidx -> output:output_type; attr=T:type,allowed=[DT_FLOAT, DT_DOUBLE, DT_INT32, DT_UINT8, DT_INT16, DT_INT8, DT_INT64, DT_BFLOAT16, DT_UINT16, DT_HALF, DT_UINT32, DT_UINT64, DT_QINT8, DT_QUINT8, DT_QINT32, DT_QINT16, DT_QUINT16, DT_BOOL]; attr=Tidx:type,default=DT_INT32,allowed=[DT_INT32, DT_INT64]; attr=output_type:type,default=DT_INT64,allowed=[DT_INT32, DT_INT64]> [Op:ArgMin] name: "),
    ('argmax_out_u8', lambda: tf.argmax(X, output_type=tf.uint8),
     "Value for attr 'output_type' of uint8 is not in the list of allowed values: int16, uint16, int32, int64\n\t; NodeDef: {{node ArgMax}}; Op<name=ArgMax; signature=input:T, dimension:Tidx -> output:output_type; attr=T:type,allowed=[DT_FLOAT, DT_DOUBLE, DT_INT32, DT_UINT8, DT_INT16, DT_INT8, DT_INT64, DT_BFLOAT16, DT_UINT16, DT_HALF, DT_UINT32, DT_UINT64, DT_QINT8, DT_QUINT8, DT_QINT32, DT_QINT16, DT_QUINT16, DT_BOOL]; attr=Tidx:type,default=DT_INT32,allowed=[DT_INT16, DT_INT32, DT_INT64]; attr=output_type:type,default=DT_INT64,allowed=[DT_INT16, DT_UINT16, DT_INT32, DT_INT64]> [Op:ArgMax] name: "),
    ('unique_out_f', lambda: tf.unique([1, 2], out_idx=tf.float32),
     "Value for attr 'out_idx' of float is not in the list of allowed values: int32, int64\n\t; NodeDef: {{node Unique}}; Op<name=Unique; signature=x:T -> y:T, idx:out_idx; attr=T:type; attr=out_idx:type,default=DT_INT32,allowed=[DT_INT32, DT_INT64]> [Op:Unique]"),
]


@pytest.mark.parametrize('key, call, text', CASES, ids=[c[0] for c in CASES])
def test_registry_refusals(key, call, text):
    with pytest.raises(tf.errors.InvalidArgumentError) as info:
        call()
    assert str(info.value) == text


def test_numpy_float_operands_and_good_dtypes_are_taken():
    assert tf.reshape(X, np.array([3., 2.])).shape == (3, 2)
    assert tf.tile(X, np.array([1., 2.])).shape == (2, 6)
    assert tf.pad(X, np.array([[1., 1.], [0, 0]])).shape == (4, 3)
    assert tf.transpose(X, np.array([1., 0.])).shape == (3, 2)
    assert tf.size(X, out_type=tf.float32).numpy() == 6.0
    assert tf.argmax(X, output_type=tf.int16).dtype == tf.int16
    assert tf.shape(X, out_type=tf.int64).dtype == tf.int64
    assert tf.unique([1, 2], out_idx=tf.int64)[1].dtype == tf.int64
