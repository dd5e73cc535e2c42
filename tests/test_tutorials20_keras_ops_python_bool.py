"""keras.ops binary ops given a bool tensor and a Python bool: Keras 3.15 keeps the pair bool (a weak
Python bool does not promote a bool tensor), so TF 2.21's kernels refuse it (AddV2, Sub, Maximum, Pow,
Greater, FloorDiv ...: "Value for attr 'T' of bool is not in the list of allowed values"), and mod by a
Python False divides by zero. tapeflow cast the tensor to int32 and returned numbers. A Python int or
float beside a bool tensor still promotes (int32 / float32). Printed by TF 2.21 (/opt/tfref;
notes/progs/tutorials20 t20o.py, the imbalanced-data tutorial's bool variables)."""
import pytest

import framework as tf
from framework import keras

T = tf.constant([True, False])
_ADD = ("Value for attr 'T' of bool is not in the list of allowed values: bfloat16, half, float, double, uint8, "
        "uint16, uint32, uint64, int8, int16, int32, int64, complex64, complex128\n\t; NodeDef: {{node AddV2}}; "
        "Op<name=AddV2; signature=x:T, y:T -> z:T; attr=T:type,allowed=[DT_BFLOAT16, DT_HALF, DT_FLOAT, DT_DOUBLE, "
        "DT_UINT8, DT_UINT16, DT_UINT32, DT_UINT64, DT_INT8, DT_INT16, DT_INT32, DT_INT64, DT_COMPLEX64, "
        "DT_COMPLEX128]; is_commutative=true; is_aggregate=true> [Op:AddV2] name: ")
_MAX = ("Value for attr 'T' of bool is not in the list of allowed values: bfloat16, half, float, double, int8, uint8, "
        "int16, uint16, int32, uint32, int64, uint64\n\t; NodeDef: {{node Maximum}}; Op<name=Maximum; signature=x:T, "
        "y:T -> z:T; attr=T:type,allowed=[DT_BFLOAT16, DT_HALF, DT_FLOAT, DT_DOUBLE, DT_INT8, DT_UINT8, DT_INT16, "
        "DT_UINT16, DT_INT32, DT_UINT32, DT_INT64, DT_UINT64]> [Op:Maximum] name: ")


def _raised(fn):
    with pytest.raises(Exception) as info:
        fn()
    return type(info.value).__name__, str(info.value)


def test_full_texts():
    assert _raised(lambda: keras.ops.add(T, True)) == ('InvalidArgumentError', _ADD)
    assert _raised(lambda: keras.ops.add(False, T)) == ('InvalidArgumentError', _ADD)
    assert _raised(lambda: keras.ops.maximum(False, T)) == ('InvalidArgumentError', _MAX)


@pytest.mark.parametrize('name, kernel', [('subtract', 'Sub'), ('minimum', 'Minimum'), ('power', 'Pow'),
                                          ('greater', 'Greater'), ('floor_divide', 'FloorDiv')])
def test_each_kernel_refuses_bools(name, kernel):
    for args in ((T, True), (False, T)):
        kind, text = _raised(lambda: getattr(keras.ops, name)(*args))
        assert kind == 'InvalidArgumentError'
        assert text.startswith("Value for attr 'T' of bool is not in the list of allowed values: ")
        assert text.endswith('> [Op:%s] name: ' % kernel)


def test_ops_that_take_bools_and_numbers_that_promote():
    assert keras.ops.equal(T, True).numpy().tolist() == [True, False]
    assert keras.ops.logical_and(False, T).numpy().tolist() == [False, False]
    r = keras.ops.divide(T, True)
    assert r.dtype == tf.float32 and r.numpy().tolist() == [1.0, 0.0]
    assert keras.ops.mod(T, True).numpy().tolist() == [0, 0]
    r = keras.ops.add(T, 1)
    assert r.dtype == tf.int32 and r.numpy().tolist() == [2, 1]
    r = keras.ops.subtract(T, 1.5)
    assert r.dtype == tf.float32 and r.numpy().tolist() == [-0.5, -1.5]
    assert keras.ops.maximum(T, 1).numpy().tolist() == [1, 1]
