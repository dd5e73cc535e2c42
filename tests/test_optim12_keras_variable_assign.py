"""A Keras variable (a layer's, an optimizer's, keras.Variable) converts what it is assigned as Keras 3's
convert_to_tensor: a tensor of another dtype is cast, and a value for an integer or bool variable is
converted without a dtype, then cast (optimizer.iterations.assign(7.5) is 7). A tf.Variable keeps
TensorFlow's refusals. Values printed by TF 2.21 + Keras 3.15.1 (/work/notes/progs/optim12/ia.py)."""
import numpy as np
import pytest

import framework as tf
from framework import keras


def _keras_int():
    return keras.Variable(0, dtype='int64')


def _iterations():
    return keras.optimizers.SGD(0.1).iterations


@pytest.mark.parametrize('make', [_keras_int, _iterations])
@pytest.mark.parametrize('value, expected', [(7.0, 7), (7.5, 7), (np.float32(3.0), 3), (lambda: tf.constant(2.0), 2)])
def test_a_keras_integer_variable_casts_what_it_is_assigned(make, value, expected):
    variable = make()
    variable.assign(value() if callable(value) else value)
    assert variable.numpy() == expected and variable.dtype == 'int64'


def test_a_keras_float_variable_casts_a_float64_tensor():
    variable = keras.Variable(np.zeros(2, 'float32'))
    variable.assign(tf.constant([0.1, 0.2], tf.float64))
    np.testing.assert_array_equal(variable.numpy(), np.float32([0.1, 0.2]))


def test_a_tf_variable_keeps_tensorflows_refusals():
    variable = tf.Variable(0, dtype=tf.int64)
    with pytest.raises(TypeError, match='Cannot convert 7.0 to EagerTensor of dtype int64'):
        variable.assign(7.0)
    with pytest.raises(ValueError, match='Tensor conversion requested dtype int64 for Tensor with dtype float32'):
        variable.assign(tf.constant(2.0))
    variable.assign(np.float32(3.0))        # numpy values convert, as in TF
    assert variable.numpy() == 3


def test_a_string_for_a_keras_integer_variable_is_tfs_cast_error():
    with pytest.raises(tf.errors.UnimplementedError) as info:
        _keras_int().assign('7')
    assert str(info.value) == ('{{function_node __wrapped__Cast_device_/job:localhost/replica:0/task:0/device:CPU:0}} '
                               'Cast string to int64 is not supported [Op:Cast] name: ')
