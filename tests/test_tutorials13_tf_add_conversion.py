"""tf.add / tf.math.add convert x on its own, then y with x's dtype as a hint (TensorFlow's math_ops.add).

guide/tf_numpy_type_promotion prints ``tf.add(tf.add(np.array(1, np.int8), tf.constant(1)), ...)`` as an
InvalidArgumentError (the int8 x meets an int32 tensor y); tapeflow converted x to y's dtype and gave 3.
Goldens printed by TF 2.21 (/work/notes/progs/tutorials13/probe_add2.py, probe_add3.py).
"""
import numpy as np
import pytest

import framework as tf


def _kernel_text(first, second):
    return ('cannot compute AddV2 as input #1(zero-based) was expected to be a %s tensor but is a %s tensor '
            '[Op:AddV2] name: ' % (first, second))


@pytest.mark.parametrize('x, y, first, second', [
    (1, tf.constant(2.0), 'int32', 'float'),
    (1.5, tf.constant(2), 'float', 'int32'),
    ([1, 2], tf.constant(2.0), 'int32', 'float'),
    (np.float64(1.5), tf.constant(2.0), 'double', 'float'),
    (np.array([1.5]), tf.constant(2.0), 'double', 'float'),
    (np.array([1]), tf.constant(2), 'int64', 'int32'),
    (np.array(1, np.int8), tf.constant(2), 'int8', 'int32'),
    (1, tf.constant(2, tf.int64), 'int32', 'int64'),
    (1.0, tf.constant(2.0, tf.float16), 'float', 'half'),
    (1.0, tf.constant(2.0, tf.complex64), 'float', 'complex64'),
    (1, tf.constant(2, tf.uint8), 'int32', 'uint8'),
    (1, tf.constant('a'), 'int32', 'string'),
])
def test_a_non_tensor_x_keeps_its_own_dtype(x, y, first, second):
    for add in (tf.add, tf.math.add):
        with pytest.raises(tf.errors.InvalidArgumentError) as info:
            add(x, y)
        assert str(info.value) == _kernel_text(first, second)


def test_a_variable_y_and_keyword_arguments_are_refused_alike():
    with pytest.raises(tf.errors.InvalidArgumentError, match='expected to be a int8 tensor but is a int32'):
        tf.add(np.array(1, np.int8), tf.Variable(1))
    with pytest.raises(tf.errors.InvalidArgumentError, match='expected to be a int32 tensor but is a float'):
        tf.add(x=1, y=tf.constant(2.0))


def test_a_bool_x_is_refused_by_the_kernel_type_check_first():
    with pytest.raises(tf.errors.InvalidArgumentError, match="Value for attr 'T' of bool is not in the list"):
        tf.add(np.array(True), tf.constant(2))


def test_what_tensorflow_accepts_still_runs():
    # (x, y, TF 2.21's dtype and value)
    cases = [
        (tf.constant(2.0), np.array([1.5]), 'float32', [3.5]),            # y converts with x's dtype as a hint
        (tf.constant(2), np.array(3, np.int64), 'int32', 5),
        (np.array(1, np.int8), np.array(1, np.int32), 'int8', 2),          # neither is a tensor: y follows x
        (np.array(1, np.int8), 1, 'int8', 2),
        (2 ** 40, tf.constant(2, tf.int64), 'int64', 1099511627778),      # a big int converts to int64
        (np.float32(1), tf.constant(2.0), 'float32', 3.0),
    ]
    for x, y, dtype, value in cases:
        out = tf.add(x, y)
        assert out.dtype.name == dtype
        np.testing.assert_array_equal(out.numpy(), value)
    assert tf.add(b'x', tf.constant('a')).numpy() == b'xa'
    assert tf.add('a', tf.constant('b')).numpy() == b'ab'
    ragged = tf.add(1, tf.ragged.constant([[1.0], [2.0, 3.0]]))
    assert ragged.to_list() == [[2.0], [3.0, 4.0]]


def test_the_operator_and_other_binary_apis_convert_to_the_tensors_dtype():
    # TF 2.21: 1 + f32 -> 3.0, tf.multiply(np int8, int32) -> int32 1, tf.subtract(np int8, int32) -> int32 -1
    assert (1 + tf.constant(2.0)).numpy() == 3.0
    out = tf.multiply(np.array(1, np.int8), tf.constant(1))
    assert out.dtype == tf.int32 and out.numpy() == 1
    out = tf.subtract(np.array(1, np.int8), tf.constant(2))
    assert out.dtype == tf.int32 and out.numpy() == -1


def test_the_type_promotion_guides_legacy_cells():
    # TF 2.21: (a + b) + c raises; (b + a) + c is int32 3 (c: a float16 numpy scalar, hinted to int32)
    a = np.array(1, dtype=np.int8)
    b = tf.constant(1)
    c = np.array(1, dtype=np.float16)
    with pytest.raises(tf.errors.InvalidArgumentError, match='expected to be a int8 tensor but is a int32'):
        tf.add(tf.add(a, b), c)
    out = tf.add(tf.add(b, a), c)
    assert out.dtype == tf.int32 and out.numpy() == 3


def test_the_error_explains_what_to_do():
    with pytest.raises(tf.errors.InvalidArgumentError) as info:
        tf.add(1, tf.constant(2.0))
    note = ' '.join(getattr(info.value, '__notes__', []))
    assert 'x became int32 while y is float32' in note and 'dtype=y.dtype' in note
