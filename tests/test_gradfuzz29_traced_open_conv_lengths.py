"""A traced convolution whose input lengths the trace leaves open (an input_signature of None lengths), run on an
input shorter than its VALID window: TF 2.21's graph builds (its shape inference cannot see the length), and its
kernel sizes the output as (length - window + stride) / stride, 0 here, so the run gives the empty output.
tapeflow refused in any trace ('convolution: a window of 3 does not fit an input of 2 with VALID padding').
A length the trace knows keeps the graph's refusal (tests/test_gradfuzz28_traced_convolution_errors.py).
Shapes printed by TF 2.21 (notes progs/gradfuzz29/op.py, progs/gradfuzz28/tc.py 'open r4' / 'open r3').
"""
import numpy as np
import pytest

import framework as tf

S = tf.TensorSpec


def _ones(shape):
    return np.ones(shape, 'float32')


def _traced(fn, signature, *args):
    return tf.function(fn, input_signature=signature)(*args)


@pytest.mark.parametrize('label,fn,x_sig,f_shape,x_shape,expected', [
    ('convolution 2-D', lambda a, b: tf.nn.convolution(a, b), (None, None, None, 3), (3, 1, 3, 2), (2, 2, 2, 3),
     (2, 0, 2, 2)),
    ('convolution 1-D', lambda a, b: tf.nn.convolution(a, b), (None, None, 3), (3, 3, 2), (2, 2, 3), (2, 0, 2)),
    ('convolution 3-D', lambda a, b: tf.nn.convolution(a, b), (None, None, None, None, 3), (3, 1, 1, 3, 2),
     (1, 2, 3, 3, 3), (1, 0, 3, 3, 2)),
    ('conv3d', lambda a, b: tf.nn.conv3d(a, b, [1] * 5, 'VALID'), (None, None, None, None, 3), (3, 1, 1, 3, 2),
     (1, 2, 3, 3, 3), (1, 0, 3, 3, 2)),
    ('conv2d', lambda a, b: tf.nn.conv2d(a, b, 1, 'VALID'), (None, None, None, 3), (3, 1, 3, 2), (2, 2, 2, 3),
     (2, 0, 2, 2)),
    ('conv2d width', lambda a, b: tf.nn.conv2d(a, b, 1, 'VALID'), (None, 4, None, 3), (1, 3, 3, 2), (2, 4, 2, 3),
     (2, 4, 0, 2)),
    ('conv2d strides 2', lambda a, b: tf.nn.conv2d(a, b, 2, 'VALID'), (None, None, None, 3), (3, 1, 3, 2),
     (2, 2, 2, 3), (2, 0, 1, 2)),
    ('grouped', lambda a, b: tf.nn.convolution(a, b), (None, None, None, 4), (3, 1, 2, 2), (2, 2, 2, 4),
     (2, 0, 2, 2)),
    ('conv1d', lambda a, b: tf.nn.conv1d(a, b, 1, 'VALID'), (None, None, 3), (3, 3, 2), (2, 2, 3), (2, 0, 2)),
    ('dilated', lambda a, b: tf.nn.convolution(a, b, dilations=2), (None, None, 5, 3), (3, 1, 3, 2), (2, 4, 5, 3),
     (2, 0, 5, 2)),
    ('depthwise', lambda a, b: tf.nn.depthwise_conv2d(a, b, [1, 1, 1, 1], 'VALID'), (None, None, None, 3),
     (3, 1, 3, 1), (2, 2, 3, 3), (2, 0, 3, 3)),
])
def test_an_open_length_shorter_than_the_window_gives_the_empty_output(label, fn, x_sig, f_shape, x_shape, expected):
    y = _traced(fn, [S(x_sig), S(f_shape)], _ones(x_shape), _ones(f_shape))
    assert tuple(y.shape) == expected and y.dtype == tf.float32


def test_an_open_length_that_fits_still_convolves():
    y = _traced(lambda a, b: tf.nn.convolution(a, b), [S((None, None, None, 3)), S((3, 1, 3, 2))],
                _ones((2, 4, 2, 3)), _ones((3, 1, 3, 2)))
    assert tuple(y.shape) == (2, 2, 2, 2) and float(tf.reduce_sum(y)) == 144.0       # TF 2.21: 144.0


def test_a_known_length_keeps_the_graphs_refusal():
    with pytest.raises(ValueError) as info:
        _traced(lambda a, b: tf.nn.convolution(a, b), [S((None, 2, None, 3)), S((3, 1, 3, 2))],
                _ones((2, 2, 2, 3)), _ones((3, 1, 3, 2)))
    assert 'Negative dimension size caused by subtracting 3 from 2 for ' in str(info.value)
