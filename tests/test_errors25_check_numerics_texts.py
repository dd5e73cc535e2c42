"""tf.debugging.check_numerics / assert_all_finite / assert_near: TF 2.21's classes and words
(probe: /work/notes/progs/errors25/p_numerics.py). check_numerics is a kernel: eager errors carry its
'{{function_node __wrapped__CheckNumerics ...}} ... [Op:CheckNumerics]' frame, a Python list drops the
' name: ' tail, an int tensor is refused by the op registry; assert_near is an Assert over its tolerances
(printed as tensors) and x, y, and holds only where |x - y| < tolerance strictly."""
import numpy as np
import pytest

import framework as tf

FRAME = '{{function_node __wrapped__CheckNumerics_device_/job:localhost/replica:0/task:0/device:CPU:0}} '


def _error(call):
    with pytest.raises(Exception) as caught:
        call()
    return type(caught.value).__name__, str(caught.value)


def test_check_numerics_eager_kernel_text():
    assert _error(lambda: tf.debugging.check_numerics(tf.constant([1.0, np.inf]), 'eager')) == (
        'InvalidArgumentError', FRAME + 'eager : Tensor had Inf values [Op:CheckNumerics] name: ')
    assert _error(lambda: tf.debugging.check_numerics(np.array([np.nan]), 'np')) == (
        'InvalidArgumentError', FRAME + 'np : Tensor had NaN values [Op:CheckNumerics] name: ')
    assert _error(lambda: tf.debugging.check_numerics([1.0, np.nan], 'list')) == (
        'InvalidArgumentError', FRAME + 'list : Tensor had NaN values [Op:CheckNumerics]')


def test_assert_all_finite_is_the_same_kernel():
    assert _error(lambda: tf.debugging.assert_all_finite(tf.constant([1.0, np.inf]), 'aaf')) == (
        'InvalidArgumentError', FRAME + 'aaf : Tensor had Inf values [Op:CheckNumerics] name: ')


@pytest.mark.parametrize('check', [tf.debugging.check_numerics, tf.debugging.assert_all_finite])
def test_integer_tensor_is_refused_by_the_registry(check):
    kind, text = _error(lambda: check(tf.constant([1, 2]), 'ints'))
    assert kind == 'InvalidArgumentError'
    assert text == ("Value for attr 'T' of int32 is not in the list of allowed values: bfloat16, half, float, "
                    "double\n\t; NodeDef: {{node CheckNumerics}}; Op<name=CheckNumerics; signature=tensor:T -> "
                    "output:T; attr=T:type,allowed=[DT_BFLOAT16, DT_HALF, DT_FLOAT, DT_DOUBLE]; attr=message:string; "
                    "is_stateful=true> [Op:CheckNumerics] name: ")


def test_finite_values_pass_through():
    x = tf.constant([1.0, 2.0])
    assert tf.debugging.check_numerics(x, 'ok') is x


def test_assert_near_texts():
    assert _error(lambda: tf.debugging.assert_near(tf.constant([1.0, 2.0, 3.0, 4.0]),
                                                   tf.constant([1.5, 2.0, 3.0, 4.0]), message='msg')) == (
        'InvalidArgumentError',
        "Expected 'tf.Tensor(False, shape=(), dtype=bool)' to be true. Summarized data: b'msg.  '\nb'x and y not "
        "equal to tolerance rtol = tf.Tensor(1.1920929e-06, shape=(), dtype=float32), atol = tf.Tensor(1.1920929e-06,"
        " shape=(), dtype=float32)'\nb'x (shape=(4,) dtype=float32) = '\n1.0, 2.0, 3.0, ...\nb'y (shape=(4,) "
        "dtype=float32) = '\n1.5, 2.0, 3.0, ...")
    assert _error(lambda: tf.debugging.assert_near(tf.constant([1.0], tf.float64), tf.constant([1.5], tf.float64),
                                                   rtol=0.1, atol=0.01)) == (
        'InvalidArgumentError',
        "Expected 'tf.Tensor(False, shape=(), dtype=bool)' to be true. Summarized data: b''\nb'x and y not equal to "
        "tolerance rtol = tf.Tensor(0.1, shape=(), dtype=float64), atol = tf.Tensor(0.01, shape=(), dtype=float64)'"
        "\nb'x (shape=(1,) dtype=float64) = '\n1.0\nb'y (shape=(1,) dtype=float64) = '\n1.5")
    assert _error(lambda: tf.debugging.assert_near(tf.constant([[1.0, 2.0], [3.0, 4.0]]),
                                                   tf.constant([[1.5, 2.0], [3.0, 4.0]]), summarize=2))[1].endswith(
        "b'x (shape=(2, 2) dtype=float32) = '\n1.0, 2.0, ...\nb'y (shape=(2, 2) dtype=float32) = '\n1.5, 2.0, ...")


def test_assert_near_of_integers_is_numpys_finfo_error():
    assert _error(lambda: tf.debugging.assert_near(tf.constant([1, 2]), tf.constant([1, 3]))) == (
        'ValueError', "data type <class 'numpy.int32'> not inexact")


def test_assert_near_is_strict_at_the_tolerance():
    tf.debugging.assert_near(tf.constant([1.0], tf.float64), tf.constant([1.05], tf.float64), atol=0.1)
    with pytest.raises(tf.errors.InvalidArgumentError):     # |0.5 - 0| < 0.5 fails, as TF's Less
        tf.debugging.assert_near(tf.constant([0.5], tf.float64), tf.constant([0.0], tf.float64), rtol=0.0, atol=0.5)
