"""keras.ops result dtypes where tapeflow differed from Keras 3 on TensorFlow 2.21 (found by a sweep
of 9 binary ops x 14 dtypes x 15 and 70 unary ops x 12 dtypes against the reference; values and
dtypes below were printed by TF 2.21 + Keras 3)."""
import numpy as np
import pytest

import framework as tf
from framework import keras

ops = keras.ops


def _bf16(values):
    return ops.cast(np.array(values), 'bfloat16')


@pytest.mark.parametrize('other, expected', [
    ('int8', 'bfloat16'), ('uint16', 'bfloat16'), ('int32', 'bfloat16'), ('int64', 'bfloat16'),
    ('float16', 'float32'), ('float32', 'float32'), ('float64', 'float64'), ('bool', 'bfloat16'),
])
def test_bfloat16_meets_other_dtypes_on_keras_lattice(other, expected):
    # bfloat16 is numpy kind 'V': it was read as a non-float (int32 + bfloat16 gave float64)
    x = ops.cast(np.array([1, 0]), other)
    for op in (ops.add, ops.multiply, ops.divide, ops.maximum):
        assert op(x, _bf16([1, 2])).dtype == expected and op(_bf16([1, 2]), x).dtype == expected


def test_bfloat16_stays_bfloat16_in_float_ops_and_leaky_relu():
    assert ops.sqrt(_bf16([4, 9])).dtype == tf.bfloat16
    assert ops.leaky_relu(_bf16([1, -2])).dtype == tf.bfloat16
    assert tf.nn.leaky_relu(_bf16([1, -2])).numpy().astype(np.float32).tolist() == [1.0, -0.400390625]


@pytest.mark.parametrize('dtype, expected', [('int8', 'int32'), ('uint8', 'int32'), ('int16', 'int32'),
                                             ('uint32', 'int64'), ('float16', 'float32')])
def test_mod_converts_a_python_number_to_a_tensor_first(dtype, expected):
    # Keras 3's mod calls convert_to_tensor on both sides: 3 is an int32 tensor, 2.5 a float32 one
    x = ops.cast(np.array([7, 8]), dtype)
    number = 2.5 if dtype == 'float16' else 3
    assert ops.mod(x, number).dtype == expected and ops.mod(number, x).dtype == expected


@pytest.mark.parametrize('dtype, expected', [('bool', 'int32'), ('int8', 'int32'), ('int16', 'int32'),
                                             ('uint8', 'uint32'), ('uint16', 'uint32'), ('int64', 'int64')])
def test_sum_prod_and_trace_widen_small_integers(dtype, expected):
    x = ops.cast(np.array([[1, 2], [0, 3]]), dtype)
    assert ops.sum(x).dtype == expected and ops.prod(x).dtype == expected and ops.trace(x).dtype == expected
    assert int(ops.sum(np.array([100, 100], 'int8'))) == 200


def test_abs_and_trunc_give_bools_back():
    b = np.array([True, False])
    assert ops.abs(b).dtype == tf.bool and ops.absolute(b).dtype == tf.bool and ops.trunc(b).dtype == tf.bool
    assert ops.abs(np.array([3], 'uint8')).dtype == tf.uint8


def test_int64_goes_to_float64_in_cbrt_deg2rad_and_rad2deg():
    x = np.array([8, -27, 5], 'int64')
    for op in (ops.cbrt, ops.deg2rad, ops.rad2deg):
        assert op(x).dtype == tf.float64
    assert ops.deg2rad(np.array([1], 'int32')).dtype == tf.float32


def test_exp2_is_a_power_of_two():
    # Keras's pow(2, x): exact for whole x in float16, where exp(x * log 2) gave 8.008
    assert np.asarray(ops.exp2(np.array([1.0, 2.0, 3.0], 'float16'))).tolist() == [2.0, 4.0, 8.0]
    x = np.linspace(-7.3, 9.1, 23).astype('float32')
    assert np.asarray(ops.exp2(x)).tolist()[:4] == [0.006345720961689949, 0.010638618841767311,
                                                     0.017835667356848717, 0.029901541769504547]
    assert np.asarray(ops.exp2(x.astype('float16'))).tolist()[-3:] == [195.25, 326.75, 549.5]


def test_deg2rad_divides_pi_by_180_in_float32():
    x = np.linspace(-7.3, 9.1, 23).astype('float32')
    assert np.asarray(ops.deg2rad(x)).tolist()[:3] == [-0.12740904092788696, -0.11439839750528336,
                                                       -0.10138776898384094]


def test_one_hot_truncates_float_and_bool_labels_to_int64():
    assert np.asarray(ops.one_hot(np.array([0.7, 2.9, -0.5, 1.0]), 3)).tolist() == [
        [1.0, 0.0, 0.0], [0.0, 0.0, 1.0], [1.0, 0.0, 0.0], [0.0, 1.0, 0.0]]
    assert np.asarray(ops.one_hot(np.array([True, False]), 2)).tolist() == [[0.0, 1.0], [1.0, 0.0]]
