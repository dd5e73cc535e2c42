"""Resizing's interpolation / fill_mode / aspect options are checked in the call, as Keras 3.15 does.

Keras stores them unchecked (get_config gives them back, a symbolic call
works) and its TF backend's image.resize refuses them when images come;
tapeflow refused them when the layer was made, with texts of its own.
"""
import numpy as np
import pytest

from framework import keras

layers = keras.layers
IMAGES = np.ones((1, 4, 6, 3), np.float32)
INTERPOLATION = (r"Invalid value for argument `interpolation`. Expected of one \('bilinear', 'nearest', 'lanczos3', "
                 r"'lanczos5', 'bicubic', 'area'\). Received: interpolation=%s")
BOTH = r'Only one of `pad_to_aspect_ratio` & `crop_to_aspect_ratio` can be `True`.'
FILL = r"Invalid value for argument `fill_mode`. Only `'constant'` is supported. Received: fill_mode=reflect"


@pytest.mark.parametrize('kwargs, message', [
    (dict(interpolation='x'), INTERPOLATION % 'x'),
    (dict(interpolation='gaussian'), INTERPOLATION % 'gaussian'),
    (dict(crop_to_aspect_ratio=True, pad_to_aspect_ratio=True), BOTH),
    (dict(fill_mode='reflect'), FILL),
    (dict(fill_mode='reflect', pad_to_aspect_ratio=True), FILL),
    (dict(interpolation='x', crop_to_aspect_ratio=True, pad_to_aspect_ratio=True), INTERPOLATION % 'x'),
])
def test_made_then_refused_in_the_call(kwargs, message):
    keras.backend.clear_session()
    layer = layers.Resizing(3, 3, **kwargs)
    assert layer.name == 'resizing'
    config = layer.get_config()
    for key, value in kwargs.items():
        assert config[key] == value
    # a symbolic call only computes the shape (TF 2.21: (None, 3, 3, 3))
    assert layer(keras.Input((4, 6, 3))).shape == (None, 3, 3, 3)
    with pytest.raises(ValueError, match=message):
        layer(IMAGES)


def test_ops_resize_checks_the_aspect_options_before_the_method():
    # keras.ops.image.resize checks crop/pad itself, before its backend's interpolation check
    with pytest.raises(ValueError, match=BOTH):
        keras.ops.image.resize(IMAGES, (3, 3), interpolation='x', crop_to_aspect_ratio=True, pad_to_aspect_ratio=True)
    with pytest.raises(ValueError, match=FILL):
        keras.ops.image.resize(IMAGES, (3, 3), fill_mode='reflect')


def test_nearest_with_antialias_is_fine():
    out = layers.Resizing(3, 3, interpolation='nearest', antialias=True)(IMAGES)
    np.testing.assert_array_equal(np.asarray(out), np.ones((1, 3, 3, 3), np.float32))
