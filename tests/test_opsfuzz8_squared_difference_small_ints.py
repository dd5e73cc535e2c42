"""tf.math.squared_difference refuses int8 / int16 as TF 2.21's SquaredDifference registry does (bfloat16,
half, float, double, int32, int64, complex64, complex128), with its ' name: ' tail only on the fast path.

Text printed by TF 2.21 (/work/notes/progs/opsfuzz8/p18_ops2.py):
    tf.math.squared_difference(tf.constant([1, 2], tf.int8), np.float64(2.5))
"""
import numpy as np
import pytest

import framework as tf
from framework.errors import InvalidArgumentError

_TEXT = ("Value for attr 'T' of %s is not in the list of allowed values: bfloat16, half, float, double, int32, int64, "
         "complex64, complex128\n\t; NodeDef: {{node SquaredDifference}}; Op<name=SquaredDifference; signature=x:T, "
         "y:T -> z:T; attr=T:type,allowed=[DT_BFLOAT16, DT_HALF, DT_FLOAT, DT_DOUBLE, DT_INT32, DT_INT64, DT_COMPLEX64, "
         "DT_COMPLEX128]; is_commutative=true> [Op:SquaredDifference]")


@pytest.mark.parametrize('dtype', [tf.int8, tf.int16])
def test_small_signed_ints_are_refused(dtype):
    x = tf.constant([1, 2], dtype)
    with pytest.raises(InvalidArgumentError) as info:
        tf.math.squared_difference(x, tf.constant([3, 3], dtype))
    assert str(info.value) == _TEXT % dtype.name + ' name: '
    with pytest.raises(InvalidArgumentError) as info:
        tf.math.squared_difference(x, np.float64(2.5))
    assert str(info.value) == _TEXT % dtype.name + ' name: '
    with pytest.raises(InvalidArgumentError) as info:       # a numpy int scalar: TF's slow path
        tf.math.squared_difference(x, np.int8(3))
    assert str(info.value) == _TEXT % dtype.name


def test_int32_still_squares_the_difference():
    got = tf.math.squared_difference(tf.constant([1, 2]), tf.constant([3, 3]))
    assert got.dtype == tf.int32 and got.numpy().tolist() == [4, 1]
