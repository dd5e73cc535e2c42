"""A Python bool beside a tensor of a dtype TF 2.21's converter makes no bool into (int8, int16, uint8,
uint16, uint32, bfloat16, complex64) is refused as TF refuses it, and a Python complex beside bfloat16.

Texts printed by TF 2.21 (/work/notes/progs/opsfuzz8/p02_bool.py), e.g.
    tf.constant([1, 0], tf.int8) + True; True - tf.constant([1, 0], tf.int8); tf.constant([1, 0], tf.int8) / True
"""
import pytest

import framework as tf
from framework.errors import InvalidArgumentError


@pytest.mark.parametrize('dtype', [tf.int8, tf.int16, tf.uint8, tf.uint16, tf.uint32, tf.bfloat16, tf.complex64])
def test_bool_scalars_are_refused_for_dtypes_without_a_bool_conversion(dtype):
    x = tf.constant([1, 0], dtype)
    name = {'bfloat16': 'bfloat16'}.get(dtype.name, dtype.name)
    with pytest.raises(InvalidArgumentError) as info:
        x + True
    assert str(info.value) == ('cannot compute AddV2 as input #1(zero-based) was expected to be a %s tensor but is a '
                               'bool tensor [Op:AddV2] name: ' % name)
    for call in (lambda: True - x, lambda: x * False, lambda: x == True, lambda: tf.maximum(x, True)):  # noqa: E712
        with pytest.raises(TypeError) as info:
            call()
        assert str(info.value).startswith('Cannot convert ') and str(info.value).endswith(' to EagerTensor of dtype %s'
                                                                                        % name)
    with pytest.raises(TypeError) as info:
        x / True
    assert str(info.value) == '`x` and `y` must have the same dtype, got tf.%s != tf.bool.' % dtype.name


@pytest.mark.parametrize('dtype, expected', [(tf.int32, [2, 1]), (tf.int64, [2, 1]), (tf.float16, [2., 1.]),
                                             (tf.float32, [2., 1.]), (tf.float64, [2., 1.])])
def test_bool_scalars_still_add_where_tf_converts_them(dtype, expected):
    got = tf.constant([1, 0], dtype) + True
    assert got.dtype == dtype and got.numpy().tolist() == expected


def test_a_complex_scalar_beside_bfloat16_is_refused():
    x = tf.constant([1., 2.], tf.bfloat16)
    with pytest.raises(InvalidArgumentError) as info:
        x + (1 + 2j)
    assert str(info.value) == ('cannot compute AddV2 as input #1(zero-based) was expected to be a bfloat16 tensor but '
                               'is a complex128 tensor [Op:AddV2] name: ')
    with pytest.raises(TypeError) as info:
        x * complex(3, 0)
    assert str(info.value) == 'Cannot convert (3+0j) to EagerTensor of dtype bfloat16'
