"""tf.nn.conv3d with dilations where TF 2.21 runs its own Conv3D kernel (float64, and float32 where oneDNN is off,
the default on CPUs without AVX-512 VNNI): refused; tapeflow refused float64 only. tf.nn.convolution and Keras's
Conv3D dilate through space_to_batch and compute. Texts: TF 2.21 on an AMD EPYC (progs/layers20/ap8.py; TF's very
first call of the op in a process prints no ' name: ' tail, later ones do)."""
import numpy as np
import pytest

import framework as tf
from framework import keras

TEXT = ('{{function_node __wrapped__Conv3D_device_/job:localhost/replica:0/task:0/device:CPU:0}} CPU implementation '
        'of Conv3D currently only supports dilated rates of 1. [Op:Conv3D] name: ')


def _x():
    return np.arange(12, dtype='float32').reshape(1, 12, 1, 1, 1)


def test_float32_dilated_conv3d_refused_without_onednn(monkeypatch):
    monkeypatch.setenv('TF_ENABLE_ONEDNN_OPTS', '0')
    with pytest.raises(tf.errors.InvalidArgumentError) as info:
        tf.nn.conv3d(_x(), np.ones((2, 1, 1, 1, 1), 'float32'), [1, 1, 1, 1, 1], 'SAME', dilations=[1, 2, 1, 1, 1])
    assert str(info.value) == TEXT          # TF 2.21 gives
    # TF 2.21 gives (space_to_batch, no dilated kernel)
    expected = [1, 2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 10]
    out = tf.nn.convolution(_x(), np.ones((2, 1, 1, 1, 1), 'float32'), padding='SAME', dilations=[2, 1, 1])
    assert out.numpy().ravel().tolist() == expected
    layer = keras.layers.Conv3D(1, (2, 1, 1), dilation_rate=(2, 1, 1), padding='same', kernel_initializer='ones')
    assert layer(_x()).numpy().ravel().tolist() == expected


def test_onednn_runs_it(onednn_on):
    out = tf.nn.conv3d(_x(), np.ones((2, 1, 1, 1, 1), 'float32'), [1, 1, 1, 1, 1], 'SAME', dilations=[1, 2, 1, 1, 1])
    assert out.numpy().ravel().tolist() == [1, 2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 10]     # TF 2.21 gives (oneDNN)
