"""errors19: the & | ^ operators on non-bool, non-integer tensors, reduce_any / reduce_all's string axis and
polyval's coeffs check, in TF 2.21's class and words (printed by TF 2.21, /work/notes/progs/errors19/q14.py)."""
import pytest

import framework as tf
from framework.errors import InvalidArgumentError
from tests.helpers_error_texts import assert_raises_exactly

_BITWISE = ("Value for attr 'T' of %s is not in the list of allowed values: int8, int16, int32, int64, uint8, uint16, "
            "uint32, uint64\n\t; NodeDef: {{node %s}}; Op<name=%s; signature=x:T, y:T -> z:T; attr=T:type,allowed="
            "[DT_INT8, DT_INT16, DT_INT32, DT_INT64, DT_UINT8, DT_UINT16, DT_UINT32, DT_UINT64]; is_commutative=true> "
            "[Op:%s] name: ")
_ANY = ("Value for attr 'Tidx' of %s is not in the list of allowed values: int32, int64\n\t; NodeDef: {{node %s}}; "
        "Op<name=%s; signature=input:bool, reduction_indices:Tidx -> output:bool; attr=keep_dims:bool,default=false; "
        "attr=Tidx:type,default=DT_INT32,allowed=[DT_INT32, DT_INT64]> [Op:%s]")


@pytest.mark.parametrize('call, error, text', [
    (lambda: tf.ones(2) & tf.ones(2), InvalidArgumentError, _BITWISE % ('float', 'BitwiseAnd', 'BitwiseAnd',
                                                                        'BitwiseAnd')),
    (lambda: tf.ones(2, tf.float64) | tf.ones(2, tf.float64), InvalidArgumentError,
     _BITWISE % ('double', 'BitwiseOr', 'BitwiseOr', 'BitwiseOr')),
    (lambda: tf.reduce_any(tf.constant([True]), axis='a'), InvalidArgumentError, _ANY % ('string', 'Any', 'Any', 'Any')),
    (lambda: tf.reduce_all(tf.constant([True]), axis=tf.constant(0.)), InvalidArgumentError,
     _ANY % ('float', 'All', 'All', 'All') + ' name: '),
    (lambda: tf.math.polyval(3, 2), ValueError, "Argument coeffs must be list type. Received type <class 'int'>."),
    (lambda: tf.math.polyval(tf.constant([1.]), 2.), ValueError, "Argument coeffs must be list type. Received type "
                                                                 "<class 'tensorflow.python.framework.ops.EagerTensor'>."),
])
def test_operator_and_reduction_texts(call, error, text):
    # tapeflow: LogicalAnd's input error for floats, its own axis sentence, polyval's TypeError
    assert_raises_exactly(call, error, text)


def test_bool_and_integer_operators_unchanged():
    assert (tf.constant([True, False]) & tf.constant([True, True])).numpy().tolist() == [True, False]
    assert (tf.constant([6]) & tf.constant([3])).numpy().tolist() == [2]
