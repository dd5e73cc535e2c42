"""Resizing / keras.ops.image.resize with pad_to_aspect_ratio=True as Keras 3 on TF 2.21.

Keras pads the same margin (half the shortfall, rounded down) on both sides, and pads integer images in
their own dtype with ``tf.ones(..., images.dtype) * fill_value``: an int wraps (-1 -> 255 in uint8), a float
(even the default 0.0) is TF's TypeError. Values printed by TF 2.21 (progs/layers11/rsz.py, rsz2.py, rsz3.py):
    img = np.arange(20, dtype='float32').reshape(1, 5, 4, 1)
    keras.ops.image.resize(img, (2, 1), pad_to_aspect_ratio=True, fill_value=1.0).numpy().ravel()  -> [2.5, 16.5]
"""
import re

import numpy as np
import pytest

from framework import keras

IMG = np.arange(20, dtype='float32').reshape(1, 5, 4, 1)


@pytest.mark.parametrize('size, interpolation, expected', [
    ((2, 1), 'bilinear', [2.5, 16.5]),
    ((5, 2), 'bilinear', [1.0, 1.0, 1.2999992370605469, 3.299999237060547, 8.5, 10.5, 15.69999885559082,
                          17.69999885559082, 1.0, 1.0]),
    ((4, 1), 'nearest', [1.0, 2.0, 18.0, 1.0]),
])
def test_ops_resize_pads_both_sides_alike(size, interpolation, expected):
    out = keras.ops.image.resize(IMG, size, interpolation=interpolation, pad_to_aspect_ratio=True, fill_value=1.0)
    assert out.numpy().ravel().tolist() == expected


def test_integer_images_pad_with_the_wrapped_int():
    out = keras.ops.image.resize(IMG.astype('uint8'), (4, 1), interpolation='nearest', pad_to_aspect_ratio=True,
                                 fill_value=-1)
    assert out.numpy().ravel().tolist() == [255, 2, 18, 255]
    layer = keras.layers.Resizing(4, 2, pad_to_aspect_ratio=True, fill_value=300)      # 300 -> 44 in uint8
    assert layer(IMG.astype('uint8')).numpy()[0, :, :, 0].tolist() == [[28, 28], [5, 7], [12, 14], [34, 34]]


@pytest.mark.parametrize('dtype', ['uint8', 'int32'])
def test_float_fill_value_refused_for_integer_images_that_need_padding(dtype):
    images = np.ones((2, 6, 5, 2), dtype)
    with pytest.raises(TypeError) as info:
        keras.layers.Resizing(4, 2, pad_to_aspect_ratio=True)(images)         # the default fill_value=0.0
    assert str(info.value).startswith('Exception encountered when calling Resizing.call().')
    assert 'Cannot convert 0.0 to EagerTensor of dtype %s' % dtype in str(info.value)
    with pytest.raises(TypeError, match=re.escape('Cannot convert 3.5 to EagerTensor of dtype %s' % dtype)):
        keras.ops.image.resize(images, (4, 2), pad_to_aspect_ratio=True, fill_value=3.5)


def test_no_padding_needed_and_float_images_keep_working():
    same_aspect = keras.layers.Resizing(3, 2, pad_to_aspect_ratio=True)(np.ones((1, 6, 4, 1), 'uint8'))
    assert same_aspect.numpy().ravel().tolist() == [1] * 6
    padded = keras.layers.Resizing(4, 2, pad_to_aspect_ratio=True, fill_value=3.5)(np.ones((1, 6, 5, 1), 'float32'))
    assert padded.shape == (1, 4, 2, 1)
