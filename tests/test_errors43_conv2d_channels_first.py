"""tf.nn.conv2d(..., data_format='NCHW') computes on the CPU as TF 2.21's oneDNN kernel does (float32, half,
bfloat16); tapeflow refused it ('conv2d: only data_format NHWC is supported'). TF's NCHW outputs and gradients are
bit-equal to its NHWC ones on the transposed input (/work/notes/progs/errors43/nchw_standalone.py, 30 shapes;
nchw_standalone2.py, 20 shapes with both gradients), so tapeflow transposes. float64 is Eigen's kernel, which
refuses the format; strides along the batch or channel axis are refused (tapeflow ignored them). Values printed by
TF 2.21 (nchw_standalone3.py)."""
import numpy as np
import pytest

import framework as tf
from framework.errors import UnimplementedError

X = np.arange(2 * 3 * 4 * 4, dtype='float32').reshape(2, 3, 4, 4) / 10
F = np.arange(2 * 2 * 3 * 2, dtype='float32').reshape(2, 2, 3, 2) / 10


@pytest.mark.parametrize('dtype, total', [('float32', 3081.52001953125), ('float16', 3081.251953125),
                                          ('bfloat16', 3082.171875)])
def test_channels_first_values(dtype, total, xeon_cpu):
    out = tf.nn.conv2d(tf.cast(X, dtype), tf.cast(F, dtype), 1, 'SAME', data_format='NCHW')
    assert out.shape == (2, 2, 4, 4) and float(tf.reduce_sum(tf.cast(out, 'float32'))) == total


@pytest.mark.parametrize('kwargs, shape, total', [
    (dict(strides=[1, 1, 2, 2], padding='VALID'), (2, 2, 2, 2), 1115.679931640625),
    (dict(strides=2, dilations=[1, 1, 2, 2], padding='VALID'), (2, 2, 1, 1), 271.6000061035156),
    (dict(strides=1, padding=[[0, 0], [0, 0], [1, 1], [2, 2]]), (2, 2, 5, 7), 4359.0400390625),
    (dict(strides=1, padding=[[0, 0], [1, 1], [2, 2], [0, 0]]), (2, 2, 7, 3), 3277.919921875),   # (channel pad ignored)
])
def test_channels_first_arguments_in_nchw_order(kwargs, shape, total, xeon_cpu):
    out = tf.nn.conv2d(X, F, data_format='NCHW', **kwargs)
    assert out.shape == shape and float(tf.reduce_sum(out)) == total


def test_channels_first_is_the_transposed_channels_last_convolution_with_its_gradients(xeon_cpu):
    rs = np.random.RandomState(0)
    x, f = tf.constant(rs.randn(2, 5, 7, 6).astype('float32')), tf.constant(rs.randn(3, 3, 5, 4).astype('float32'))
    with tf.GradientTape(persistent=True) as tape:
        tape.watch([x, f])
        first = tf.nn.conv2d(x, f, 1, 'SAME', data_format='NCHW')
        last = tf.transpose(tf.nn.conv2d(tf.transpose(x, [0, 2, 3, 1]), f, 1, 'SAME'), [0, 3, 1, 2])
        losses = [tf.reduce_sum(first * first), tf.reduce_sum(last * last)]
    assert np.array_equal(first.numpy(), last.numpy())
    for a, b in zip(tape.gradient(losses[0], [x, f]), tape.gradient(losses[1], [x, f])):
        assert np.array_equal(a.numpy(), b.numpy())


def test_refusals(xeon_cpu):
    with pytest.raises(UnimplementedError) as caught:
        tf.nn.conv2d(tf.cast(X, 'float64'), tf.cast(F, 'float64'), 1, 'SAME', data_format='NCHW')
    assert str(caught.value) == ('{{function_node __wrapped__Conv2D_device_/job:localhost/replica:0/task:0/device:CPU:0}}'
                                 ' The Conv2D op currently only supports the NHWC tensor format on the CPU. The op was '
                                 'given the format: NCHW [Op:Conv2D] name: ')
    for call in (lambda: tf.nn.conv2d(X, F, [1, 2, 2, 1], 'VALID', data_format='NCHW'),
                 lambda: tf.nn.conv2d(np.transpose(X, (0, 2, 3, 1)), F, [2, 1, 1, 1], 'VALID')):
        with pytest.raises(UnimplementedError) as caught:
            call()
        assert str(caught.value) == ('{{function_node __wrapped____MklNativeConv2D_device_/job:localhost/replica:0/'
                                     'task:0/device:CPU:0}} Current implementation does not yet support strides in '
                                     'the batch and depth dimensions. [Op:Conv2D] name: ')


def test_channels_first_transposed_convolution(xeon_cpu):
    # TF 2.21 computes it (oneDNN; NCHW outputs and both gradients bit-equal to NHWC on 20 shapes,
    # progs/errors43/trn_standalone.py); tapeflow refused ('only data_format NHWC is supported')
    rs = np.random.RandomState(4)
    x, f = tf.constant(rs.randn(2, 3, 5, 4).astype('float32')), tf.constant(rs.randn(3, 3, 2, 3).astype('float32'))
    with tf.GradientTape(persistent=True) as tape:
        tape.watch([x, f])
        first = tf.nn.conv2d_transpose(x, f, [2, 2, 10, 8], 2, 'SAME', data_format='NCHW')
        last = tf.transpose(tf.nn.conv2d_transpose(tf.transpose(x, [0, 2, 3, 1]), f, [2, 10, 8, 2], 2, 'SAME'),
                            [0, 3, 1, 2])
    assert first.shape == (2, 2, 10, 8) and np.array_equal(first.numpy(), last.numpy())
    for a, b in zip(tape.gradient(first, [x, f]), tape.gradient(last, [x, f])):
        assert np.array_equal(a.numpy(), b.numpy())
