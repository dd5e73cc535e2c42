"""A Keras variable's comparisons, ``&`` ``|`` ``^`` and ``@`` are Keras 3's (keras.ops.less, logical_and, matmul,
...): they promote the operands as keras.ops does, the logical ones give bools, and a vector multiplies.
TF 2.21 gave every dtype, value and text below (notes/progs/kerasvars1/p1.py, p2.py, p4.py)."""
import numpy as np
import pytest

import framework as tf
from framework import keras


def _ki():
    return keras.Variable(np.array([1, 2], 'int32'))


def _kf():
    return keras.Variable(np.array([1., 2.], 'float32'))


def _kd():
    return keras.Variable(np.array([1., 2.], 'float64'))


def _kb():
    return keras.Variable(np.array([True, False]))


def _ti():
    return tf.constant([1, 2])


@pytest.mark.parametrize('operation, dtype, values', [
    # TF 2.21: comparisons promote as keras.ops does (a tensor's refuses an int32 tensor or 1.5 for int32)
    (lambda: _kf() < _ti(), 'bool', [False, False]),
    (lambda: _kf() == _ti(), 'bool', [True, True]),
    (lambda: _kf() != _ti(), 'bool', [False, False]),
    (lambda: _kf() >= _ti(), 'bool', [True, True]),
    (lambda: _kf() <= _ti(), 'bool', [True, True]),
    (lambda: _kf() > _ti(), 'bool', [False, False]),
    (lambda: _ki() < 1.5, 'bool', [True, False]),
    (lambda: _ki() == 2.0, 'bool', [False, True]),
    (lambda: 1.5 > _ki(), 'bool', [True, False]),
    (lambda: _kf() == _kd(), 'bool', [True, True]),
    (lambda: _kf() < np.array([1., 2.]), 'bool', [False, False]),
    (lambda: 1 < _kf(), 'bool', [False, True]),
    # logical_and / or / xor: bools, for integer variables too (a tensor's & is bitwise on integers)
    (lambda: _ki() & 1, 'bool', [True, True]),
    (lambda: _ki() | 0, 'bool', [True, True]),
    (lambda: _ki() ^ 1, 'bool', [False, False]),
    (lambda: 1 & _ki(), 'bool', [True, True]),
    (lambda: 0 | _ki(), 'bool', [True, True]),
    (lambda: 1 ^ _ki(), 'bool', [False, False]),
    (lambda: _ki() & _ti(), 'bool', [True, True]),
    (lambda: _kf() & 1, 'bool', [True, True]),
    (lambda: _kb() & True, 'bool', [True, False]),
    (lambda: _kb() ^ True, 'bool', [False, True]),
    # the left tensor's operator runs first: bitwise for integers, and Keras's where it refuses the variable
    (lambda: _ti() & _ki(), 'int32', [1, 2]),
    (lambda: _ti() ^ _ki(), 'int32', [0, 0]),
    (lambda: tf.constant([True, False]) & _ki(), 'bool', [True, False]),
    (lambda: _ti() & _kb(), 'bool', [True, False]),
    # unchanged: ~ is the value's (bitwise on integers), so are - and abs
    (lambda: ~_ki(), 'int32', [-2, -3]),
    (lambda: -_ki(), 'int32', [-1, -2]),
])
def test_operator_promotes_as_keras_ops(operation, dtype, values):
    result = operation()
    assert type(result).__name__ == 'EagerTensor'
    assert result.dtype.name == dtype
    assert result.numpy().tolist() == values


@pytest.mark.parametrize('operation, shape, values', [
    # TF 2.21: Keras's matmul takes a vector (tf.tensordot); a tensor's MatMul asks for two matrices
    (lambda: _kf() @ tf.ones((2, 3)), (3,), [3.0, 3.0, 3.0]),
    (lambda: keras.Variable(np.ones((2, 3), 'float32')) @ tf.ones((3,)), (2,), [3.0, 3.0]),
    (lambda: _kf() @ _kf(), (), 5.0),
    (lambda: _kf() @ tf.ones((2,)), (), 3.0),
    (lambda: keras.Variable(np.ones((2, 3), 'float32')) @ tf.ones((3, 1)), (2, 1), [[3.0], [3.0]]),
])
def test_matmul_takes_a_vector(operation, shape, values):
    result = operation()
    assert tuple(result.shape) == shape
    assert result.dtype.name == 'float32'
    assert result.numpy().tolist() == values


def test_a_tensor_on_the_left_keeps_its_matmul(monkeypatch):
    # TF 2.21: t @ variable is the tensor's MatMul, which refuses a vector (Eigen's text: oneDNN's _MklMatMul differs)
    monkeypatch.setenv('TF_ENABLE_ONEDNN_OPTS', '0')
    with pytest.raises(tf.errors.InvalidArgumentError, match=r'In\[0\] and In\[1\] ndims must be == 2: 1 \[Op:MatMul\]'):
        tf.ones((2,)) @ _kf()


@pytest.mark.parametrize('operation, error, text', [
    # TF 2.21: keras.ops.equal converts None and refuses a string; shapes that do not broadcast fail
    (lambda: _kf() == None, ValueError,  # noqa: E711
     "Attempt to convert a value (None) with an unsupported type (<class 'NoneType'>) to a Tensor."),
    (lambda: _kf() != None, ValueError,  # noqa: E711
     "Attempt to convert a value (None) with an unsupported type (<class 'NoneType'>) to a Tensor."),
    (lambda: _kf() == 'a', ValueError, "dtype='string' is not a valid dtype for Keras type promotion."),
])
def test_comparison_refusals(operation, error, text):
    with pytest.raises(error) as raised:
        operation()
    assert str(raised.value) == text


def test_a_shape_error_ends_with_the_name_tail():
    # TF 2.21: Keras's equal converts both operands first: the fast path's error, ' name: ' tail included
    with pytest.raises(tf.errors.InvalidArgumentError) as raised:
        _kf() == [1, 2, 3]
    assert str(raised.value).endswith('Incompatible shapes: [2] vs. [3] [Op:Equal] name: ')


def test_membership_compares_elementwise():
    # TF 2.21: `in` compares with Keras's equal: a two-element bool has no truth value
    kf = _kf()
    with pytest.raises(ValueError, match='The truth value of an array with more than one element is ambiguous'):
        kf in [_kd(), kf]


def test_tf_variables_keep_the_tensor_operators(monkeypatch):
    # TF 2.21: a tf.Variable's & is bitwise on integers, and its == refuses no shape (MatMul: Eigen's text)
    monkeypatch.setenv('TF_ENABLE_ONEDNN_OPTS', '0')
    v = tf.Variable([1, 2])
    assert (v & 1).numpy().tolist() == [1, 0]
    assert (1 & v).numpy().tolist() == [1, 0]
    assert (v == [1, 2, 3]).numpy().tolist() is False
    with pytest.raises(tf.errors.InvalidArgumentError, match=r'has different ndims: \[2\] vs. \[2,3\] \[Op:MatMul\]'):
        tf.Variable([1., 2.]) @ tf.ones((2, 3))


@pytest.mark.parametrize('number', [2.0, 2])
def test_a_keras_variable_at_a_python_number_is_matmuls_refusal(monkeypatch, number):
    # TF 2.21: layer.kernel @ 2.0 goes to keras.ops.matmul, whose MatMul refuses a scalar (Eigen's text; oneDNN's
    # _MklMatMul words it otherwise); tapeflow raised AttributeError "'float' object has no attribute '_data'"
    monkeypatch.setenv('TF_ENABLE_ONEDNN_OPTS', '0')
    layer = keras.layers.Dense(2, kernel_initializer='ones')
    layer.build((None, 2))
    with pytest.raises(tf.errors.InvalidArgumentError, match=r'In\[0\] and In\[1\] has different ndims: \[2,2\] '
                                                             r'vs. \[\] \[Op:MatMul\]'):
        layer.kernel @ number
