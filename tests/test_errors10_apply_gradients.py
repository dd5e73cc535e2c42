"""apply_gradients with a gradient tensor of strings fails in TF's Cast kernel, as Keras 3 on TF 2.21.

Keras casts each gradient to its variable's dtype: TF raises UnimplementedError 'Cast string to float is
not supported' (errors10 fuzzer rows ag.*|string, every optimizer); tapeflow raised numpy's ValueError.
"""
import numpy as np
import pytest

import framework as tf
from framework import keras


@pytest.mark.parametrize('name', ['SGD', 'Adam', 'RMSprop', 'Adagrad', 'Nadam', 'AdamW', 'Lion', 'Ftrl', 'Adafactor'])
def test_a_string_gradient_tensor_is_the_cast_kernels_error(name):
    variable = tf.Variable(np.ones((2, 3), 'float32'))
    optimizer = getattr(keras.optimizers, name)(0.1)
    with pytest.raises(tf.errors.UnimplementedError) as info:
        optimizer.apply_gradients([(tf.constant([['a'] * 3] * 2), variable)])
    assert str(info.value) == ('{{function_node __wrapped__Cast_device_/job:localhost/replica:0/task:0/device:CPU:0}} '
                               'Cast string to float is not supported [Op:Cast] name: ')
    assert 'holds strings' in info.value.__notes__[0]
    np.testing.assert_array_equal(variable.numpy(), np.ones((2, 3)))
