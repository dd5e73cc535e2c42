"""tf.math.segment_* / unsorted_segment_* given data (or segment ids) of a dtype their kernel refuses print the
kernel's registry text (float_kernels.KERNELS' Segment* entries); tapeflow's sentence is a note. Literals:
TF 2.21's str(e), printed by /work/notes/progs/msgtext8/seg_tf.py and segid_tf.py under /opt/tfref."""
import numpy as np
import pytest

import framework as tf

BOOLS = np.array([[True, False, True], [False, True, True]])
STRINGS = np.array([['a', 'b', 'c'], ['d', 'e', 'f']])
COMPLEX = np.ones((2, 3), np.complex64)
IDS = np.array([0, 1], np.int32)

CASES = [
    ('segment_max bool', lambda: tf.math.segment_max(BOOLS, IDS),
     "Value for attr 'T' of bool is not in the list of allowed values: float, double, int32, "
     'uint8, int16, int8, int64, bfloat16, uint16, half, uint32, uint64\n\t; NodeDef: {{node '
     'SegmentMax}}; Op<name=SegmentMax; signature=data:T, segment_ids:Tindices -> output:T; '
     'attr=T:type,allowed=[DT_FLOAT, DT_DOUBLE, DT_INT32, DT_UINT8, DT_INT16, DT_INT8, '
     'DT_INT64, DT_BFLOAT16, DT_UINT16, DT_HALF, DT_UINT32, DT_UINT64]; '
     'attr=Tindices:type,allowed=[DT_INT32, DT_INT64]> [Op:SegmentMax]'),
    ('segment_min complex', lambda: tf.math.segment_min(COMPLEX, IDS),
     "Value for attr 'T' of complex64 is not in the list of allowed values: float, double, "
     'int32, uint8, int16, int8, int64, bfloat16, uint16, half, uint32, uint64\n\t; NodeDef: '
     '{{node SegmentMin}}; Op<name=SegmentMin; signature=data:T, segment_ids:Tindices -> '
     'output:T; attr=T:type,allowed=[DT_FLOAT, DT_DOUBLE, DT_INT32, DT_UINT8, DT_INT16, '
     'DT_INT8, DT_INT64, DT_BFLOAT16, DT_UINT16, DT_HALF, DT_UINT32, DT_UINT64]; '
     'attr=Tindices:type,allowed=[DT_INT32, DT_INT64]> [Op:SegmentMin] name: '),
    ('segment_sum bool', lambda: tf.math.segment_sum(BOOLS, IDS),
     "Value for attr 'T' of bool is not in the list of allowed values: float, double, int32, "
     'uint8, int16, int8, complex64, int64, qint8, quint8, qint32, bfloat16, qint16, quint16, '
     'uint16, complex128, half, uint32, uint64\n\t; NodeDef: {{node SegmentSum}}; '
     'Op<name=SegmentSum; signature=data:T, segment_ids:Tindices -> output:T; '
     'attr=T:type,allowed=[DT_FLOAT, DT_DOUBLE, DT_INT32, DT_UINT8, DT_INT16, DT_INT8, '
     'DT_COMPLEX64, DT_INT64, DT_QINT8, DT_QUINT8, DT_QINT32, DT_BFLOAT16, DT_QINT16, '
     'DT_QUINT16, DT_UINT16, DT_COMPLEX128, DT_HALF, DT_UINT32, DT_UINT64]; '
     'attr=Tindices:type,allowed=[DT_INT32, DT_INT64]> [Op:SegmentSum] name: '),
    ('segment_mean string', lambda: tf.math.segment_mean(STRINGS, IDS),
     "Value for attr 'T' of string is not in the list of allowed values: float, double, int32, "
     'uint8, int16, int8, complex64, int64, qint8, quint8, qint32, bfloat16, qint16, quint16, '
     'uint16, complex128, half, uint32, uint64\n\t; NodeDef: {{node SegmentMean}}; '
     'Op<name=SegmentMean; signature=data:T, segment_ids:Tindices -> output:T; '
     'attr=T:type,allowed=[DT_FLOAT, DT_DOUBLE, DT_INT32, DT_UINT8, DT_INT16, DT_INT8, '
     'DT_COMPLEX64, DT_INT64, DT_QINT8, DT_QUINT8, DT_QINT32, DT_BFLOAT16, DT_QINT16, '
     'DT_QUINT16, DT_UINT16, DT_COMPLEX128, DT_HALF, DT_UINT32, DT_UINT64]; '
     'attr=Tindices:type,allowed=[DT_INT32, DT_INT64]> [Op:SegmentMean] name: '),
    ('segment_prod bool', lambda: tf.math.segment_prod(BOOLS, IDS),
     "Value for attr 'T' of bool is not in the list of allowed values: float, double, int32, "
     'uint8, int16, int8, complex64, int64, qint8, quint8, qint32, bfloat16, qint16, quint16, '
     'uint16, complex128, half, uint32, uint64\n\t; NodeDef: {{node SegmentProd}}; '
     'Op<name=SegmentProd; signature=data:T, segment_ids:Tindices -> output:T; '
     'attr=T:type,allowed=[DT_FLOAT, DT_DOUBLE, DT_INT32, DT_UINT8, DT_INT16, DT_INT8, '
     'DT_COMPLEX64, DT_INT64, DT_QINT8, DT_QUINT8, DT_QINT32, DT_BFLOAT16, DT_QINT16, '
     'DT_QUINT16, DT_UINT16, DT_COMPLEX128, DT_HALF, DT_UINT32, DT_UINT64]; '
     'attr=Tindices:type,allowed=[DT_INT32, DT_INT64]> [Op:SegmentProd] name: '),
    ('unsorted_segment_max bool', lambda: tf.math.unsorted_segment_max(BOOLS, IDS, 2),
     "Value for attr 'T' of bool is not in the list of allowed values: float, double, int32, "
     'uint8, int16, int8, int64, bfloat16, uint16, half, uint32, uint64\n\t; NodeDef: {{node '
     'UnsortedSegmentMax}}; Op<name=UnsortedSegmentMax; signature=data:T, segment_ids:Tindices, '
     'num_segments:Tnumsegments -> output:T; attr=T:type,allowed=[DT_FLOAT, DT_DOUBLE, '
     'DT_INT32, DT_UINT8, DT_INT16, DT_INT8, DT_INT64, DT_BFLOAT16, DT_UINT16, DT_HALF, '
     'DT_UINT32, DT_UINT64]; attr=Tindices:type,allowed=[DT_INT32, DT_INT64]; '
     'attr=Tnumsegments:type,default=DT_INT32,allowed=[DT_INT32, DT_INT64]> '
     '[Op:UnsortedSegmentMax] name: '),
    ('unsorted_segment_min string', lambda: tf.math.unsorted_segment_min(STRINGS, IDS, 2),
     "Value for attr 'T' of string is not in the list of allowed values: float, double, int32, "
     'uint8, int16, int8, int64, bfloat16, uint16, half, uint32, uint64\n\t; NodeDef: {{node '
     'UnsortedSegmentMin}}; Op<name=UnsortedSegmentMin; signature=data:T, segment_ids:Tindices, '
     'num_segments:Tnumsegments -> output:T; attr=T:type,allowed=[DT_FLOAT, DT_DOUBLE, '
     'DT_INT32, DT_UINT8, DT_INT16, DT_INT8, DT_INT64, DT_BFLOAT16, DT_UINT16, DT_HALF, '
     'DT_UINT32, DT_UINT64]; attr=Tindices:type,allowed=[DT_INT32, DT_INT64]; '
     'attr=Tnumsegments:type,default=DT_INT32,allowed=[DT_INT32, DT_INT64]> '
     '[Op:UnsortedSegmentMin] name: '),
    ('unsorted_segment_sum bool', lambda: tf.math.unsorted_segment_sum(BOOLS, IDS, 2),
     "Value for attr 'T' of bool is not in the list of allowed values: float, double, int32, "
     'uint8, int16, int8, complex64, int64, qint8, quint8, qint32, bfloat16, qint16, quint16, '
     'uint16, complex128, half, uint32, uint64\n\t; NodeDef: {{node UnsortedSegmentSum}}; '
     'Op<name=UnsortedSegmentSum; signature=data:T, segment_ids:Tindices, '
     'num_segments:Tnumsegments -> output:T; attr=T:type,allowed=[DT_FLOAT, DT_DOUBLE, '
     'DT_INT32, DT_UINT8, DT_INT16, DT_INT8, DT_COMPLEX64, DT_INT64, DT_QINT8, DT_QUINT8, '
     'DT_QINT32, DT_BFLOAT16, DT_QINT16, DT_QUINT16, DT_UINT16, DT_COMPLEX128, DT_HALF, '
     'DT_UINT32, DT_UINT64]; attr=Tindices:type,allowed=[DT_INT16, DT_INT32, DT_INT64]; '
     'attr=Tnumsegments:type,default=DT_INT32,allowed=[DT_INT32, DT_INT64]> '
     '[Op:UnsortedSegmentSum] name: '),
    ('unsorted_segment_prod string', lambda: tf.math.unsorted_segment_prod(STRINGS, IDS, 2),
     "Value for attr 'T' of string is not in the list of allowed values: float, double, int32, "
     'uint8, int16, int8, complex64, int64, qint8, quint8, qint32, bfloat16, qint16, quint16, '
     'uint16, complex128, half, uint32, uint64\n\t; NodeDef: {{node UnsortedSegmentProd}}; '
     'Op<name=UnsortedSegmentProd; signature=data:T, segment_ids:Tindices, '
     'num_segments:Tnumsegments -> output:T; attr=T:type,allowed=[DT_FLOAT, DT_DOUBLE, '
     'DT_INT32, DT_UINT8, DT_INT16, DT_INT8, DT_COMPLEX64, DT_INT64, DT_QINT8, DT_QUINT8, '
     'DT_QINT32, DT_BFLOAT16, DT_QINT16, DT_QUINT16, DT_UINT16, DT_COMPLEX128, DT_HALF, '
     'DT_UINT32, DT_UINT64]; attr=Tindices:type,allowed=[DT_INT32, DT_INT64]; '
     'attr=Tnumsegments:type,default=DT_INT32,allowed=[DT_INT32, DT_INT64]> '
     '[Op:UnsortedSegmentProd] name: '),
    ('unsorted_segment_mean bool', lambda: tf.math.unsorted_segment_mean(BOOLS, IDS, 2),
     "Value for attr 'T' of bool is not in the list of allowed values: float, double, int32, "
     'uint8, int16, int8, complex64, int64, qint8, quint8, qint32, bfloat16, qint16, quint16, '
     'uint16, complex128, half, uint32, uint64\n\t; NodeDef: {{node UnsortedSegmentSum}}; '
     'Op<name=UnsortedSegmentSum; signature=data:T, segment_ids:Tindices, '
     'num_segments:Tnumsegments -> output:T; attr=T:type,allowed=[DT_FLOAT, DT_DOUBLE, '
     'DT_INT32, DT_UINT8, DT_INT16, DT_INT8, DT_COMPLEX64, DT_INT64, DT_QINT8, DT_QUINT8, '
     'DT_QINT32, DT_BFLOAT16, DT_QINT16, DT_QUINT16, DT_UINT16, DT_COMPLEX128, DT_HALF, '
     'DT_UINT32, DT_UINT64]; attr=Tindices:type,allowed=[DT_INT16, DT_INT32, DT_INT64]; '
     'attr=Tnumsegments:type,default=DT_INT32,allowed=[DT_INT32, DT_INT64]> '
     '[Op:UnsortedSegmentSum] name: '),
    ('unsorted_segment_sqrt_n bool', lambda: tf.math.unsorted_segment_sqrt_n(BOOLS, IDS, 2),
     "Value for attr 'T' of bool is not in the list of allowed values: float, double, int32, "
     'uint8, int16, int8, complex64, int64, qint8, quint8, qint32, bfloat16, qint16, quint16, '
     'uint16, complex128, half, uint32, uint64\n\t; NodeDef: {{node UnsortedSegmentSum}}; '
     'Op<name=UnsortedSegmentSum; signature=data:T, segment_ids:Tindices, '
     'num_segments:Tnumsegments -> output:T; attr=T:type,allowed=[DT_FLOAT, DT_DOUBLE, '
     'DT_INT32, DT_UINT8, DT_INT16, DT_INT8, DT_COMPLEX64, DT_INT64, DT_QINT8, DT_QUINT8, '
     'DT_QINT32, DT_BFLOAT16, DT_QINT16, DT_QUINT16, DT_UINT16, DT_COMPLEX128, DT_HALF, '
     'DT_UINT32, DT_UINT64]; attr=Tindices:type,allowed=[DT_INT16, DT_INT32, DT_INT64]; '
     'attr=Tnumsegments:type,default=DT_INT32,allowed=[DT_INT32, DT_INT64]> '
     '[Op:UnsortedSegmentSum] name: '),
]


@pytest.mark.parametrize('name, call, text', CASES, ids=[case[0] for case in CASES])
def test_a_refused_data_dtype_prints_the_segment_kernels_registry_text(name, call, text):
    with pytest.raises(tf.errors.InvalidArgumentError) as info:
        call()
    assert str(info.value) == text
    assert any(name.split()[0] + ': data must be' in note for note in info.value.__notes__)


def test_complex_data_the_kernel_takes_keeps_tapeflows_words():
    # TF 2.21 fails in a Maximum for a complex unsorted_segment_mean; tapeflow refuses it earlier, in its own words
    with pytest.raises(tf.errors.InvalidArgumentError, match='unsorted_segment_mean: data must be a real'):
        tf.math.unsorted_segment_mean(COMPLEX, IDS, 2)


DATA = np.ones((2, 3), np.float32)
ID_CASES = [
    ('segment_max float', lambda: tf.math.segment_max(DATA, [0.0, 1.0]),
     "Value for attr 'Tindices' of float is not in the list of allowed values: int32, int64\n\t; "
     'NodeDef: {{node SegmentMax}}; Op<name=SegmentMax; signature=data:T, segment_ids:Tindices '
     '-> output:T; attr=T:type,allowed=[DT_FLOAT, DT_DOUBLE, DT_INT32, DT_UINT8, DT_INT16, '
     'DT_INT8, DT_INT64, DT_BFLOAT16, DT_UINT16, DT_HALF, DT_UINT32, DT_UINT64]; '
     'attr=Tindices:type,allowed=[DT_INT32, DT_INT64]> [Op:SegmentMax]'),
    ('segment_sum bool', lambda: tf.math.segment_sum(DATA, [False, True]),
     "Value for attr 'Tindices' of bool is not in the list of allowed values: int32, int64\n\t; "
     'NodeDef: {{node SegmentSum}}; Op<name=SegmentSum; signature=data:T, segment_ids:Tindices '
     '-> output:T; attr=T:type,allowed=[DT_FLOAT, DT_DOUBLE, DT_INT32, DT_UINT8, DT_INT16, '
     'DT_INT8, DT_COMPLEX64, DT_INT64, DT_QINT8, DT_QUINT8, DT_QINT32, DT_BFLOAT16, DT_QINT16, '
     'DT_QUINT16, DT_UINT16, DT_COMPLEX128, DT_HALF, DT_UINT32, DT_UINT64]; '
     'attr=Tindices:type,allowed=[DT_INT32, DT_INT64]> [Op:SegmentSum]'),
    ('unsorted_segment_sum string', lambda: tf.math.unsorted_segment_sum(DATA, ['0', '1'], 2),
     "Value for attr 'Tindices' of string is not in the list of allowed values: int16, int32, "
     'int64\n\t; NodeDef: {{node UnsortedSegmentSum}}; Op<name=UnsortedSegmentSum; '
     'signature=data:T, segment_ids:Tindices, num_segments:Tnumsegments -> output:T; '
     'attr=T:type,allowed=[DT_FLOAT, DT_DOUBLE, DT_INT32, DT_UINT8, DT_INT16, DT_INT8, '
     'DT_COMPLEX64, DT_INT64, DT_QINT8, DT_QUINT8, DT_QINT32, DT_BFLOAT16, DT_QINT16, '
     'DT_QUINT16, DT_UINT16, DT_COMPLEX128, DT_HALF, DT_UINT32, DT_UINT64]; '
     'attr=Tindices:type,allowed=[DT_INT16, DT_INT32, DT_INT64]; '
     'attr=Tnumsegments:type,default=DT_INT32,allowed=[DT_INT32, DT_INT64]> '
     '[Op:UnsortedSegmentSum]'),
    ('unsorted_segment_mean float', lambda: tf.math.unsorted_segment_mean(DATA, [0.0, 1.0], 2),
     "Value for attr 'Tindices' of float is not in the list of allowed values: int16, int32, "
     'int64\n\t; NodeDef: {{node UnsortedSegmentSum}}; Op<name=UnsortedSegmentSum; '
     'signature=data:T, segment_ids:Tindices, num_segments:Tnumsegments -> output:T; '
     'attr=T:type,allowed=[DT_FLOAT, DT_DOUBLE, DT_INT32, DT_UINT8, DT_INT16, DT_INT8, '
     'DT_COMPLEX64, DT_INT64, DT_QINT8, DT_QUINT8, DT_QINT32, DT_BFLOAT16, DT_QINT16, '
     'DT_QUINT16, DT_UINT16, DT_COMPLEX128, DT_HALF, DT_UINT32, DT_UINT64]; '
     'attr=Tindices:type,allowed=[DT_INT16, DT_INT32, DT_INT64]; '
     'attr=Tnumsegments:type,default=DT_INT32,allowed=[DT_INT32, DT_INT64]> '
     '[Op:UnsortedSegmentSum] name: '),
    ('unsorted_segment_prod bool', lambda: tf.math.unsorted_segment_prod(DATA, [False, True], 2),
     "Value for attr 'Tindices' of bool is not in the list of allowed values: int32, int64\n\t; "
     'NodeDef: {{node UnsortedSegmentProd}}; Op<name=UnsortedSegmentProd; signature=data:T, '
     'segment_ids:Tindices, num_segments:Tnumsegments -> output:T; '
     'attr=T:type,allowed=[DT_FLOAT, DT_DOUBLE, DT_INT32, DT_UINT8, DT_INT16, DT_INT8, '
     'DT_COMPLEX64, DT_INT64, DT_QINT8, DT_QUINT8, DT_QINT32, DT_BFLOAT16, DT_QINT16, '
     'DT_QUINT16, DT_UINT16, DT_COMPLEX128, DT_HALF, DT_UINT32, DT_UINT64]; '
     'attr=Tindices:type,allowed=[DT_INT32, DT_INT64]; '
     'attr=Tnumsegments:type,default=DT_INT32,allowed=[DT_INT32, DT_INT64]> '
     '[Op:UnsortedSegmentProd]'),
    ('unsorted_segment_min float', lambda: tf.math.unsorted_segment_min(DATA, [0.0, 1.0], 2),
     "Value for attr 'Tindices' of float is not in the list of allowed values: int32, int64\n\t; "
     'NodeDef: {{node UnsortedSegmentMin}}; Op<name=UnsortedSegmentMin; signature=data:T, '
     'segment_ids:Tindices, num_segments:Tnumsegments -> output:T; '
     'attr=T:type,allowed=[DT_FLOAT, DT_DOUBLE, DT_INT32, DT_UINT8, DT_INT16, DT_INT8, '
     'DT_INT64, DT_BFLOAT16, DT_UINT16, DT_HALF, DT_UINT32, DT_UINT64]; '
     'attr=Tindices:type,allowed=[DT_INT32, DT_INT64]; '
     'attr=Tnumsegments:type,default=DT_INT32,allowed=[DT_INT32, DT_INT64]> '
     '[Op:UnsortedSegmentMin]'),
    ('segment_prod float', lambda: tf.math.segment_prod(DATA, [0.0, 1.0]),
     "Value for attr 'Tindices' of float is not in the list of allowed values: int32, int64\n\t; "
     'NodeDef: {{node SegmentProd}}; Op<name=SegmentProd; signature=data:T, '
     'segment_ids:Tindices -> output:T; attr=T:type,allowed=[DT_FLOAT, DT_DOUBLE, DT_INT32, '
     'DT_UINT8, DT_INT16, DT_INT8, DT_COMPLEX64, DT_INT64, DT_QINT8, DT_QUINT8, DT_QINT32, '
     'DT_BFLOAT16, DT_QINT16, DT_QUINT16, DT_UINT16, DT_COMPLEX128, DT_HALF, DT_UINT32, '
     'DT_UINT64]; attr=Tindices:type,allowed=[DT_INT32, DT_INT64]> [Op:SegmentProd]'),
]


@pytest.mark.parametrize('name, call, text', ID_CASES, ids=[case[0] for case in ID_CASES])
def test_segment_ids_of_a_refused_dtype_print_the_kernels_tindices_text(name, call, text):
    # TF 2.21 checks the ids' dtype (the kernel's Tindices attribute) as it picks the kernel
    with pytest.raises(tf.errors.InvalidArgumentError) as info:
        call()
    assert str(info.value) == text
    assert any('segment_ids must be integers' in note for note in info.value.__notes__)


def test_an_allowed_index_dtype_or_an_unknown_op_gets_no_invented_text():
    from framework.ops import float_kernels
    assert float_kernels.index_refusal('segment_sum', 'Tindices', 'int64') is None
    assert float_kernels.index_refusal('unsorted_segment_sum', 'Tindices', 'int16') is None
    assert float_kernels.index_refusal('no_such_op', 'Tindices', 'float32') is None
    assert float_kernels.index_refusal('segment_sum', 'Tindices', 'float32') is not None
