"""ZeroPadding2D / ZeroPadding3D take a negative int padding, as Keras 3 does, and fail where TF 2.21 does.

Printed by TF 2.21 (/work/notes/progs/layers8/pad_err.py): ZeroPadding2D(-1) constructs; compute_output_shape((1, 4, 4, 1))
is (1, 2, 2, 1) and a call on keras.Input((4, 4, 1)) is (None, 2, 2, 1); an eager call raises Keras's Pad operation's
InvalidArgumentError, with the Pad banner only:
    Exception encountered when calling Pad.call(). ... Paddings must be non-negative: -1 -1 [Op:Pad] name: ...
tapeflow refused it at construction ('padding must not be negative (TensorFlow refuses a negative pad)'), and
keras.ops.pad's error inside a layer got the layer's banner on top of Pad's.
"""
import numpy as np
import pytest

import framework as tf
from framework import keras

PAD = ('Exception encountered when calling Pad.call().\n\n\x1b[1m{{function_node __wrapped__Pad_device_/job:localhost/'
       'replica:0/task:0/device:CPU:0}} Paddings must be non-negative: -1 -1 [Op:Pad] name: \x1b[0m\n\n'
       'Arguments received by Pad.call():\n  \u2022 x=tf.Tensor(shape=%s, dtype=float32)\n  \u2022 constant_values=None')


@pytest.mark.parametrize('cls, shape', [(keras.layers.ZeroPadding2D, (1, 4, 4, 1)), (keras.layers.ZeroPadding3D, (1, 4, 4, 4, 1))])
def test_negative_int_padding(cls, shape):
    smaller = (shape[0],) + tuple(d - 2 for d in shape[1:-1]) + (shape[-1],)
    assert tuple(cls(-1).compute_output_shape(shape)) == smaller
    assert tuple(cls(-1)(keras.Input(shape[1:])).shape) == (None,) + smaller[1:]
    with pytest.raises(tf.errors.InvalidArgumentError) as caught:
        cls(-1)(np.ones(shape, 'float32'))
    assert str(caught.value) == PAD % (shape,)


def test_negative_pair_is_still_refused_at_construction():
    with pytest.raises(ValueError, match='1st entry of padding'):
        keras.layers.ZeroPadding2D(((1, -1), (0, 0)))


def test_keras_ops_pad_error_in_a_custom_layer_keeps_the_pad_banner():
    class Shrink(keras.layers.Layer):
        def call(self, x):
            return keras.ops.pad(x, [[0, 0], [-1, -1], [0, 0]])

    with pytest.raises(tf.errors.InvalidArgumentError) as caught:
        Shrink()(np.ones((2, 3, 4), 'float32'))
    assert str(caught.value).startswith('Exception encountered when calling Pad.call().')
    assert 'Shrink.call()' not in str(caught.value)
