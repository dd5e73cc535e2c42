"""Setting the learning rate of an optimizer made with a float: Keras 3 assigns the value to its float32
variable, so TF's conversion, shape and cast rules decide (TF 2.21 + Keras 3.15.1 printed these in
/work/notes/progs/optim12/asg.py). tapeflow converted with float() first: '0.1' was taken, None and
vectors got the constructor's text, tensors of other dtypes were refused."""
import numpy as np
import pytest

import framework as tf
from framework import keras


@pytest.mark.parametrize('value, expected', [
    (True, 1.0), (np.float32(0.2), 0.2), (np.array(0.5), 0.5), (1, 1.0),
    (lambda: tf.constant(3), 3.0), (lambda: tf.constant(0.1, tf.float64), 0.1)])
def test_numbers_and_tensors_of_any_dtype_are_assigned(value, expected):
    optimizer = keras.optimizers.Adam(0.01)
    optimizer.learning_rate = value() if callable(value) else value
    assert optimizer.learning_rate.numpy() == np.float32(expected)
    assert optimizer.learning_rate.dtype == 'float32'


@pytest.mark.parametrize('value', ['0.1', 'abc', b'0.1', complex(1, 0)])
def test_strings_and_complex_numbers_are_tfs_conversion_type_error(value):
    optimizer = keras.optimizers.Adam(0.01)
    with pytest.raises(TypeError) as info:
        optimizer.learning_rate = value
    assert str(info.value) == 'Cannot convert %r to EagerTensor of dtype float' % (value,)
    assert optimizer.learning_rate.numpy() == np.float32(0.01)


def test_none_is_tfs_conversion_value_error():
    optimizer = keras.optimizers.SGD(0.01)
    with pytest.raises(ValueError) as info:
        optimizer.learning_rate = None
    assert str(info.value) == "Attempt to convert a value (None) with an unsupported type (<class 'NoneType'>) to a Tensor."


@pytest.mark.parametrize('value, shape', [([0.1], '(1,)'), (lambda: tf.constant([0.1, 0.2]), '(2,)')])
def test_a_vector_is_kerass_assign_shape_error(value, shape):
    optimizer = keras.optimizers.Adam(0.01)
    with pytest.raises(ValueError) as info:
        optimizer.learning_rate = value() if callable(value) else value
    assert str(info.value).startswith(
        'The shape of the target variable and the shape of the target value in `variable.assign(value)` must '
        'match. variable.shape=(), Received: value.shape=%s. Target variable: <Variable path=adam' % shape)
