"""UnitNormalization's out-of-range axis and Conv3D's groups check speak TF 2.21 / Keras 3's words.

Printed by TF 2.21 with /work/notes/progs/layers8/un_err.py (UnitNormalization(axis=ax) called eagerly on
ones((2, 6, 4)), its compute_output_shape((2, 6, 4)), a call on keras.Input((6, 4)); Conv3D(4, 2, groups=4)).
tapeflow raised its own 'UnitNormalization ...: axis 3 is out of bounds' InvalidArgumentError on all three
paths, and Conv3D its own 'the input channels 2 must divide by groups=4'.
"""
import numpy as np
import pytest

import framework as tf
from framework import keras

SUM = '{{function_node __wrapped__Sum_device_/job:localhost/replica:0/task:0/device:CPU:0}} '


@pytest.mark.parametrize('axis, eager', [
    (3, SUM + 'Invalid reduction dimension (3 for input with 3 dimension(s) [Op:Sum] name: '),
    (-4, SUM + 'Invalid reduction dimension (-4 for input with 3 dimension(s) [Op:Sum] name: '),
    ([1, 3], SUM + 'Invalid reduction dimension (3 for input with 3 dimension(s) [Op:Sum]'),
    ([0, 5], SUM + 'Invalid reduction dimension (5 for input with 3 dimension(s) [Op:Sum]'),
])
def test_unit_normalization_axis_out_of_range(axis, eager):
    with pytest.raises(tf.errors.InvalidArgumentError) as caught:
        keras.layers.UnitNormalization(axis=axis)(np.ones((2, 6, 4), 'float32'))
    assert eager in str(caught.value)
    with pytest.raises(ValueError) as caught:
        keras.layers.UnitNormalization(axis=axis).compute_output_shape((2, 6, 4))
    assert str(caught.value) == 'Axis %s is out of bounds for input shape (2, 6, 4).' % (axis,)
    assert not isinstance(caught.value, tf.errors.InvalidArgumentError)
    with pytest.raises(ValueError) as caught:
        keras.layers.UnitNormalization(axis=axis)(keras.Input((6, 4)))
    assert 'Axis %s is out of bounds for input shape (None, 6, 4).' % (axis,) in str(caught.value)


def test_unit_normalization_in_range_axes_still_normalize():
    x = np.array([[[3., 4.], [0., 5.]]], 'float32')
    norm = np.sqrt(41.)
    np.testing.assert_allclose(np.asarray(keras.layers.UnitNormalization(axis=1)(x)),
                               [[[1., 4 / norm], [0., 5 / norm]]], rtol=1e-6)
    np.testing.assert_allclose(np.asarray(keras.layers.UnitNormalization()(x)), [[[0.6, 0.8], [0., 1.]]], rtol=1e-6)


@pytest.mark.parametrize('data_format, shape', [('channels_last', (1, 4, 4, 4, 2)), ('channels_first', (1, 2, 4, 4, 4))])
def test_conv3d_groups_that_do_not_divide_the_input_channels(data_format, shape):
    layer = keras.layers.Conv3D(4, 2, groups=4, data_format=data_format)
    with pytest.raises(ValueError) as caught:
        layer(np.ones(shape, 'float32'))
    assert str(caught.value) == ('The number of input channels must be evenly divisible by the number of groups. '
                                 'Received groups=4, but the input has 2 channels (full input shape is %s).' % (shape,))
    assert not layer.weights
