"""tf.bitwise, tf.bitcast and tf.clip_by_value refusals in TF 2.21's words.

Texts printed by TF 2.21 (/work/notes/progs/opsfuzz8/p10_misc.py and /tmp/bw.py there), e.g.
    tf.bitwise.bitwise_or(tf.constant([1, 2]), tf.constant([4, 8, 16]))
    tf.bitcast(tf.constant([True]), tf.int8)
"""
import pytest

import framework as tf
from framework.errors import InvalidArgumentError

_CPU = '{{function_node __wrapped__%s_device_/job:localhost/replica:0/task:0/device:CPU:0}} '


@pytest.mark.parametrize('op, kernel', [(tf.bitwise.bitwise_and, 'BitwiseAnd'), (tf.bitwise.bitwise_or, 'BitwiseOr'),
                                        (tf.bitwise.bitwise_xor, 'BitwiseXor'), (tf.bitwise.left_shift, 'LeftShift'),
                                        (tf.bitwise.right_shift, 'RightShift')])
def test_bitwise_shapes_that_do_not_broadcast_are_the_kernels_error(op, kernel):
    with pytest.raises(InvalidArgumentError) as info:
        op(tf.constant([1, 2]), tf.constant([4, 8, 16]))
    assert str(info.value) == _CPU % kernel + 'Incompatible shapes: [2] vs. [3] [Op:%s] name: ' % kernel
    with pytest.raises(InvalidArgumentError) as info:      # lists take TF's slow path: no ' name: '
        op([1, 2], [4, 8, 16])
    assert str(info.value) == _CPU % kernel + 'Incompatible shapes: [2] vs. [3] [Op:%s]' % kernel
    with pytest.raises(InvalidArgumentError) as info:
        tf.constant([1, 2]) & tf.constant([4, 8, 16])
    assert str(info.value).endswith('Incompatible shapes: [2] vs. [3] [Op:BitwiseAnd] name: ')


def test_bitwise_dtype_refusals_end_as_the_fast_path_words_them():
    with pytest.raises(InvalidArgumentError) as info:
        tf.bitwise.bitwise_and(tf.constant([1.]), tf.constant([1.]))
    assert str(info.value).startswith("Value for attr 'T' of float is not in the list of allowed values: int8, int16,")
    assert str(info.value).endswith('; is_commutative=true> [Op:BitwiseAnd] name: ')
    with pytest.raises(InvalidArgumentError) as info:
        tf.bitwise.bitwise_and([1.], [1.])
    assert str(info.value).endswith('[Op:BitwiseAnd]')
    with pytest.raises(InvalidArgumentError) as info:
        tf.bitwise.left_shift(tf.constant([1.]), tf.constant([1.]))
    assert str(info.value).endswith('DT_UINT64]> [Op:LeftShift] name: ')


_BITCAST_LIST = ('bfloat16, half, float, double, int64, int32, uint8, uint16, uint32, uint64, int8, int16, complex64, '
                 'complex128, qint8, quint8, qint16, quint16, qint32')
_BITCAST_DT = ('DT_BFLOAT16, DT_HALF, DT_FLOAT, DT_DOUBLE, DT_INT64, DT_INT32, DT_UINT8, DT_UINT16, DT_UINT32, '
               'DT_UINT64, DT_INT8, DT_INT16, DT_COMPLEX64, DT_COMPLEX128, DT_QINT8, DT_QUINT8, DT_QINT16, '
               'DT_QUINT16, DT_QINT32')


@pytest.mark.parametrize('given, target, attr, name, tail', [
    (lambda: tf.constant([True]), tf.int8, 'T', 'bool', ' name: '),
    (lambda: tf.constant([1], tf.int8), tf.bool, 'type', 'bool', ' name: '),
    (lambda: tf.constant(['a']), tf.int8, 'T', 'string', ' name: '),
    (lambda: [True], tf.int8, 'T', 'bool', ''),
])
def test_bitcast_refuses_bool_and_string(given, target, attr, name, tail):
    with pytest.raises(InvalidArgumentError) as info:
        tf.bitcast(given(), target)
    assert str(info.value) == (
        "Value for attr '%s' of %s is not in the list of allowed values: %s\n\t; NodeDef: {{node Bitcast}}; "
        "Op<name=Bitcast; signature=input:T -> output:type; attr=T:type,allowed=[%s]; attr=type:type,allowed=[%s]> "
        "[Op:Bitcast]%s" % (attr, name, _BITCAST_LIST, _BITCAST_DT, _BITCAST_DT, tail))


def test_clip_by_value_of_strings_is_minimums_registry_error():
    with pytest.raises(InvalidArgumentError) as info:
        tf.clip_by_value(tf.constant(['a']), 'a', 'b')
    assert str(info.value) == (
        "Value for attr 'T' of string is not in the list of allowed values: bfloat16, half, float, double, int8, "
        "uint8, int16, uint16, int32, uint32, int64, uint64\n\t; NodeDef: {{node Minimum}}; Op<name=Minimum; "
        "signature=x:T, y:T -> z:T; attr=T:type,allowed=[DT_BFLOAT16, DT_HALF, DT_FLOAT, DT_DOUBLE, DT_INT8, "
        "DT_UINT8, DT_INT16, DT_UINT16, DT_INT32, DT_UINT32, DT_INT64, DT_UINT64]> [Op:Minimum]")
    with pytest.raises(InvalidArgumentError) as info:
        tf.clip_by_value(tf.constant(['a']), tf.constant('a'), tf.constant('b'))
    assert str(info.value).endswith('[Op:Minimum] name: ')
