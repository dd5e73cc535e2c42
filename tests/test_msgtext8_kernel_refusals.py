"""tf ops built from TF kernels that refuse a dtype print the op registry's text of the kernel the operand
meets first (float_kernels.FIRST_KERNELS), tapeflow's sentence as a note. Every literal is TF 2.21's
str(e), printed by /work/notes/progs/msgtext8/kern_tf.py under /opt/tfref."""
import pytest

import framework as tf

INTS = [[1, 2, 3], [4, 5, 6]]
BOOLS = [[True, False, True], [False, True, True]]
MATRIX = [[2, 1], [1, 3]]
_LINALG = ("double, float, half, complex64, complex128\n\t; NodeDef: {{node %s}}; Op<name=%s; signature=%s; "
           "attr=T:type,allowed=[DT_DOUBLE, DT_FLOAT, DT_HALF, DT_COMPLEX64, DT_COMPLEX128]%s> [Op:%s] name: ")
_PREFIX = "Value for attr 'T' of %s is not in the list of allowed values: "

CASES = [
    ('xlogy', lambda: tf.math.xlogy(tf.constant(INTS), tf.constant(INTS)),
     _PREFIX % 'int32' + "half, bfloat16, float, double, complex64, complex128\n\t; NodeDef: {{node Xlogy}}; "
     "Op<name=Xlogy; signature=x:T, y:T -> z:T; attr=T:type,allowed=[DT_HALF, DT_BFLOAT16, DT_FLOAT, DT_DOUBLE, "
     "DT_COMPLEX64, DT_COMPLEX128]> [Op:Xlogy] name: "),
    ('reduce_logsumexp int32', lambda: tf.math.reduce_logsumexp(tf.constant(INTS)),
     _PREFIX % 'int32' + "bfloat16, half, float, double\n\t; NodeDef: {{node IsFinite}}; Op<name=IsFinite; "
     "signature=x:T -> y:bool; attr=T:type,allowed=[DT_BFLOAT16, DT_HALF, DT_FLOAT, DT_DOUBLE]> [Op:IsFinite] name: "),
    ('reduce_logsumexp bool', lambda: tf.math.reduce_logsumexp(tf.constant(BOOLS)),
     _PREFIX % 'bool' + "float, double, int32, uint8, int16, int8, int64, bfloat16, uint16, half, uint32, uint64, "
     "qint8, quint8, qint32, qint16, quint16\n\t; NodeDef: {{node Max}}; Op<name=Max; signature=input:T, "
     "reduction_indices:Tidx -> output:T; attr=keep_dims:bool,default=false; attr=T:type,allowed=[DT_FLOAT, "
     "DT_DOUBLE, DT_INT32, DT_UINT8, DT_INT16, DT_INT8, DT_INT64, DT_BFLOAT16, DT_UINT16, DT_HALF, DT_UINT32, "
     "DT_UINT64, DT_QINT8, DT_QUINT8, DT_QINT32, DT_QINT16, DT_QUINT16]; attr=Tidx:type,default=DT_INT32,"
     "allowed=[DT_INT32, DT_INT64]> [Op:Max] name: "),
    ('eigvalsh', lambda: tf.linalg.eigvalsh(tf.constant(MATRIX)),
     _PREFIX % 'int32' + _LINALG % ('SelfAdjointEigV2', 'SelfAdjointEigV2', 'input:T -> e:T, v:T; '
                                    'attr=compute_v:bool,default=true', '', 'SelfAdjointEigV2')),
    ('lu', lambda: tf.linalg.lu(tf.constant(MATRIX)),
     _PREFIX % 'int32' + _LINALG % ('Lu', 'Lu', 'input:T -> lu:T, p:output_idx_type',
                                    '; attr=output_idx_type:type,default=DT_INT32,allowed=[DT_INT32, DT_INT64]', 'Lu')),
    ('logdet', lambda: tf.linalg.logdet(tf.constant(MATRIX)),
     _PREFIX % 'int32' + _LINALG % ('Cholesky', 'Cholesky', 'input:T -> output:T', '', 'Cholesky')),
    ('avg_pool1d', lambda: tf.nn.avg_pool1d(tf.reshape(tf.constant(INTS), (1, 3, 2)), 2, 1, 'VALID'),
     _PREFIX % 'int32' + 'half, bfloat16, float, double\n\t; NodeDef: {{node AvgPool}}; Op<name=AvgPool; '
     'signature=value:T -> output:T; attr=ksize:list(int),min=4; attr=strides:list(int),min=4; '
     'attr=padding:string,allowed=["SAME", "VALID"]; attr=data_format:string,default="NHWC",allowed=["NHWC", '
     '"NCHW"]; attr=T:type,allowed=[DT_HALF, DT_BFLOAT16, DT_FLOAT, DT_DOUBLE]> [Op:AvgPool] name: '),
    ('moments bool', lambda: tf.nn.moments(tf.constant(BOOLS), [0]),     # no ' name: ' tail (a named scope)
     _PREFIX % 'bool' + "float, double, int32, uint8, int16, int8, complex64, int64, qint8, quint8, qint32, bfloat16, "
     "qint16, quint16, uint16, complex128, half, uint32, uint64\n\t; NodeDef: {{node Mean}}; Op<name=Mean; "
     "signature=input:T, reduction_indices:Tidx -> output:T; attr=keep_dims:bool,default=false; "
     "attr=T:type,allowed=[DT_FLOAT, DT_DOUBLE, DT_INT32, DT_UINT8, DT_INT16, DT_INT8, DT_COMPLEX64, DT_INT64, "
     "DT_QINT8, DT_QUINT8, DT_QINT32, DT_BFLOAT16, DT_QINT16, DT_QUINT16, DT_UINT16, DT_COMPLEX128, DT_HALF, "
     "DT_UINT32, DT_UINT64]; attr=Tidx:type,default=DT_INT32,allowed=[DT_INT32, DT_INT64]> [Op:Mean]"),
    ('lbeta', lambda: tf.math.lbeta(tf.constant(INTS)),
     _PREFIX % 'int32' + "bfloat16, half, float, double\n\t; NodeDef: {{node Lgamma}}; Op<name=Lgamma; "
     "signature=x:T -> y:T; attr=T:type,allowed=[DT_BFLOAT16, DT_HALF, DT_FLOAT, DT_DOUBLE]> [Op:Lgamma] name: "),
    ('cumulative_logsumexp', lambda: tf.math.cumulative_logsumexp(tf.constant(INTS)),
     _PREFIX % 'int32' + "bfloat16, half, float, double\n\t; NodeDef: {{node CumulativeLogsumexp}}; "
     "Op<name=CumulativeLogsumexp; signature=x:T, axis:Tidx -> out:T; attr=exclusive:bool,default=false; "
     "attr=reverse:bool,default=false; attr=T:type,allowed=[DT_BFLOAT16, DT_HALF, DT_FLOAT, DT_DOUBLE]; "
     "attr=Tidx:type,default=DT_INT32,allowed=[DT_INT32, DT_INT64]> [Op:CumulativeLogsumexp] name: "),
    ('reciprocal bool', lambda: tf.math.reciprocal(tf.constant(BOOLS)),
     _PREFIX % 'bool' + "bfloat16, half, float, double, int8, int16, int32, int64, complex64, complex128\n\t; "
     "NodeDef: {{node Reciprocal}}; Op<name=Reciprocal; signature=x:T -> y:T; attr=T:type,allowed=[DT_BFLOAT16, "
     "DT_HALF, DT_FLOAT, DT_DOUBLE, DT_INT8, DT_INT16, DT_INT32, DT_INT64, DT_COMPLEX64, DT_COMPLEX128]> "
     "[Op:Reciprocal] name: "),
]


@pytest.mark.parametrize('name, call, text', CASES, ids=[case[0] for case in CASES])
def test_a_refused_dtype_prints_the_first_refusing_kernels_registry_text(name, call, text):
    with pytest.raises(tf.errors.InvalidArgumentError) as info:
        call()
    assert str(info.value) == text
    assert any('expected a' in note for note in info.value.__notes__)      # tapeflow's own sentence


def test_a_dtype_every_listed_kernel_takes_keeps_tapeflows_words():
    from framework.ops import float_kernels
    # moments meets Mean, which takes int32: no registry text is invented for it
    assert float_kernels.refusal('moments', 'int32') is None
    assert float_kernels.refusal('moments', 'bool') is not None
    # reduce_logsumexp: Max refuses bool first, IsFinite refuses int32
    assert '{{node Max}}' in str(float_kernels.refusal('reduce_logsumexp', 'bool'))
    assert '{{node IsFinite}}' in str(float_kernels.refusal('reduce_logsumexp', 'int32'))
