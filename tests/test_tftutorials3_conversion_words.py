"""Converting a value to a given dtype, and assigning to a Variable, fail as in TensorFlow 2.21
(printed by TF, notes/progs/tftutorials3/cvt.py and var.py): TypeError 'Cannot convert ... to
EagerTensor of dtype float' for strings, Python floats into integers (even 3.0), numbers into bool
and complex into real dtypes; ValueError 'Tensor conversion requested dtype ...' for a tensor of
another dtype. Variable.assign raises those same errors (the variable guide), its own words in a note."""
import numpy as np
import pytest

import framework as tf


def _outcome(fn):
    try:
        return repr(fn())
    except Exception as error:      # noqa: BLE001  (the class is what is compared)
        return '%s: %s' % (type(error).__name__, error)


@pytest.mark.parametrize('fn, expected', [
    (lambda: tf.constant('x', tf.float32), "TypeError: Cannot convert 'x' to EagerTensor of dtype float"),
    (lambda: tf.constant('x', tf.float64), "TypeError: Cannot convert 'x' to EagerTensor of dtype double"),
    (lambda: tf.convert_to_tensor(['x', 'y'], tf.int32),
     "TypeError: Cannot convert ['x', 'y'] to EagerTensor of dtype int32"),
    (lambda: tf.constant([1], tf.bool), 'TypeError: Cannot convert [1] to EagerTensor of dtype bool'),
    (lambda: tf.constant([1 + 2j], tf.float32), 'TypeError: Cannot convert [(1+2j)] to EagerTensor of dtype float'),
    (lambda: tf.constant([1.0, 2.0], tf.int32), 'TypeError: Cannot convert [1.0, 2.0] to EagerTensor of dtype int32'),
    (lambda: tf.convert_to_tensor(tf.constant(1.0), tf.float64),
     'ValueError: Tensor conversion requested dtype float64 for Tensor with dtype float32: '
     '<tf.Tensor: shape=(), dtype=float32, numpy=1.0>'),
])
def test_conversion_errors(fn, expected):
    assert _outcome(fn) == expected


@pytest.mark.parametrize('fn, expected', [
    (lambda: tf.Variable(1.0).assign('x'), "TypeError: Cannot convert 'x' to EagerTensor of dtype float"),
    (lambda: tf.Variable(1.0).assign_sub('x'), "TypeError: Cannot convert 'x' to EagerTensor of dtype float"),
    (lambda: tf.Variable([1, 2]).assign([1.5, 2.5]), 'TypeError: Cannot convert [1.5, 2.5] to EagerTensor of dtype '
                                                     'int32'),
    (lambda: tf.Variable(1.0).assign_add(tf.constant(2.0, tf.float64)),
     'ValueError: Tensor conversion requested dtype float32 for Tensor with dtype float64: '
     '<tf.Tensor: shape=(), dtype=float64, numpy=2.0>'),
    (lambda: tf.Variable(1.0).assign(None), "ValueError: Attempt to convert a value (None) with an unsupported type "
                                            "(<class 'NoneType'>) to a Tensor."),
])
def test_variable_assign_errors(fn, expected):
    assert _outcome(fn) == expected


def test_what_converts_still_converts():
    assert tf.Variable([1, 2]).assign(np.array([1.5, 2.5])).numpy().tolist() == [1, 2]   # numpy arrays are cast
    assert tf.constant([1, 2], tf.float32).dtype == tf.float32
    assert tf.constant([True], tf.bool).numpy().tolist() == [True]
    assert tf.constant([], tf.int32).shape == (0,)
