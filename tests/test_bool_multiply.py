"""Bool tensors and multiplication, as TF 2.21: tf.multiply (and keras.ops.multiply) refuse bools with the
Mul kernel's registry error, while the ``*`` operator casts both operands to int32, multiplies and casts
back to bool (a logical and; numbers count by their int32 value). Literals printed by TF 2.21."""
import numpy as np
import pytest

import framework as tf
from framework import keras

A = [True, False]
MUL_REFUSAL = ("Value for attr 'T' of bool is not in the list of allowed values: bfloat16, half, float, double, "
               "uint8, int8, uint16, int16, int32, uint32, uint64, int64, complex64, complex128\n\t; NodeDef: "
               "{{node Mul}}; Op<name=Mul; signature=x:T, y:T -> z:T; attr=T:type,allowed=[DT_BFLOAT16, DT_HALF, "
               "DT_FLOAT, DT_DOUBLE, DT_UINT8, DT_INT8, DT_UINT16, DT_INT16, DT_INT32, DT_UINT32, DT_UINT64, "
               "DT_INT64, DT_COMPLEX64, DT_COMPLEX128]; is_commutative=true> [Op:Mul] name: ")


@pytest.mark.parametrize('call', [
    lambda a: tf.multiply(a, tf.constant([True, True])),
    lambda a: tf.math.multiply(a, a),
    lambda a: tf.multiply(a, True),
    lambda a: keras.ops.multiply(a, a),
    lambda a: tf.multiply(tf.Variable([True]), a),
])
def test_multiply_refuses_bools(call):
    with pytest.raises(tf.errors.InvalidArgumentError) as caught:
        call(tf.constant(A))
    assert str(caught.value) == MUL_REFUSAL


@pytest.mark.parametrize('call, expected', [
    (lambda a: a * tf.constant([True, True]), [True, False]),
    (lambda a: a * True, [True, False]),
    (lambda a: True * a, [True, False]),
    (lambda a: a * 2, [True, False]),
    (lambda a: a * 1.5, [True, False]),
    (lambda a: a * 0, [False, False]),
    (lambda a: a * tf.constant([1, 2]), [True, False]),
    (lambda a: tf.constant([1, 2]) * a, [True, False]),
    (lambda a: a * tf.constant([0.5, 2.0]), [False, False]),      # 0.5 is 0 as an int32
    (lambda a: tf.constant([1.0, 2.0]) * a, [True, False]),
    (lambda a: a * [1, 0], [True, False]),
    (lambda a: a * np.array([True, False]), [True, False]),
    (lambda a: np.array([True, False]) * a, [True, False]),
    (lambda a: a * [[1], [0]], [[True, False], [False, False]]),
    (lambda a: tf.Variable(A) * tf.constant([True, True]), [True, False]),
])
def test_star_operator_on_bools_is_a_cast_product(call, expected):
    out = call(tf.constant(A))
    assert out.dtype == tf.bool and out.numpy().tolist() == expected


@pytest.mark.parametrize('call, error, text', [
    (lambda a: 2 * a, TypeError, 'Cannot convert 2 to EagerTensor of dtype bool'),        # converted to bool first
    (lambda a: [1, 0] * a, TypeError, 'Cannot convert [1, 0] to EagerTensor of dtype bool'),
    (lambda a: a * None, ValueError,
     "Attempt to convert a value (None) with an unsupported type (<class 'NoneType'>) to a Tensor."),
    (lambda a: a * 'x', tf.errors.UnimplementedError, 'Cast string to int32 is not supported'),
])
def test_star_operator_on_bools_fails_as_tensorflow(call, error, text):
    with pytest.raises(error) as caught:
        call(tf.constant(A))
    assert text in str(caught.value)


def test_numbers_still_multiply_as_before():
    x = tf.constant([1.5, 2.0])
    assert (x * 2).numpy().tolist() == [3.0, 4.0] and (2 * x).numpy().tolist() == [3.0, 4.0]
    assert (tf.constant([3]) * tf.constant([4])).numpy().tolist() == [12]
    with pytest.raises(tf.errors.InvalidArgumentError):      # float32 * float64 still refused
        x * tf.constant([1.0, 1.0], tf.float64)
