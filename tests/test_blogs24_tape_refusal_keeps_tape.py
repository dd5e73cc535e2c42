"""A non-persistent tape whose gradient() call is refused for its arguments still answers a corrected
call, as in TF 2.21, which checks target and sources before the sweep that uses the tape up.
Expected texts and values printed by TF 2.21."""
import pytest

import framework as tf


def _tape():
    x = tf.Variable(2.0)
    with tf.GradientTape() as tape:
        y = x * 3
    return tape, x, y


def test_a_none_source_then_a_good_call():
    tape, x, y = _tape()
    with pytest.raises(TypeError, match='Cannot convert the argument `type_value`: None to a TensorFlow DType.'):
        tape.gradient(y, [x, None])
    assert tape.gradient([y, y], x).numpy() == 6.0


def test_a_string_source_then_a_jacobian():
    tape, x, y = _tape()
    with pytest.raises(TypeError, match="Cannot convert the argument `type_value`: 'x' to a TensorFlow DType."):
        tape.gradient(y, 'x')
    assert tape.jacobian(y, x).numpy() == 3.0


def test_a_none_target_then_a_good_call():
    tape, x, y = _tape()
    with pytest.raises(TypeError, match='received None'):
        tape.gradient(None, x)
    assert tape.gradient(y, x).numpy() == 3.0


def test_a_successful_call_still_uses_the_tape_up():
    tape, x, y = _tape()
    assert tape.gradient(y, x).numpy() == 3.0
    with pytest.raises(RuntimeError, match='A non-persistent GradientTape can only be used to compute one set'):
        tape.gradient(y, x)
