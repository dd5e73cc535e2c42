"""Abs, Sign, Pow and SquaredDifference have no TF 2.21 kernel for unsigned integers (tapeflow computed
them with numpy); the op registry's error, as TF prints it. Literals: TF 2.21's output of
/work/notes/progs/errors11/p/a1.py (a1_tf.txt)."""
import pytest

import framework as tf

U8 = tf.cast(tf.constant([[1, 2, 3], [4, 5, 6]]), tf.uint8)
_SIGNED = 'bfloat16, half, float, double, int8, int16, int32, int64'
_DT = 'DT_BFLOAT16, DT_HALF, DT_FLOAT, DT_DOUBLE, DT_INT8, DT_INT16, DT_INT32, DT_INT64'
CASES = [
    (lambda: tf.abs(U8),
     "Value for attr 'T' of uint8 is not in the list of allowed values: " + _SIGNED + "\n\t; NodeDef: {{node Abs}}; "
     "Op<name=Abs; signature=x:T -> y:T; attr=T:type,allowed=[" + _DT + "]> [Op:Abs] name: "),
    (lambda: tf.abs(tf.cast(U8, tf.uint16)),
     "Value for attr 'T' of uint16 is not in the list of allowed values: " + _SIGNED + "\n\t; NodeDef: {{node Abs}}; "
     "Op<name=Abs; signature=x:T -> y:T; attr=T:type,allowed=[" + _DT + "]> [Op:Abs] name: "),
    (lambda: tf.sign(U8),
     "Value for attr 'T' of uint8 is not in the list of allowed values: " + _SIGNED + ", complex64, complex128\n\t; "
     "NodeDef: {{node Sign}}; Op<name=Sign; signature=x:T -> y:T; attr=T:type,allowed=[" + _DT +
     ", DT_COMPLEX64, DT_COMPLEX128]> [Op:Sign] name: "),
    (lambda: tf.pow(U8, 2),
     "Value for attr 'T' of uint8 is not in the list of allowed values: bfloat16, float, half, double, int8, int16, "
     "int32, int64, complex64, complex128\n\t; NodeDef: {{node Pow}}; Op<name=Pow; signature=x:T, y:T -> z:T; "
     "attr=T:type,allowed=[DT_BFLOAT16, DT_FLOAT, DT_HALF, DT_DOUBLE, DT_INT8, DT_INT16, DT_INT32, DT_INT64, "
     "DT_COMPLEX64, DT_COMPLEX128]> [Op:Pow] name: "),
    (lambda: tf.math.squared_difference(U8, 2),
     "Value for attr 'T' of uint8 is not in the list of allowed values: bfloat16, half, float, double, int32, int64, "
     "complex64, complex128\n\t; NodeDef: {{node SquaredDifference}}; Op<name=SquaredDifference; signature=x:T, "
     "y:T -> z:T; attr=T:type,allowed=[DT_BFLOAT16, DT_HALF, DT_FLOAT, DT_DOUBLE, DT_INT32, DT_INT64, DT_COMPLEX64, "
     "DT_COMPLEX128]; is_commutative=true> [Op:SquaredDifference] name: "),
]


@pytest.mark.parametrize('call, text', CASES)
def test_unsigned_ints_have_no_kernel(call, text):
    with pytest.raises(tf.errors.InvalidArgumentError) as info:
        call()
    assert str(info.value) == text


def test_ops_with_unsigned_kernels_still_compute():
    assert tf.square(U8).numpy().tolist() == [[1, 4, 9], [16, 25, 36]]
    assert tf.abs(tf.constant([-1, 2])).numpy().tolist() == [1, 2]
    assert tf.sign(tf.constant([-2., 0., 3.])).numpy().tolist() == [-1., 0., 1.]
    assert tf.pow(tf.constant([2, 3]), 2).numpy().tolist() == [4, 9]
    assert tf.math.squared_difference(tf.constant([3, 1]), 1).numpy().tolist() == [4, 0]
