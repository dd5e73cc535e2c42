"""Channels-first 1-D / 2-D convolutions where TF 2.21 runs its own CPU kernels (oneDNN off, as by default on
CPUs without AVX-512 VNNI, or float64 anywhere): tf.nn.convolution and tf.nn.conv1d hand TF's Conv2D an NCHW
input, which those kernels refuse; tapeflow moved the channels last and computed. tf.nn.convolution's
dilated path (space to batch) prints no ' name: ' tail, nor does a dilated keras Conv1D(channels_first).
Texts: TF 2.21 on an AMD EPYC (progs/layers20/cf.py, cf2.py).
"""
import numpy as np
import pytest

import framework as tf
from framework import keras

REFUSAL = ('{{function_node __wrapped__Conv2D_device_/job:localhost/replica:0/task:0/device:CPU:0}} The Conv2D op '
           'currently only supports the NHWC tensor format on the CPU. The op was given the format: NCHW [Op:Conv2D]')


@pytest.fixture
def onednn_off(monkeypatch):
    monkeypatch.setenv('TF_ENABLE_ONEDNN_OPTS', '0')


@pytest.mark.parametrize('call, tail', [
    (lambda: tf.nn.convolution(np.zeros((1, 3, 6, 6), 'float32'), np.zeros((1, 1, 3, 2), 'float32'),
                               data_format='NCHW'), ' name: '),
    (lambda: tf.nn.convolution(np.zeros((1, 3, 6, 6), 'float32'), np.zeros((2, 2, 3, 2), 'float32'), dilations=2,
                               data_format='NCHW'), ''),
    (lambda: tf.nn.convolution(np.zeros((1, 3, 6), 'float32'), np.zeros((1, 3, 2), 'float32'),
                               data_format='NCW'), ' name: '),
    (lambda: tf.nn.convolution(np.zeros((1, 3, 6), 'float32'), np.zeros((1, 3, 2), 'float32'), dilations=2,
                               data_format='NCW'), ''),
    (lambda: tf.nn.conv1d(np.zeros((1, 3, 6), 'float32'), np.zeros((1, 3, 2), 'float32'), 1, 'VALID',
                          data_format='NCW'), ' name: '),
])
def test_tf_nn_channels_first_convolution_refused(onednn_off, call, tail):
    with pytest.raises(tf.errors.UnimplementedError) as info:
        call()
    assert str(info.value) == REFUSAL + tail        # TF 2.21 gives


def test_float64_refused_even_with_onednn(onednn_on):
    with pytest.raises(tf.errors.UnimplementedError) as info:
        tf.nn.conv1d(np.zeros((1, 3, 6)), np.zeros((1, 3, 2)), 1, 'VALID', data_format='NCW')
    assert str(info.value) == REFUSAL + ' name: '


def test_onednn_runs_channels_first_conv1d(onednn_on):
    x = np.arange(12, dtype='float32').reshape(1, 2, 6)
    f = np.arange(12, dtype='float32').reshape(3, 2, 2) / 10
    got = tf.nn.convolution(x, f, data_format='NCW').numpy()
    want = tf.nn.convolution(np.transpose(x, (0, 2, 1)), f).numpy().transpose(0, 2, 1)
    np.testing.assert_array_equal(got, want)


@pytest.mark.parametrize('dilation, tail', [(1, ' name: '), (2, '')])
def test_keras_conv1d_channels_first_refusal_tail(onednn_off, dilation, tail):
    layer = keras.layers.Conv1D(2, 1, dilation_rate=dilation, data_format='channels_first')
    with pytest.raises(tf.errors.UnimplementedError) as info:
        layer(np.zeros((1, 3, 6), 'float32'))
    # TF 2.21 gives, in the layer's banner
    assert (REFUSAL + tail + '\x1b[0m\n\nArguments received by Conv1D.call()') in str(info.value)
