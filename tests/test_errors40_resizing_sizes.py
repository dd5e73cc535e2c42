"""Resizing's height and width as Keras 3 on TF 2.21 takes them (probes: /work/notes/progs/errors40/rz.py,
rz2.py, rz3.py). Keras stores any size; the call's tf.image.resize refuses it in its words, in the call's
banner (TF 2.21: 'Exception encountered when calling Resizing.call(). ... output dimensions must be positive
[Op:ResizeBilinear] name: '), and a symbolic call makes the (None, 0, 2, 1) KerasTensor. tapeflow refused
the constructor ('Resizing: height must be a positive int; received height=0')."""
import numpy as np
import pytest

import framework as tf
from framework import keras

L = keras.layers
IMAGES = tf.ones([1, 3, 3, 1])


def test_the_constructor_keeps_any_size():
    assert L.Resizing(0, 2).get_config()['height'] == 0
    assert L.Resizing(None, 2).height is None


@pytest.mark.parametrize('kwargs, kernel', [
    ({}, 'ResizeBilinear'), ({'interpolation': 'nearest'}, 'ResizeNearestNeighbor'),
    ({'interpolation': 'bicubic'}, 'ResizeBicubic'), ({'interpolation': 'area'}, 'ResizeArea'),
    ({'interpolation': 'lanczos3'}, 'ScaleAndTranslate'), ({'antialias': True}, 'ScaleAndTranslate'),
    ({'crop_to_aspect_ratio': True}, 'ResizeBilinear'), ({'pad_to_aspect_ratio': True}, 'ResizeBilinear'),
])
@pytest.mark.parametrize('height, width', [(0, 2), (2, 0), (-1, 2)])
def test_a_size_below_one_is_the_kernels_error(kwargs, kernel, height, width):
    with pytest.raises(tf.errors.InvalidArgumentError) as info:
        L.Resizing(height, width, **kwargs)(IMAGES)
    text = str(info.value)
    assert text.startswith('Exception encountered when calling Resizing.call().')
    assert ('output dimensions must be positive [Op:%s] name: ' % kernel) in text


@pytest.mark.parametrize('height, kwargs, error, text', [
    (2.5, {}, ValueError, "'size' must be a 1-D int32 Tensor"),
    (2.0, {}, ValueError, "'size' must be a 1-D int32 Tensor"),
    (None, {}, ValueError, "'size' must be a 1-D int32 Tensor"),
    (-2, {}, ValueError, 'Dimension -2 must be >= 0'),
    (2.5, {'crop_to_aspect_ratio': True}, TypeError, 'Cannot convert 2.5 to EagerTensor of dtype int32'),
    (2.5, {'pad_to_aspect_ratio': True}, TypeError, 'Cannot convert 2.5 to EagerTensor of dtype int32'),
    (None, {'crop_to_aspect_ratio': True}, ValueError,
     "Attempt to convert a value (None) with an unsupported type (<class 'NoneType'>) to a Tensor."),
])
def test_other_sizes_fail_where_keras_converts_them(height, kwargs, error, text):
    with pytest.raises(error) as info:
        L.Resizing(height, 2, **kwargs)(IMAGES)
    assert ('\x1b[1m%s' % text) in str(info.value)


def test_the_interpolation_is_checked_before_the_size():
    with pytest.raises(ValueError, match='Invalid value for argument `interpolation`'):
        L.Resizing(0, 2, interpolation='foo')(IMAGES)


def test_symbolic_calls():
    assert L.Resizing(0, 2)(keras.Input((3, 3, 1))).shape == (None, 0, 2, 1)
    assert L.Resizing(None, 2)(keras.Input((3, 3, 1))).shape == (None, None, 2, 1)
    for height, text in [(-1, "Cannot convert '(None, -1, 2, 1)' to a shape. Negative dimensions are not allowed."),
                         (2.5, "Cannot convert '(None, 2.5, 2, 1)' to a shape. Found invalid dimension '2.5' of "
                               "type '<class 'float'>'. ")]:
        with pytest.raises(ValueError) as info:
            L.Resizing(height, 2)(keras.Input((3, 3, 1)))
        # in the call's banner, with the call's own training=True passed on (as Keras's __call__ does)
        assert str(info.value).startswith('Exception encountered when calling Resizing.call().\n\n\x1b[1m%s' % text)
        assert "kwargs={'training': 'True'}" in str(info.value)


def test_good_sizes_still_resize():
    assert L.Resizing(2, 2)(IMAGES).shape == (1, 2, 2, 1)
    assert L.Resizing(np.int64(2), 2)(IMAGES).shape == (1, 2, 2, 1)
    assert L.Resizing(2, 4, pad_to_aspect_ratio=True)(np.ones((1, 3, 3, 1), np.float32)).shape == (1, 2, 4, 1)
