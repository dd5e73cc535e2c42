"""Tensor operators promote dtypes as NumPy does once tnp.experimental_enable_numpy_behavior() is on.

The tf_numpy guide's "Type promotion" cell adds tnp.asarray(1, dtype=d) values of int32, int64,
float32 and float64 pairwise; tapeflow raised TensorFlow's default AddV2 dtype error instead. Expected
dtypes and values were printed by TF 2.21 (tensorflow-cpu, numpy 2.4) for the same expressions.
"""
import numpy as np
import pytest

import framework as tf
from framework import tensor_numpy_methods


def _a():
    return tf.constant(1, tf.int32)


def _b():
    return tf.constant(2, tf.int64)


def _f():
    return tf.constant(1.5, tf.float32)


def _d():
    return tf.constant(2.5, tf.float64)


# (expression, TF 2.21's dtype, TF 2.21's value)
CASES = [
    ('a + b', lambda: _a() + _b(), 'int64', 3),
    ('b + a', lambda: _b() + _a(), 'int64', 3),
    ('a * f', lambda: _a() * _f(), 'float64', 1.5),
    ('f - d', lambda: _f() - _d(), 'float64', -1.0),
    ('a / b', lambda: _a() / _b(), 'float64', 0.5),
    ('a // b', lambda: _a() // _b(), 'int64', 0),
    ('a % b', lambda: _a() % _b(), 'int64', 1),
    ('a ** b', lambda: _a() ** _b(), 'int64', 1),
    ('f ** a', lambda: _f() ** _a(), 'float64', 1.5),
    ('a < b', lambda: _a() < _b(), 'bool', True),
    ('a == b', lambda: _a() == _b(), 'bool', False),
    ('a != f', lambda: _a() != _f(), 'bool', True),
    ('a >= f', lambda: _a() >= _f(), 'bool', False),
    ('a & b', lambda: _a() & _b(), 'int64', 0),
    ('a + 2.5', lambda: _a() + 2.5, 'float64', 3.5),
    ('2.5 + a', lambda: 2.5 + _a(), 'float64', 3.5),
    ('f + 2.5', lambda: _f() + 2.5, 'float32', 4.0),
    ('a + 2', lambda: _a() + 2, 'int32', 3),
    ('f + np.float64', lambda: _f() + np.float64(2), 'float64', 3.5),
    ('a + np.int64', lambda: _a() + np.int64(3), 'int64', 4),
    ('a + np array', lambda: _a() + np.array([1.0]), 'float64', [2.0]),
    ('f @ d', lambda: tf.reshape(_f(), [1, 1]) @ tf.reshape(_d(), [1, 1]), 'float64', [[3.75]]),
    ('bool + int32', lambda: tf.constant(True) + _a(), 'int32', 2),
    ('uint8 + int8', lambda: tf.constant(1, tf.uint8) + tf.constant(1, tf.int8), 'int16', 2),
    ('float16 + float32', lambda: tf.constant(1, tf.float16) + _f(), 'float32', 2.5),
    ('complex64 + float64', lambda: tf.constant(1, tf.complex64) + _d(), 'complex128', 3.5),
    ('int64 - float32', lambda: _b() - _f(), 'float64', 0.5),
    ('f * 2j', lambda: _f() * 2j, 'complex64', 3j),
    ('variable + f', lambda: tf.Variable(2.0, dtype=tf.float64) + _f(), 'float64', 3.5),
    ('f + variable', lambda: _f() + tf.Variable(2.0, dtype=tf.float64), 'float64', 3.5),
    ('int32 + list', lambda: tf.constant([1, 2]) + [1, 2], 'int32', [2, 4]),
    ('int32 < 2.5', lambda: tf.constant([1, 2]) < 2.5, 'bool', [True, True]),
    ('bfloat16 + f', lambda: tf.constant(1, tf.bfloat16) + _f(), 'float32', 2.5),
]


@pytest.mark.parametrize('text, make, dtype, value', CASES, ids=[c[0] for c in CASES])
def test_operators_promote_as_tensorflow_with_numpy_behavior(numpy_behavior, text, make, dtype, value):
    result = make()
    assert result.dtype.name == dtype
    assert result.numpy().tolist() == value


@pytest.mark.parametrize('call', [lambda: tf.add(_a(), _b()), lambda: tf.math.multiply(_a(), _f()),
                                  lambda: tf.maximum(_a(), _b()), lambda: tf.where(True, _a(), _b())])
def test_functions_keep_tensorflows_dtype_check(numpy_behavior, call):
    # TF 2.21: only the operators promote; tf.add(int32, int64) is still InvalidArgumentError
    with pytest.raises(tf.errors.InvalidArgumentError, match='was expected to be a int32 tensor'):
        call()


def test_comparing_with_none_and_the_op_errors_are_kept(numpy_behavior):
    assert (tf.constant([1, 2]) == None) is False      # noqa: E711 (TF 2.21: False)
    with pytest.raises(ValueError, match=r'Attempt to convert a value \(None\)'):
        tf.constant([1, 2]) + None
    with pytest.raises(TypeError, match="data type 'x' not understood"):    # np.result_type's own error
        tf.constant([1, 2]) == 'x'


def test_the_gradient_flows_back_through_the_promotion(numpy_behavior):
    # TF 2.21: y is float64 and dy/dx the float32 3.0 (the cast's gradient)
    x = tf.constant(2.0)
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = x * tf.constant(3.0, tf.float64)
    grad = tape.gradient(y, x)
    assert y.dtype == tf.float64 and grad.dtype == tf.float32 and float(grad) == 3.0


def test_without_numpy_behavior_operators_keep_tensorflows_error():
    saved = list(tensor_numpy_methods.ENABLED)
    tensor_numpy_methods.ENABLED[:] = []
    try:
        with pytest.raises(tf.errors.InvalidArgumentError, match='cannot compute AddV2'):
            _a() + _b()
        assert (_f() + 2.5).dtype == tf.float32
    finally:
        tensor_numpy_methods.ENABLED[:] = saved
