"""What GradientTape.gradient / jacobian say for arguments that are no tensors, and jacobian without
pfor on a one-shot tape, as TF 2.21 (progs/me19/tc.py, tc2.py, src.py: every case below run under
TF 2.21 and tapeflow; the texts are TF's)."""
import numpy as np
import pytest

import framework as tf


def _tape():
    x = tf.Variable([1.0, 2.0])
    with tf.GradientTape() as tape:
        y = x * x
    return tape, x, y


# TF's IsTrainable reads a number as a DataType enum: a trainable one (1.0 float32, 2 float64, 8 complex64,
# 14 bfloat16, 18-21) passes and the tape asks for its '_id'; another (3 int32, 5, 9, 22) fails on a log
# line's t.dtype; a number that is no enum (0, 2.5, 100, -1, False) fails as_dtype itself.
@pytest.mark.parametrize('value, words', [
    (1, "'int' object has no attribute '_id'"), (2.0, "'float' object has no attribute '_id'"),
    (3, "'int' object has no attribute 'dtype'"), (5.0, "'float' object has no attribute 'dtype'"),
    (14, "'int' object has no attribute '_id'"), (22, "'int' object has no attribute 'dtype'"),
    (102, "'int' object has no attribute '_id'"), (True, "'bool' object has no attribute '_id'"),
    (np.ones(2, int), "'numpy.ndarray' object has no attribute '_id'"),
    (np.float32(2.0), "'numpy.float32' object has no attribute '_id'")])
def test_non_tensor_sources_and_targets_fail_as_tf(value, words):
    tape, x, y = _tape()
    with pytest.raises(AttributeError) as caught:
        tape.gradient(y, value)
    assert str(caught.value) == words
    tape, x, y = _tape()
    with pytest.raises(AttributeError) as caught:
        tape.gradient([y, value], x)
    assert str(caught.value) == words


@pytest.mark.parametrize('value', [0, 2.5, 100, -1, False, 1e30])
def test_numbers_that_are_no_dtype_fail_its_conversion(value):
    tape, x, y = _tape()
    with pytest.raises(TypeError) as caught:
        tape.gradient(y, value)
    assert str(caught.value) == 'Cannot convert the argument `type_value`: %r to a TensorFlow DType.' % (value,)


def test_jacobian_without_pfor_needs_a_persistent_tape():
    x = tf.Variable([1.0, 2.0])
    with tf.GradientTape() as tape:
        y = x * x
    with pytest.raises(RuntimeError) as caught:
        tape.jacobian(y, x, experimental_use_pfor=False)
    assert str(caught.value) == ('GradientTape must be created with persistent=True to compute the jacobian with '
                                 'eager execution enabled and with  experimental_use_pfor set to False.')
    xb = tf.Variable([[1.0, 2.0], [3.0, 4.0]])
    with tf.GradientTape() as tape:
        y = xb * xb
    with pytest.raises(RuntimeError) as caught:
        tape.batch_jacobian(y, xb, experimental_use_pfor=False)
    assert str(caught.value) == ('GradientTape must be created with persistent=True to compute the batch_jacobian '
                                 'with eager execution enabled and  with experimental_use_pfor set to False.')
    with tf.GradientTape(persistent=True) as tape:
        y = xb * xb
    assert tape.batch_jacobian(y, xb, experimental_use_pfor=False).numpy()[1].tolist() == [[6.0, 0.0], [0.0, 8.0]]
