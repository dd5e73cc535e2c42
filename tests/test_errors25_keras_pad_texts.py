"""keras.ops.pad runs as Keras 3.15's Pad operation: its width checks in __init__ (TypeError for a float,
'`pad_width` should be a list of tuples of length 1 or 2'), the errors inside its call worded 'Exception
encountered when calling Pad.call()' with the arguments received (TF 2.21, errors21/d6.py and errors25)."""
import numpy as np
import pytest

import framework as tf
from framework import keras

X = np.ones((2, 3))
ARGS = '\n\nArguments received by Pad.call():\n  \u2022 x=array([[1., 1., 1.],\n       [1., 1., 1.]])\n  \u2022 '


@pytest.mark.parametrize('call, kind, text', [
    (lambda: keras.ops.pad(X, 1, mode='foo'), 'ValueError',
     'Exception encountered when calling Pad.call().\n\n\x1b[1mValue of argument `mode` expected to be one of '
     '"CONSTANT", "REFLECT", or "SYMMETRIC". Received `mode` = FOO\x1b[0m' + ARGS + 'constant_values=None'),
    (lambda: keras.ops.pad(X, ((1, 1), (1, 1), (1, 1))), 'ValueError',
     'Exception encountered when calling Pad.call().\n\n\x1b[1m`pad_width` must have the same length as `x.shape`. '
     'Received: pad_width=((1, 1), (1, 1), (1, 1)) (of length 3) and x.shape=(2, 3) (of length 2)\x1b[0m' + ARGS
     + 'constant_values=None'),
    (lambda: keras.ops.pad(X, ((1, 1), (1, 1)), constant_values=2, mode='reflect'), 'ValueError',
     "Exception encountered when calling Pad.call().\n\n\x1b[1mArgument `constant_values` can only be provided when "
     "`mode == 'constant'`. Received: mode=reflect\x1b[0m" + ARGS + 'constant_values=2'),
    (lambda: keras.ops.pad(X, [[1, 1], [2]]), 'ValueError',
     '`pad_width` should be a list of tuples of length 1 or 2. Received: pad_width=[[1, 1], [2]]'),
    (lambda: keras.ops.pad(X, 1.5), 'TypeError', "'float' object is not subscriptable"),
])
def test_pad_errors_as_keras_words_them(call, kind, text):
    with pytest.raises(Exception) as caught:
        call()
    assert (type(caught.value).__name__, str(caught.value)) == (kind, text)


def test_tensor_arguments_show_by_shape_and_dtype():
    with pytest.raises(ValueError, match=r'  \u2022 x=tf.Tensor\(shape=\(2, 3\), dtype=float32\)\n'):
        keras.ops.pad(tf.ones((2, 3)), 1, mode='foo')


def test_pads_as_before():
    assert keras.ops.pad(np.ones((2, 3)), [[1], [2]]).shape == (4, 7)      # TF 2.21: one-int pairs widen
    assert keras.ops.pad(np.ones(3), 1).shape == (5,)


def test_flip_canonicalizes_its_axes_as_keras():
    # TF 2.21 (errors21/d6.py ops_flip_axis): numpy's AxisError words, Keras's to_tuple_or_list for a float
    with pytest.raises(ValueError) as caught:
        keras.ops.flip(X, axis=2)
    assert str(caught.value) == 'axis 2 is out of bounds for an array with dimension 2.'
    with pytest.raises(ValueError) as caught:
        keras.ops.flip(X, axis=1.0)
    assert str(caught.value) == '`value` must be an integer, tuple or list. Received: value=1.0'
    assert keras.ops.flip(np.arange(3), axis=-1).numpy().tolist() == [2, 1, 0]


def test_argmax_with_a_named_output_type_takes_the_slow_path():
    # TF 2.21: output_type='int32' (as keras.ops.argmax passes it) ends the kernel error at [Op:ArgMax]
    text = ('{{function_node __wrapped__ArgMax_device_/job:localhost/replica:0/task:0/device:CPU:0}} Expected '
            'dimension in the range [-2, 2), but got 2 [Op:ArgMax]')
    for call in (lambda: keras.ops.argmax(X, axis=2), lambda: tf.argmax(tf.ones((2, 3)), 2, output_type='int32')):
        with pytest.raises(tf.errors.InvalidArgumentError) as caught:
            call()
        assert str(caught.value) == text
    with pytest.raises(tf.errors.InvalidArgumentError) as caught:
        tf.argmax(tf.ones((2, 3)), 2, output_type=tf.int32)
    assert str(caught.value) == text + ' name: '


@pytest.mark.parametrize('axes, shapes', [(2, ((2, 3), (2, 3))), ((1, 2), ((2, 3), (2, 3))), (3, ((2, 3, 4), (2, 3, 4)))])
def test_dot_axis_past_the_rank_is_keras_builds_index_error(axes, shapes):
    # TF 2.21 / Keras 3.15: Dot.build reads shape[axis]
    with pytest.raises(IndexError) as caught:
        keras.layers.Dot(axes=axes)([tf.ones(shapes[0]), tf.ones(shapes[1])])
    assert str(caught.value) == 'tuple index out of range'
