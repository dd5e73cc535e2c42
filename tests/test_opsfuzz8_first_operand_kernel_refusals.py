"""Binary ops on tensors of two dtypes refuse the first operand's dtype first where the op has no kernel
for it (TF 2.21 takes the kernel's T from the first input and looks it up before matching the second),
and truncatediv / truncatemod mismatches are their kernels' input errors.

Texts printed by TF 2.21 (/work/notes/progs/opsfuzz8/p13_mix.py, mm3.py), e.g.
    tf.constant([1j], tf.complex64) < tf.constant([1.])
    tf.truncatediv(tf.constant([1.]), tf.constant([1]))
"""
import pytest

import framework as tf
from framework.errors import InvalidArgumentError, NotFoundError


def _c():
    return tf.constant([1j], tf.complex64)


@pytest.mark.parametrize('call, error, start, end', [
    (lambda: _c() < tf.constant([1.]), InvalidArgumentError,
     "Value for attr 'T' of complex64 is not in the list of allowed values: float, double, int32, uint8, int16, int8, "
     "int64, bfloat16, uint16, half, uint32, uint64\n\t; NodeDef: {{node Less}}; ", '[Op:Less] name: '),
    (lambda: tf.maximum(_c(), tf.constant([1], tf.int8)), InvalidArgumentError,
     "Value for attr 'T' of complex64 is not in the list of allowed values: ", '[Op:Maximum] name: '),
    (lambda: _c() % tf.constant([1]), InvalidArgumentError,
     "Value for attr 'T' of complex64 is not in the list of allowed values: ", '[Op:FloorMod] name: '),
    (lambda: _c() >= tf.constant([1]), InvalidArgumentError,
     "Value for attr 'T' of complex64 is not in the list of allowed values: ", '[Op:GreaterEqual] name: '),
    (lambda: _c() // tf.constant([1.]), NotFoundError,
     'Could not find device for node: {{node FloorDiv}} = FloorDiv[T=DT_COMPLEX64]\n', '[Op:FloorDiv] name: '),
    (lambda: tf.pow(tf.constant([1], tf.uint8), tf.constant([1], tf.int8)), InvalidArgumentError,
     "Value for attr 'T' of uint8 is not in the list of allowed values: bfloat16, float, half, double, int8, ",
     '[Op:Pow] name: '),
    (lambda: tf.math.atan2(tf.constant([1]), tf.constant([1.])), InvalidArgumentError,
     "Value for attr 'T' of int32 is not in the list of allowed values: bfloat16, half, float, double", ''),
    (lambda: tf.truncatediv(tf.constant([1.]), tf.constant([1])), InvalidArgumentError,
     'cannot compute TruncateDiv as input #1(zero-based) was expected to be a float tensor but is a int32 tensor',
     '[Op:TruncateDiv] name: '),
    (lambda: tf.truncatemod(tf.constant([1]), tf.constant([1.])), InvalidArgumentError,
     'cannot compute TruncateMod as input #1(zero-based) was expected to be a int32 tensor but is a float tensor',
     '[Op:TruncateMod] name: '),
    (lambda: tf.truncatediv(_c(), tf.constant([1.])), NotFoundError,
     'Could not find device for node: {{node TruncateDiv}} = TruncateDiv[T=DT_COMPLEX64]\n', '[Op:TruncateDiv] name: '),
])
def test_mixed_dtype_refusals_in_tfs_order(call, error, start, end):
    with pytest.raises(error) as info:
        call()
    text = str(info.value)
    assert text.startswith(start), text
    assert text.endswith(end), text


def test_mixed_float_tensors_still_name_the_second_input():
    with pytest.raises(InvalidArgumentError) as info:
        tf.constant([1.]) < tf.constant([1.], tf.float64)
    assert str(info.value) == ('cannot compute Less as input #1(zero-based) was expected to be a float tensor but is a '
                               'double tensor [Op:Less] name: ')
