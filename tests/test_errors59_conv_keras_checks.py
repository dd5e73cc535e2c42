"""keras.ops.depthwise_conv / separable_conv / conv_transpose run Keras 3.15's own TF-backend checks first:
the rank, then check_conv_input_channels (check_conv_transpose_input_channels) on the shapes as given, then
conv_transpose's padding. tapeflow keeps its own values and later checks.

Goldens: the texts TF 2.21 printed for /work/notes/progs/errors59/kops3.py (`import tensorflow as tf`).
"""
import numpy as np
import pytest

from framework import keras

ops = keras.ops
IMG = np.ones((1, 5, 5, 3), 'float32')
DK = np.ones((2, 2, 3, 2), 'float32')
TK = np.ones((2, 2, 4, 3), 'float32')
CHANNELS = ("The number of input channels must match the kernel's input channels. Received: input channels=%d, "
            "kernel input channels=%d, data_format='channels_last'.")


@pytest.mark.parametrize('call, text', [
    (lambda: ops.depthwise_conv(IMG, DK[:, :, :2]), CHANNELS % (3, 2)),
    (lambda: ops.depthwise_conv(np.ones((5, 5), 'float32'), DK), CHANNELS % (5, 3)),
    (lambda: ops.depthwise_conv(np.ones((1, 4, 4, 4, 3), 'float32'), np.ones((2, 2, 2, 3, 1), 'float32')),
     '`inputs` rank must be 3 (1D conv) or 4 (2D conv). Received: 5.'),
    (lambda: ops.separable_conv(np.ones((1, 4, 4, 4, 3), 'float32'), DK, np.ones((1, 1, 6, 4), 'float32')),
     '`num_spatial_dims` must be 1 or 2. Received: num_spatial_dims=3.'),
    (lambda: ops.separable_conv(IMG, DK[:, :, :2], np.ones((1, 1, 6, 4), 'float32')), CHANNELS % (3, 2)),
    (lambda: ops.conv_transpose(IMG, TK[:, :, :, :1]), CHANNELS % (3, 1)),
    (lambda: ops.conv_transpose(np.ones((5, 5), 'float32'), TK), CHANNELS % (5, 3)),
    (lambda: ops.conv_transpose(IMG, TK, padding='full'),
     "The `padding` argument must be one of 'valid', 'same'. Received: padding=full"),
])
def test_keras_checks_come_first(call, text):
    with pytest.raises(ValueError) as caught:
        call()
    assert type(caught.value) is ValueError and str(caught.value) == text
