"""A Keras variable's Python conversions are Keras 3's: bool() refuses it, float() / int() of a non-scalar one
name its shape, iteration goes by index until TF's strided slice fails, and numpy's own operators take it as an
array. A tf.Variable keeps a tensor's. TF 2.21 gave every value and text below (notes/progs/kerasvars1/p2.py)."""
import numpy as np
import pytest

import framework as tf
from framework import keras


def _kf():
    return keras.Variable(np.array([1., 2.], 'float32'))


@pytest.mark.parametrize('value', [lambda: keras.Variable(np.float32(3.5)), _kf])
def test_bool_refuses_a_keras_variable(value):
    with pytest.raises(TypeError) as raised:
        bool(value())
    assert str(raised.value) == 'A Keras Variable cannot be used as a boolean.'


@pytest.mark.parametrize('convert', [float, int])
@pytest.mark.parametrize('shape', [(2,), (2, 3)])
def test_python_scalars_need_a_scalar(convert, shape):
    with pytest.raises(TypeError) as raised:
        convert(keras.Variable(np.ones(shape, 'float32')))
    assert str(raised.value) == 'Only scalar arrays can be converted to Python scalars. Got: shape=%s' % (shape,)


def test_python_scalars_of_a_scalar():
    assert float(keras.Variable(np.float32(3.5))) == 3.5
    assert int(keras.Variable(np.float32(3.5))) == 3
    assert int(keras.Variable(np.int32(3))) == 3


@pytest.mark.parametrize('shape', [(2,), (2, 3)])
def test_iteration_runs_past_the_end(shape):
    # TF 2.21: no __iter__: Python indexes 0, 1, 2 and the third strided slice fails
    items = []
    with pytest.raises(tf.errors.InvalidArgumentError) as raised:
        for item in keras.Variable(np.ones(shape, 'float32')):
            items.append(item.numpy().tolist())
    assert items == [np.ones(shape[1:]).tolist()] * 2
    assert str(raised.value).endswith('slice index 2 of dimension 0 out of bounds. [Op:StridedSlice] name: strided_slice/')


def test_unpacking_fails_as_iteration():
    with pytest.raises(tf.errors.InvalidArgumentError, match='slice index 2 of dimension 0 out of bounds'):
        a, b = _kf()


def test_iterating_a_scalar():
    with pytest.raises(tf.errors.InvalidArgumentError) as raised:
        list(keras.Variable(np.float32(3.5)))
    assert str(raised.value).endswith('Attempting to slice scalar input. [Op:StridedSlice] name: strided_slice/')


@pytest.mark.parametrize('operation, dtype, values', [
    # TF 2.21: numpy's operator reads the variable through __array__: an ndarray, numpy's promotion
    (lambda: np.array([1., 2.]) * _kf(), 'float64', [1.0, 4.0]),
    (lambda: np.array([1., 2.], 'float32') * _kf(), 'float32', [1.0, 4.0]),
    (lambda: np.array([1, 2]) * _kf(), 'float64', [1.0, 4.0]),
    (lambda: np.array([1.5, 2.]) + keras.Variable(np.array([1, 2], 'int32')), 'float64', [2.5, 4.0]),
    (lambda: np.array([3., 4.]) - _kf(), 'float64', [2.0, 2.0]),
])
def test_numpy_operators_give_arrays(operation, dtype, values):
    result = operation()
    assert type(result) is np.ndarray
    assert result.dtype.name == dtype
    assert result.tolist() == values


def test_tf_variables_keep_the_tensor_conversions():
    # TF 2.21: a tf.Variable iterates, has a truth value, and numpy hands it the product (a tensor)
    v = tf.Variable([1., 2.])
    assert [x.numpy().tolist() for x in v] == [1.0, 2.0]
    assert bool(tf.Variable(3.0)) is True
    product = np.array([1., 2.], 'float32') * v
    assert type(product).__name__ == 'EagerTensor'
    assert product.numpy().tolist() == [1.0, 4.0]
    with pytest.raises(TypeError, match='only 0-dimensional arrays can be converted to Python scalars'):
        float(v)
