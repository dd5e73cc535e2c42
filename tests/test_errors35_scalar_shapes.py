"""A shape given as one number: tf.broadcast_to refuses it as TF 2.21's BroadcastTo kernel does (tapeflow
broadcast to [n]), and keras.ops.reshape makes it a tuple as Keras 3 does, so a reshape that does not fit ends
at '[Op:Reshape]' (TF's slow path, no ' name: ' tail).

Golden texts printed by TF 2.21 (progs/errors35/rs.py), e.g.
    tf.broadcast_to(tf.ones([1]), 3)
    -> InvalidArgumentError: {{function_node __wrapped__BroadcastTo_device_/...}} shape must be a vector of
       {int32,int64}, got shape [] [Op:BroadcastTo] name:
"""
import numpy as np
import pytest

import framework as tf
from framework import keras
from framework.errors import InvalidArgumentError

HEAD = '{{function_node __wrapped__%s_device_/job:localhost/replica:0/task:0/device:CPU:0}} '


@pytest.mark.parametrize('call', [
    lambda: tf.broadcast_to(tf.ones([1]), 3),
    lambda: tf.broadcast_to(tf.ones([3]), 3),
    lambda: tf.broadcast_to(tf.ones([3]), tf.constant(3)),
    lambda: keras.ops.broadcast_to(tf.ones([1]), 3),
])
def test_broadcast_to_a_scalar_shape_is_refused(call):
    with pytest.raises(InvalidArgumentError) as info:
        call()
    assert str(info.value) == (HEAD % 'BroadcastTo' + 'shape must be a vector of {int32,int64}, got shape [] '
                               '[Op:BroadcastTo] name: ')


def test_broadcast_to_a_list_still_broadcasts():
    assert keras.ops.broadcast_to(tf.ones([1]), [3]).numpy().tolist() == [1.0, 1.0, 1.0]
    assert tf.broadcast_to(tf.ones([1]), (2, 3)).shape == (2, 3)


@pytest.mark.parametrize('newshape', [5, np.int64(5), (5,), [5]])
def test_keras_reshape_error_ends_at_the_op(newshape):
    with pytest.raises(InvalidArgumentError) as info:
        keras.ops.reshape(tf.ones([2, 3]), newshape)
    assert str(info.value) == (HEAD % 'Reshape' + 'Input to reshape is a tensor with 6 values, but the requested '
                               'shape has 5 [Op:Reshape]')


def test_keras_reshape_of_one_number_still_reshapes():
    assert keras.ops.reshape(tf.ones([2, 3]), 6).shape == (6,)
    assert tf.reshape(tf.ones([2, 3]), 6).shape == (6,)
