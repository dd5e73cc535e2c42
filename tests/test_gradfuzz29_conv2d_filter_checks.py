"""tf.nn.conv1d / conv2d (TF's Conv2D op) check the filters in TF 2.21's kernel order.

Eigen's kernel (oneDNN off: the AMD EPYC's default, float64 and float16 everywhere) checks the filters' depth
('filter depth must be stricly positive, got 0', then 'input depth must be evenly divisible ...'), sizes the
output ('Computed output size would be negative ...'), returns an empty output where it has no elements, and only
then refuses filters without weights ('filter must not have zero elements ...') or output channels that do not
divide by the groups ('output depth must be evenly divisible by number of groups: 5 vs 2'). oneDNN's kernel refuses
filters without weights first and the groups even for an empty output. tapeflow refused every filter without
weights in oneDNN's words and the groups as 'conv2d: ... do not match (grouped convolutions are not supported)'.
Texts printed by TF 2.21 on the EPYC, with and without TF_ENABLE_ONEDNN_OPTS=1 (notes progs/gradfuzz29/z1.py,
z2.py; tf.nn.convolution: progs/kerasexamples11/g2.py).
"""
import numpy as np
import pytest

import framework as tf

_HEAD = '{{function_node __wrapped__%s_device_/job:localhost/replica:0/task:0/device:CPU:0}} '
_ZERO = 'filter must not have zero elements (i.e. all dimensions must be non-zero) [Op:Conv2D] name: '


def _operands(x_shape, f_shape, dtype='float32'):
    x = np.linspace(-1, 1, int(np.prod(x_shape))).astype(dtype).reshape(x_shape)
    return x, np.ones(f_shape, dtype)


def _outcome(x_shape, f_shape, dtype='float32', **kwargs):
    x, f = _operands(x_shape, f_shape, dtype)
    kwargs.setdefault('padding', 'VALID')
    try:
        y = tf.nn.conv2d(x, f, kwargs.pop('strides', 1), **kwargs)
    except Exception as e:      # noqa: BLE001 (the error is the outcome compared)
        return type(e).__name__, str(e)
    return 'OK', tuple(y.shape), y.dtype.name


# (input shape, filters shape, conv2d keywords) -> TF 2.21's outcome with its Eigen kernel
EIGEN = [
    ((1, 1, 5, 4), (1, 3, 2, 5), {}, 'output depth must be evenly divisible by number of groups: 5 vs 2'),
    ((1, 1, 5, 4), (1, 3, 2, 3), {'padding': 'SAME'}, 'output depth must be evenly divisible by number of groups: '
                                                      '3 vs 2'),
    ((1, 1, 5, 4), (1, 3, 2, 1), {'dilations': 2}, 'output depth must be evenly divisible by number of groups: 1 vs 2'),
    ((1, 1, 2, 4), (1, 3, 2, 5), {'padding': 'SAME'}, 'output depth must be evenly divisible by number of groups: '
                                                      '5 vs 2'),
    ((1, 1, 5, 4), (1, 3, 0, 2), {}, 'filter depth must be stricly positive, got 0'),
    ((1, 1, 5, 4), (1, 7, 0, 2), {'strides': 2}, 'filter depth must be stricly positive, got 0'),
    ((1, 1, 5, 0), (1, 3, 0, 2), {}, 'filter depth must be stricly positive, got 0'),
    ((1, 1, 5, 4), (1, 3, 0, 0), {'padding': 'SAME'}, 'filter depth must be stricly positive, got 0'),
    ((1, 1, 5, 4), (1, 7, 3, 2), {}, 'input depth must be evenly divisible by filter depth: 4 vs 3'),
    ((1, 1, 5, 4), (1, 7, 2, 5), {}, 'Computed output size would be negative: -1 [input_size: 5, '
                                     'effective_filter_size: 7, stride: 1]'),
    ((1, 1, 5, 4), (1, 7, 2, 0), {'dilations': 2}, 'Computed output size would be negative: -7 [input_size: 5, '
                                                   'effective_filter_size: 13, stride: 1]'),
    ((1, 1, 5, 4), (0, 3, 4, 2), {}, 'filter must not have zero elements (i.e. all dimensions must be non-zero)'),
    ((1, 1, 5, 4), (1, 0, 4, 2), {'padding': 'SAME'}, 'filter must not have zero elements (i.e. all dimensions must '
                                                      'be non-zero)'),
    ((1, 1, 5, 4), (1, 3, 4, 0), {}, (1, 1, 3, 0)),
    ((1, 1, 5, 4), (1, 3, 4, 0), {'padding': 'SAME'}, (1, 1, 5, 0)),
    ((1, 1, 5, 4), (1, 3, 4, 0), {'dilations': 2}, (1, 1, 1, 0)),
    ((1, 1, 5, 4), (1, 3, 4, 0), {'strides': 2}, (1, 1, 2, 0)),
    ((1, 1, 5, 4), (1, 3, 4, 0), {'padding': [[0, 0], [0, 0], [1, 1], [0, 0]]}, (1, 1, 5, 0)),
    ((1, 1, 5, 4), (1, 3, 2, 0), {}, (1, 1, 3, 0)),
    ((1, 1, 5, 4), (1, 0, 4, 0), {'dilations': 2}, (1, 1, 7, 0)),
    ((1, 1, 5, 4), (1, 7, 2, 0), {'strides': 2}, (1, 1, 0, 0)),
    ((0, 1, 5, 4), (1, 3, 2, 5), {'dilations': 2}, (0, 1, 1, 5)),
    ((1, 1, 2, 4), (1, 3, 2, 5), {'strides': 2}, (1, 1, 0, 5)),
    ((0, 1, 5, 4), (1, 0, 4, 2), {}, (0, 1, 6, 2)),
]


@pytest.mark.parametrize('dtype', ['float32', 'float64', 'float16'])
@pytest.mark.parametrize('x_shape,f_shape,kwargs,expected', EIGEN)
def test_conv2d_checks_the_filters_in_eigens_order(epyc_cpu, x_shape, f_shape, kwargs, expected, dtype):
    outcome = _outcome(x_shape, f_shape, dtype, **kwargs)
    if isinstance(expected, tuple):
        assert outcome == ('OK', expected, dtype)
    else:
        assert outcome == ('InvalidArgumentError', _HEAD % 'Conv2D' + expected + ' [Op:Conv2D] name: ')


def test_conv1d_is_conv2d_on_a_height_one_image(epyc_cpu):
    x, f = _operands((1, 5, 4), (3, 2, 5))
    with pytest.raises(tf.errors.InvalidArgumentError) as info:
        tf.nn.conv1d(x, f, 1, 'VALID')
    assert str(info.value) == _HEAD % 'Conv2D' + ('output depth must be evenly divisible by number of groups: 5 vs 2 '
                                                  '[Op:Conv2D] name: ')
    x, f = _operands((1, 5, 4), (3, 4, 0), 'float64')
    assert tuple(tf.nn.conv1d(x, f, 1, 'VALID').shape) == (1, 3, 0)       # TF 2.21: (1, 3, 0)


def test_an_empty_output_has_zero_gradients(epyc_cpu):
    x = tf.Variable(np.ones((1, 1, 5, 4), 'float32'))
    f = tf.Variable(np.ones((1, 3, 4, 0), 'float32'))
    with tf.GradientTape() as tape:
        total = tf.reduce_sum(tf.nn.conv2d(x, f, 1, 'VALID'))
    dx, df = tape.gradient(total, [x, f])
    # TF 2.21: zeros of shapes (1, 1, 5, 4) and (1, 3, 4, 0)
    assert dx.shape == (1, 1, 5, 4) and df.shape == (1, 3, 4, 0) and float(tf.reduce_sum(dx)) == 0.0


@pytest.mark.parametrize('x_shape,f_shape,kwargs,expected', [
    ((1, 1, 5, 4), (1, 3, 4, 0), {}, _ZERO),
    ((1, 1, 5, 4), (1, 3, 0, 2), {'padding': 'SAME'}, _ZERO),
    ((0, 1, 5, 4), (1, 3, 4, 0), {}, _ZERO),
    ((1, 1, 5, 4), (1, 7, 2, 0), {'dilations': 2}, _ZERO),
    ((0, 1, 5, 4), (1, 3, 2, 5), {}, 'output depth must be evenly divisible by number of groups: 5 vs 2 '
                                     '[Op:Conv2D] name: '),
    ((1, 1, 2, 4), (1, 3, 2, 5), {'strides': 2}, 'output depth must be evenly divisible by number of groups: '
                                                 '5 vs 2 [Op:Conv2D] name: '),
    ((1, 1, 5, 4), (1, 7, 2, 5), {}, 'Computed output size would be negative: -1 [input_size: 5, '
                                     'effective_filter_size: 7, stride: 1] [Op:Conv2D] name: '),
])
def test_onednns_kernel_refuses_filters_without_weights_first(epyc_cpu, monkeypatch, x_shape, f_shape, kwargs,
                                                             expected):
    monkeypatch.setenv('TF_ENABLE_ONEDNN_OPTS', '1')        # TF 2.21's oneDNN kernels (float32)
    assert _outcome(x_shape, f_shape, **kwargs) == ('InvalidArgumentError', _HEAD % '__MklNativeConv2D' + expected)


def test_onednn_takes_no_float16_on_the_epyc(epyc_cpu, monkeypatch):
    monkeypatch.setenv('TF_ENABLE_ONEDNN_OPTS', '1')        # TF 2.21 runs its Eigen kernel for float16 there
    assert _outcome((1, 1, 5, 4), (1, 3, 3, 5), 'float16') == ('InvalidArgumentError', _HEAD % 'Conv2D' + (
        'input depth must be evenly divisible by filter depth: 4 vs 3 [Op:Conv2D] name: '))
    assert _outcome((1, 1, 5, 4), (1, 3, 2, 0), 'float16') == ('OK', (1, 1, 3, 0), 'float16')


@pytest.mark.parametrize('dtype', ['float32', 'float64', 'float16'])
@pytest.mark.parametrize('rank,kwargs,expected', [
    (1, {}, (1, 3, 0)), (2, {}, (1, 1, 3, 0)), (1, {'dilations': 2}, (1, 1, 0)), (2, {'dilations': 2}, (1, 1, 1, 0)),
    (1, {'strides': 2}, (1, 2, 0)), (2, {'padding': 'SAME'}, (1, 1, 5, 0)),
])
def test_tf_nn_convolution_of_no_output_channels_is_empty(epyc_cpu, rank, kwargs, expected, dtype):
    x, f = _operands((1,) * rank + (5, 4), (1,) * (rank - 1) + (3, 2, 0), dtype)
    y = tf.nn.convolution(x, f, **dict({'padding': 'VALID'}, **kwargs))
    assert (tuple(y.shape), y.dtype.name) == (expected, dtype)       # TF 2.21's Eigen Conv2D
