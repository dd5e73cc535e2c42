"""errors52's small rows, as TF 2.21 answers them: tf.sparse.cross([]) / cross_hashed([]) return an empty
SparseTensor (tapeflow refused); tf.strings.join of a string tensor joins its rows (TF's fast path iterates a
sequence; tapeflow refused), a scalar tensor is the slow path's "Expected list ..."; tf.sparse.bincount of a
SparseTensor (or RaggedTensor) of floats is the count kernel's registry error and negative ids its kernel error
(tapeflow 'sparse.bincount: values must be non-negative integers'); tf.linalg.band_part / set_diag of strings are
TF's NotFoundError (no CPU kernel; tapeflow 'band_part: expected a numeric or bool tensor'). Probes:
/work/notes/progs/errors54/sm.py, sm2.py, jn.py, sb.py."""
import numpy as np
import pytest

import framework as tf


@pytest.mark.parametrize('cross, dtype', [(tf.sparse.cross, tf.string), (tf.sparse.cross_hashed, tf.int64)])
def test_the_cross_of_no_inputs_is_empty(cross, dtype):
    for inputs in ([], ()):
        out = cross(inputs)
        assert isinstance(out, tf.sparse.SparseTensor)
        assert out.dense_shape.numpy().tolist() == [0, 0]               # TF 2.21's
        assert out.indices.shape == (0, 2) and out.indices.dtype == tf.int64
        assert out.values.shape == (0,) and out.values.dtype == dtype


def test_join_iterates_a_tensor():
    # TF 2.21: b'ab', b'a-b', [b'a+c' b'b+d'], b'' (no inputs)
    assert tf.strings.join(tf.constant(['a', 'b'])).numpy() == b'ab'
    assert tf.strings.join(tf.constant(['a', 'b']), separator='-').numpy() == b'a-b'
    assert tf.strings.join(tf.constant([['a', 'b'], ['c', 'd']]), separator='+').numpy().tolist() == [b'a+c', b'b+d']
    assert tf.strings.join(tf.zeros([0], tf.string)).numpy() == b''
    assert tf.strings.join(tf.Variable(['a', 'b'])).numpy() == b'ab'


def test_join_refusals_in_tf_words():
    scalar = tf.constant('a')
    with pytest.raises(TypeError) as info:
        tf.strings.join(scalar)
    assert str(info.value) == "Expected list for 'inputs' argument to 'string_join' Op, not %r." % (scalar,)
    with pytest.raises(TypeError) as info:
        tf.strings.join(b'ab')
    assert str(info.value) == 'Cannot convert 97 to EagerTensor of dtype string'
    for name, tail in ((None, ''), ('NM', 'NM')):
        with pytest.raises(tf.errors.InvalidArgumentError) as info:
            tf.strings.join(tf.constant([1, 2]), name=name)
        assert str(info.value) == ('cannot compute StringJoin as input #0(zero-based) was expected to be a string '
                                   'tensor but is a int32 tensor [Op:StringJoin] name: ' + tail)
    with pytest.raises(tf.errors.InvalidArgumentError) as info:
        tf.strings.join([tf.constant(['a', 'b']), tf.constant(['a', 'b', 'c'])], name='NM')
    assert str(info.value).endswith('Input shapes do not match: [2] vs. [3] [Op:StringJoin] name: NM')


_DENSE_COUNT = ('Op<name=DenseCountSparseOutput; signature=values:T, weights:output_type -> output_indices:int64, '
                'output_values:output_type, output_dense_shape:int64; attr=T:type,allowed=[DT_INT32, DT_INT64]; '
                'attr=minlength:int,default=-1,min=-1; attr=maxlength:int,default=-1,min=-1; attr=binary_output:bool; '
                'attr=output_type:type,allowed=[DT_INT32, DT_INT64, DT_FLOAT, DT_DOUBLE]> [Op:DenseCountSparseOutput] '
                'name: ')


def _sparse(values, dtype=None):
    return tf.sparse.SparseTensor([[0, 0], [1, 1]], tf.constant(values, dtype), [2, 2])


def test_sparse_bincount_of_floats_and_negative_ids():
    # TF 2.21's texts: axis 0 counts the flat values with DenseCountSparseOutput, axis -1 per row with
    # SparseCountSparseOutput; TF composes bincount, so a given name is not in the tail
    for values, shown in ((_sparse([1.5, 2.5]), 'float'), (_sparse([1.5, 2.5], tf.float64), 'double'),
                          (tf.ragged.constant([[1.5], [2.5]]), 'float')):      # (bool: TF names T or output_type)
        with pytest.raises(tf.errors.InvalidArgumentError) as info:
            tf.sparse.bincount(values, name='NM')
        assert str(info.value) == ("Value for attr 'T' of %s is not in the list of allowed values: int32, int64\n\t; "
                                   "NodeDef: {{node DenseCountSparseOutput}}; " % shown) + _DENSE_COUNT
    with pytest.raises(tf.errors.InvalidArgumentError) as info:
        tf.sparse.bincount(_sparse([1.5, 2.5]), axis=-1)
    assert str(info.value).startswith("Value for attr 'T' of float is not in the list of allowed values: int32, "
                                      "int64\n\t; NodeDef: {{node SparseCountSparseOutput}}; Op<name="
                                      "SparseCountSparseOutput; signature=indices:int64, values:T, dense_shape:int64, "
                                      "weights:output_type -> ")
    assert str(info.value).endswith('[Op:SparseCountSparseOutput] name: ')
    for values in (_sparse([-1, 2]), tf.ragged.constant([[-1], [2]])):
        with pytest.raises(tf.errors.InvalidArgumentError) as info:
            tf.sparse.bincount(values)
        assert str(info.value) == ('{{function_node __wrapped__DenseCountSparseOutput_device_/job:localhost/replica:0/'
                                   'task:0/device:CPU:0}} Input values must all be non-negative '
                                   '[Op:DenseCountSparseOutput] name: ')
    with pytest.raises(tf.errors.InvalidArgumentError) as info:
        tf.sparse.bincount(_sparse([-1, 2]), axis=-1)
    assert str(info.value).endswith('}} Input values must all be non-negative [Op:SparseCountSparseOutput] name: ')
    # what computes still computes: TF 2.21 gives values [1 1] at [1] and [2]
    out = tf.sparse.bincount(_sparse([1, 2]))
    assert out.values.numpy().tolist() == [1, 1] and out.indices.numpy().tolist() == [[1], [2]]


_CPU_KERNELS = ''.join("\n  device='CPU'; T in [DT_%s]" % t for t in (
    'BOOL', 'COMPLEX128', 'COMPLEX64', 'DOUBLE', 'FLOAT', 'BFLOAT16', 'HALF', 'INT32', 'INT8', 'UINT8', 'INT16', 'UINT16',
    'UINT32', 'INT64', 'UINT64'))
_XLA_TYPES = ('DT_FLOAT, DT_DOUBLE, DT_INT32, DT_UINT8, DT_INT16, DT_INT8, DT_COMPLEX64, DT_INT64, DT_BOOL, DT_QINT8, '
              'DT_QUINT8, DT_QINT32, DT_BFLOAT16, DT_UINT16, DT_COMPLEX128, DT_HALF, DT_UINT32, DT_UINT64, '
              'DT_FLOAT8_E5M2, DT_FLOAT8_E4M3FN, DT_FLOAT8_E4M3FNUZ, DT_FLOAT8_E4M3B11FNUZ, DT_FLOAT8_E5M2FNUZ, '
              'DT_INT4, DT_UINT4')


def _strings():
    return tf.constant([['a', 'b'], ['c', 'd']])


@pytest.mark.parametrize('call, node, tail', [
    (lambda: tf.linalg.band_part(_strings(), 0, 0), 'Tindex=DT_INT64', ' name: '),
    (lambda: tf.linalg.band_part(_strings(), 0, 0, name='NM'), 'Tindex=DT_INT64', ' name: NM'),
    (lambda: tf.linalg.band_part(_strings(), tf.constant(0), 0), 'Tindex=DT_INT32', ' name: '),
    (lambda: tf.linalg.band_part(_strings(), np.int32(0), 0), 'Tindex=DT_INT32', ''),
    (lambda: tf.linalg.band_part([['a', 'b'], ['c', 'd']], 0, 0), 'Tindex=DT_INT32', ''),
    (lambda: tf.linalg.band_part(tf.constant(['a', 'b']), 0, 0), 'Tindex=DT_INT64', ' name: '),
], ids=['ints', 'named', 'int32 tensor', 'numpy scalar', 'list', 'vector'])
def test_band_part_of_strings_finds_no_kernel(call, node, tail):
    # TF 2.21: the kernel lookup comes before the shape checks; a list or numpy scalar is the slow path (no tail)
    with pytest.raises(tf.errors.NotFoundError) as info:
        call()
    assert str(info.value) == ('Could not find device for node: {{node MatrixBandPart}} = MatrixBandPart[T=DT_STRING, '
                               '%s]\nAll kernels registered for op MatrixBandPart:\n  device=\'XLA_CPU_JIT\'; Tindex in '
                               '[DT_INT32, DT_INT64]; T in [%s]%s\n [Op:MatrixBandPart]%s'
                               % (node, _XLA_TYPES, _CPU_KERNELS, tail))


@pytest.mark.parametrize('call, align, tail', [
    (lambda: tf.linalg.set_diag(_strings(), tf.constant(['x', 'y'])), 'RIGHT_LEFT', ' name: set_diag'),
    (lambda: tf.linalg.set_diag(_strings(), tf.constant(['x', 'y']), name='NM'), 'RIGHT_LEFT', ' name: NM'),
    (lambda: tf.linalg.set_diag(_strings(), ['x', 'y'], align='LEFT_RIGHT'), 'LEFT_RIGHT', ''),
    (lambda: tf.linalg.set_diag(tf.constant(['a', 'b']), tf.constant(['x', 'y'])), 'RIGHT_LEFT', ' name: set_diag'),
], ids=['default name', 'named', 'list', 'vector'])
def test_set_diag_of_strings_finds_no_kernel(call, align, tail):
    # TF 2.21: tf.linalg.set_diag's default name is 'set_diag'
    with pytest.raises(tf.errors.NotFoundError) as info:
        call()
    assert str(info.value) == ('Could not find device for node: {{node MatrixSetDiagV3}} = MatrixSetDiagV3[T=DT_STRING, '
                               'align="%s"]\nAll kernels registered for op MatrixSetDiagV3:\n  device=\'XLA_CPU_JIT\'; '
                               'T in [%s]%s\n [Op:MatrixSetDiagV3]%s' % (align, _XLA_TYPES, _CPU_KERNELS, tail))
