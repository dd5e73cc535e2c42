"""A binary op's dtype refusal for string (and bool) tensors ends in ' name: ' exactly when TensorFlow's
eager fast path ran it: both operands tensors, variables or numpy arrays. A Python str or bytes beside a
string tensor, or a Python list beside either, sends TF 2.21 down the slow path, whose words end at
'[Op:Sub]'. tapeflow never gave strings the tail and always gave bools it. Texts printed by TF 2.21
(/opt/tfref; notes/progs/tutorials20: t20f.py / t20e.py sweeps)."""
import numpy as np
import pytest

import framework as tf

_SUB = ("Value for attr 'T' of string is not in the list of allowed values: bfloat16, half, float, double, uint8, "
        "int8, uint16, int16, int32, int64, complex64, complex128, uint32, uint64\n\t; NodeDef: {{node Sub}}; "
        "Op<name=Sub; signature=x:T, y:T -> z:T; attr=T:type,allowed=[DT_BFLOAT16, DT_HALF, DT_FLOAT, DT_DOUBLE, "
        "DT_UINT8, DT_INT8, DT_UINT16, DT_INT16, DT_INT32, DT_INT64, DT_COMPLEX64, DT_COMPLEX128, DT_UINT32, "
        "DT_UINT64]> [Op:Sub]")
_BOOL_MAX = ("Value for attr 'T' of bool is not in the list of allowed values: bfloat16, half, float, double, int8, "
             "uint8, int16, uint16, int32, uint32, int64, uint64\n\t; NodeDef: {{node Maximum}}; Op<name=Maximum; "
             "signature=x:T, y:T -> z:T; attr=T:type,allowed=[DT_BFLOAT16, DT_HALF, DT_FLOAT, DT_DOUBLE, DT_INT8, "
             "DT_UINT8, DT_INT16, DT_UINT16, DT_INT32, DT_UINT32, DT_INT64, DT_UINT64]> [Op:Maximum]")


def _raised(fn):
    with pytest.raises(Exception) as info:
        fn()
    return type(info.value).__name__, str(info.value)


A, B = tf.constant(['a']), tf.constant(['b'])


@pytest.mark.parametrize('x, y', [(A, B), (A, np.array(['b'])), (np.array(['a']), B), (tf.Variable(['a']), B),
                                  (np.array([b'a']), np.array([b'b']))])
def test_tensors_and_arrays_take_the_fast_path(x, y):
    assert _raised(lambda: tf.subtract(x, y)) == ('InvalidArgumentError', _SUB + ' name: ')


@pytest.mark.parametrize('x, y', [(A, 'b'), ('a', B), (A, ['b']), (A, b'b')])
def test_python_strings_and_lists_take_the_slow_path(x, y):
    assert _raised(lambda: tf.subtract(x, y)) == ('InvalidArgumentError', _SUB)


def test_operators_and_other_kernels():
    assert _raised(lambda: A - B) == ('InvalidArgumentError', _SUB + ' name: ')
    text = _raised(lambda: A * B)[1]
    assert text.endswith('; is_commutative=true> [Op:Mul] name: ')
    assert _raised(lambda: tf.maximum(A, B))[1].endswith('> [Op:Maximum] name: ')
    assert _raised(lambda: tf.less(A, 'b'))[1].endswith('> [Op:Less]')


def test_bools_beside_a_list_lose_the_tail():
    t = tf.constant([True])
    assert _raised(lambda: tf.maximum(t, [True])) == ('InvalidArgumentError', _BOOL_MAX)
    assert _raised(lambda: tf.maximum(t, True)) == ('InvalidArgumentError', _BOOL_MAX + ' name: ')
    assert _raised(lambda: tf.maximum(t, t)) == ('InvalidArgumentError', _BOOL_MAX + ' name: ')
