"""tf.nn.convolution / tf.nn.conv3d with filters whose depth (filters.shape[-2]) does not fit the input's channels
refuse them in TF 2.21's words: Conv2D's kernel ('output depth must be evenly divisible by number of groups: 5 vs 2',
'input depth must be evenly divisible by filter depth: 4 vs 3', 'filter depth must be stricly positive, got 0'),
Conv3D's (Eigen's 'Number of channels in filter (2) must match last dimension of input (4)', oneDNN's 'input and
filter must have the same depth: 4 vs 2'), and for a dilated tf.nn.convolution Python's Convolution class
(ValueError 'The number of input channels is not divisible ...', ZeroDivisionError for depth 0). tapeflow raised
its own 'convolution: input channels 4 must equal filters.shape[-2] (2) times groups (1), ...' for all of them.
Texts printed by TF 2.21 on the AMD EPYC (its own Eigen kernels) and with TF_ENABLE_ONEDNN_OPTS=1
(notes progs/kerasexamples11/g2.py, g2.tf, g2.tfdnn).
"""
import numpy as np
import pytest

import framework as tf
from framework.errors import InvalidArgumentError

_HEAD = '{{function_node __wrapped__%s_device_/job:localhost/replica:0/task:0/device:CPU:0}} '


def _operands(depth, out, rank, dtype='float32'):
    x = np.linspace(-1, 1, 20).astype(dtype).reshape((1,) * (rank - 1) + (1, 5, 4))
    f = np.ones((1,) * (rank - 1) + (3, depth, out), dtype)
    return x, f


def _text(call):
    with pytest.raises(Exception) as info:
        call()
    return type(info.value).__name__, str(info.value)


# (depth, out, rank, dilations) -> TF 2.21's Eigen text (no oneDNN: float32 on the EPYC, float64 everywhere)
EIGEN = [
    ((2, 5, 1, 1), _HEAD % 'Conv2D' + 'output depth must be evenly divisible by number of groups: 5 vs 2 [Op:Conv2D] name: '),
    ((2, 5, 2, 1), _HEAD % 'Conv2D' + 'output depth must be evenly divisible by number of groups: 5 vs 2 [Op:Conv2D] name: '),
    ((2, 5, 2, 2), _HEAD % 'Conv2D' + 'output depth must be evenly divisible by number of groups: 5 vs 2 [Op:Conv2D]'),
    ((3, 6, 1, 1), _HEAD % 'Conv2D' + 'input depth must be evenly divisible by filter depth: 4 vs 3 [Op:Conv2D] name: '),
    ((0, 2, 2, 1), _HEAD % 'Conv2D' + 'filter depth must be stricly positive, got 0 [Op:Conv2D] name: '),
    ((2, 5, 3, 1), _HEAD % 'Conv3D' + 'Number of channels in filter (2) must match last dimension of input (4) '
                                      '[Op:Conv3D] name: '),
    ((2, 5, 3, 2), _HEAD % 'Conv3D' + 'Number of channels in filter (2) must match last dimension of input (4) '
                                      '[Op:Conv3D]'),
    ((3, 6, 3, 1), _HEAD % 'Conv3D' + 'Input depth must be evenly divisible by filter depth: 4 vs 3 [Op:Conv3D] name: '),
    ((5, 2, 3, 1), _HEAD % 'Conv3D' + 'Input depth must be evenly divisible by filter depth: 4 vs 5 [Op:Conv3D] name: '),
    ((0, 2, 3, 1), _HEAD % 'Conv3D' + 'filter_depth must be non-zero [Op:Conv3D] name: '),
    ((2, 0, 3, 1), _HEAD % 'Conv3D' + 'filter must not have zero elements (i.e. all dimensions must be non-zero) '
                                      '[Op:Conv3D] name: '),
]


@pytest.mark.parametrize('dtype', ['float32', 'float64'])
@pytest.mark.parametrize('case,expected', EIGEN)
def test_tf_nn_convolution_refuses_filters_of_another_depth_in_eigens_words(epyc_cpu, case, expected, dtype):
    depth, out, rank, dilations = case
    x, f = _operands(depth, out, rank, dtype)
    assert _text(lambda: tf.nn.convolution(x, f, padding='VALID', dilations=dilations)) == \
        ('InvalidArgumentError', expected)


def test_tf_nn_conv3d_refuses_filters_of_another_depth_in_eigens_words(epyc_cpu):
    x, f = _operands(2, 5, 3)
    assert _text(lambda: tf.nn.conv3d(x, f, [1] * 5, 'SAME')) == ('InvalidArgumentError', _HEAD % 'Conv3D' + (
        'Number of channels in filter (2) must match last dimension of input (4) [Op:Conv3D] name: '))


def test_onednn_kernels_words(epyc_cpu, monkeypatch):
    monkeypatch.setenv('TF_ENABLE_ONEDNN_OPTS', '1')          # TF 2.21's oneDNN kernels (float32)
    x, f = _operands(2, 5, 2)
    assert _text(lambda: tf.nn.convolution(x, f, padding='SAME')) == ('InvalidArgumentError', _HEAD % '__MklNativeConv2D'
        + 'output depth must be evenly divisible by number of groups: 5 vs 2 [Op:Conv2D] name: ')
    x, f = _operands(3, 6, 1)
    assert _text(lambda: tf.nn.convolution(x, f, padding='VALID', strides=2)) == (
        'InvalidArgumentError', _HEAD % '__MklNativeConv2D' + 'input depth must be evenly divisible by filter depth: '
                                                              '4 vs 3 [Op:Conv2D] name: ')
    x, f = _operands(0, 2, 2)
    assert _text(lambda: tf.nn.convolution(x, f, padding='VALID')) == ('InvalidArgumentError', _HEAD % (
        '__MklNativeConv2D') + 'filter must not have zero elements (i.e. all dimensions must be non-zero) [Op:Conv2D] '
                               'name: ')
    x, f = _operands(2, 5, 3)
    assert _text(lambda: tf.nn.conv3d(x, f, [1] * 5, 'VALID')) == ('InvalidArgumentError', _HEAD % '__MklNativeConv3D'
        + 'input and filter must have the same depth: 4 vs 2 [Op:Conv3D] name: ')


def test_a_dilated_convolution_checks_the_channels_in_python_first(epyc_cpu):
    x, f = _operands(3, 6, 1)
    assert _text(lambda: tf.nn.convolution(x, f, padding='VALID', dilations=2)) == ('ValueError', (
        'The number of input channels is not divisible by the corresponding number of output filters. Received: '
        'input.shape=(1, 5, 4) with 4 channels and filters.shape=(3, 3, 6) with 3 output filters.'))
    x, f = _operands(5, 2, 2)
    assert _text(lambda: tf.nn.convolution(x, f, padding='SAME', dilations=2))[0] == 'ValueError'
    x, f = _operands(0, 2, 3)
    assert _text(lambda: tf.nn.convolution(x, f, padding='VALID', dilations=2)) == (
        'ZeroDivisionError', 'integer modulo by zero')


def test_grouped_filters_that_fit_still_compute(epyc_cpu):
    x, f = _operands(2, 6, 2)
    assert tf.nn.convolution(x, f, padding='VALID').shape == (1, 1, 3, 6)       # TF 2.21: (1, 1, 3, 6)
    with pytest.raises(InvalidArgumentError):
        tf.nn.convolution(*_operands(3, 6, 2), padding='VALID')
