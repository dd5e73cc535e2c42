"""tf.nn.space_to_depth / depth_to_space argument checks in TF 2.21's order and words (printed by TF 2.21,
notes/progs/opsfuzz10/p11.py, p12.py): block_size through make_int (2.5 is 2, True is 1), the attr checks with the
op definition, NotFoundError for data formats without a CPU kernel, and the kernels' rank texts."""
import numpy as np
import pytest

import framework as tf

Y = np.arange(64, dtype=np.float32).reshape(1, 4, 4, 4)
OP_DEF = ('; Op<name=%s; signature=input:T -> output:T; attr=T:type; attr=block_size:int,min=2; '
          'attr=data_format:string,default="NHWC",allowed=["NHWC", "NCHW", "NCHW_VECT_C"]> [Op:%s] name: ')


@pytest.mark.parametrize('op, kernel', [('space_to_depth', 'SpaceToDepth'), ('depth_to_space', 'DepthToSpace')])
def test_block_size_attr_errors(op, kernel):
    f = getattr(tf.nn, op)
    with pytest.raises(tf.errors.InvalidArgumentError) as info:
        f(Y, True)
    assert str(info.value) == ("Value for attr 'block_size' of 1 must be at least minimum 2\n\t; NodeDef: {{node %s}}"
                               % kernel) + OP_DEF % (kernel, kernel)
    with pytest.raises(tf.errors.InvalidArgumentError) as info:
        f(Y, 2, data_format='NWHC')
    assert str(info.value) == ('Value for attr \'data_format\' of "NWHC" is not in the list of allowed values: "NHWC", '
                               '"NCHW", "NCHW_VECT_C"\n\t; NodeDef: {{node %s}}' % kernel) + OP_DEF % (kernel, kernel)
    with pytest.raises(TypeError, match=r"Expected int for argument 'block_size' not '2'\."):
        f(Y, '2')


def test_float_block_size_truncates():
    assert tf.nn.space_to_depth(Y, 2.5).shape == (1, 2, 2, 16)
    assert tf.nn.depth_to_space(Y, np.int64(2)).shape == (1, 8, 8, 1)


@pytest.mark.parametrize('op, kernel, qint8', [('space_to_depth', 'SpaceToDepth', True),
                                               ('depth_to_space', 'DepthToSpace', False)])
def test_channels_first_has_no_cpu_kernel(op, kernel, qint8):
    with pytest.raises(tf.errors.NotFoundError) as info:
        getattr(tf.nn, op)(Y.astype(np.int32), 2, data_format='NCHW')
    text = str(info.value)
    assert text.startswith('Could not find device for node: {{node %s}} = %s[T=DT_INT32, block_size=2, '
                           'data_format="NCHW"]\nAll kernels registered for op %s:\n  device=\'XLA_CPU_JIT\'; '
                           'T in [DT_FLOAT, DT_DOUBLE, DT_INT32,' % (kernel, kernel, kernel))
    assert ('DT_INT4, DT_UINT4]\n  device=\'CPU\'; T in [DT_QINT8]; data_format in ["NHWC"]\n' in text) == qint8
    assert text.endswith('  device=\'CPU\'; T in [DT_INT64]; data_format in ["NHWC"]\n  device=\'CPU\'; '
                         'T in [DT_UINT64]; data_format in ["NHWC"]\n [Op:%s] name: ' % kernel)
    with pytest.raises(tf.errors.NotFoundError, match='data_format="NCHW_VECT_C"'):     # before the rank check
        getattr(tf.nn, op)(Y[0], 2, data_format='NCHW_VECT_C')


def test_rank_texts_differ_between_the_kernels():
    with pytest.raises(tf.errors.InvalidArgumentError, match=r'\}\} Input rank should be 4 instead of 3 \[Op:SpaceToDepth\]'):
        tf.nn.space_to_depth(Y[0], 2)
    with pytest.raises(tf.errors.InvalidArgumentError,
                       match=r'\}\} Input rank should be: 4 instead of: 3 \[Op:DepthToSpace\]'):
        tf.nn.depth_to_space(Y[0], 2)
