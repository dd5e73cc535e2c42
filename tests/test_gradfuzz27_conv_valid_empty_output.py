"""A VALID convolution window that leaves no rows: TF 2.21's kernels size the output as
(size - window + stride) / stride truncated in C, so 0 there is an empty output (eagerly), and
Keras's Conv1D(padding='causal') over an empty axis meets Keras's call-time refusal of that empty
result (probes /work/notes/progs/gradfuzz27/c1.py, c2.py, c3.py)."""
import numpy as np
import pytest

import framework as tf
from framework import keras


@pytest.mark.parametrize('dtype', ['float32', 'float64'])
@pytest.mark.parametrize('op, x_shape, k_shape, stride, expected', [
    # TF 2.21 gives these shapes
    ('conv1d', (2, 2, 3), (3, 3, 2), 1, (2, 0, 2)),
    ('conv1d', (2, 3, 3), (4, 3, 2), 2, (2, 0, 2)),
    ('conv2d', (2, 2, 2, 3), (3, 1, 3, 2), 1, (2, 0, 2, 2)),
    ('conv2d', (2, 2, 3, 3), (1, 4, 3, 2), [1, 2], (2, 2, 0, 2)),
    ('convolution', (2, 2, 3), (3, 3, 2), 1, (2, 0, 2)),
    ('convolution', (2, 2, 2, 3), (3, 1, 3, 2), 1, (2, 0, 2, 2)),
    ('convolution', (1, 2, 2, 2, 3), (3, 1, 1, 3, 2), 1, (1, 0, 2, 2, 2)),
])
def test_a_window_leaving_no_rows_gives_an_empty_output(op, x_shape, k_shape, stride, expected, dtype):
    y = getattr(tf.nn, op)(tf.ones(x_shape, dtype), tf.ones(k_shape, dtype), stride, 'VALID')
    assert tuple(y.shape) == expected and y.dtype.name == dtype


def test_other_kernels_leaving_no_rows():
    # TF 2.21: (1, 0, 3, 2) int32; depthwise (1, 0, 3, 4); separable (1, 0, 3, 3); dilation2d / erosion2d
    # (1, 0, 3, 2); conv3d (1, 0, 3, 3, 2); dilated (1, 0, 3, 2); explicit padding (1, 0, 3, 2)
    x, k = tf.ones((1, 2, 3, 2)), tf.ones((3, 1, 2, 2))
    assert tf.nn.conv2d(tf.ones((1, 2, 3, 2), tf.int32), tf.ones((3, 1, 2, 2), tf.int32), 1, 'VALID').shape == \
        (1, 0, 3, 2)
    assert tf.nn.depthwise_conv2d(x, k, [1, 1, 1, 1], 'VALID').shape == (1, 0, 3, 4)
    assert tf.nn.separable_conv2d(x, k, tf.ones((1, 1, 4, 3)), [1, 1, 1, 1], 'VALID').shape == (1, 0, 3, 3)
    assert tf.nn.dilation2d(x, tf.ones((3, 1, 2)), [1, 1, 1, 1], 'VALID', 'NHWC', [1, 1, 1, 1]).shape == (1, 0, 3, 2)
    assert tf.nn.erosion2d(x, tf.ones((3, 1, 2)), [1, 1, 1, 1], 'VALID', 'NHWC', [1, 1, 1, 1]).shape == (1, 0, 3, 2)
    assert tf.nn.conv3d(tf.ones((1, 2, 3, 3, 2)), tf.ones((3, 1, 1, 2, 2)), [1] * 5, 'VALID').shape == (1, 0, 3, 3, 2)
    assert tf.nn.conv2d(x, tf.ones((2, 1, 2, 2)), 1, 'VALID', dilations=2).shape == (1, 0, 3, 2)
    assert tf.nn.conv2d(x, tf.ones((4, 1, 2, 2)), 1, [[0, 0], [1, 0], [0, 0], [0, 0]]).shape == (1, 0, 3, 2)


@pytest.mark.parametrize('dtype', ['float16', 'bfloat16'])
def test_half_kernels_leaving_no_rows(dtype):
    # TF 2.21: (1, 0, 3, 2) of the input's dtype
    y = tf.nn.conv2d(tf.ones((1, 2, 3, 2), dtype), tf.ones((3, 1, 2, 2), dtype), 1, 'VALID')
    assert tuple(y.shape) == (1, 0, 3, 2) and y.dtype.name == dtype


def test_gradients_of_the_empty_output():
    # TF 2.21: the input gradient is zeros of the input's shape, the filter gradient the filters' shape
    x, k = tf.ones((1, 2, 3, 2)), tf.ones((3, 1, 2, 2))
    with tf.GradientTape() as tape:
        tape.watch([x, k])
        y = tf.nn.conv2d(x, k, 1, 'VALID')
    gx, gk = tape.gradient(y, [x, k])
    assert tuple(gx.shape) == (1, 2, 3, 2) and not np.asarray(gx).any()
    assert tuple(gk.shape) == (3, 1, 2, 2)


def test_a_negative_size_is_still_refused():
    # TF 2.21: 'Computed output size would be negative: -1 [input_size: 2, effective_filter_size: 4, stride: 1]'
    with pytest.raises(tf.errors.InvalidArgumentError, match='Computed output size would be negative: -1'):
        tf.nn.conv1d(tf.ones((2, 2, 3)), tf.ones((4, 3, 2)), 1, 'VALID')


_EMPTY = ('The convolution operation resulted in an empty output. Output shape: (2, 0, 2). This can happen if the '
          'input is too small for the given kernel size, strides, dilation rate, and padding mode. Please check the '
          'input shape and convolution parameters.')


@pytest.mark.parametrize('dilation', [1, 2])
def test_causal_conv1d_over_an_empty_axis_is_refused_at_call(dilation):
    # TF 2.21 + Keras 3: the causal padding leaves the VALID window no rows; Keras's conv refuses the empty result
    layer = keras.layers.Conv1D(2, 3, padding='causal', dilation_rate=dilation)
    with pytest.raises(ValueError) as caught:
        layer(tf.ones((2, 0, 3)))
    assert 'Exception encountered when calling Conv1D.call()' in str(caught.value)
    assert _EMPTY in str(caught.value)


def test_causal_conv1d_over_an_empty_axis_builds_symbolically():
    # TF 2.21 + Keras 3: keras.Input((0, 3)) gives (None, 0, 2); an empty batch computes (0, 0, 2)
    assert tuple(keras.layers.Conv1D(2, 3, padding='causal')(keras.Input((0, 3))).shape) == (None, 0, 2)
    assert tuple(keras.layers.Conv1D(2, 3, padding='causal')(tf.ones((0, 0, 3))).shape) == (0, 0, 2)


@pytest.mark.parametrize('make, shape, expected', [
    # TF 2.21 + Keras 3: the pointwise VALID 1x1 convolution of an empty axis is empty
    (lambda: keras.layers.SeparableConv1D(2, 3, padding='same'), (2, 0, 3), (2, 0, 2)),
    (lambda: keras.layers.SeparableConv2D(2, 3, padding='same'), (2, 0, 3, 3), (2, 0, 3, 2)),
])
def test_separable_same_over_an_empty_axis(make, shape, expected):
    assert tuple(make()(tf.ones(shape)).shape) == expected
    assert tuple(make()(keras.Input(shape[1:])).shape) == (None,) + expected[1:]
