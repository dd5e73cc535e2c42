"""keras.ops.image.resize / tf.image.resize read size and antialias as TF 2.21 does: size is converted to int32
first ("'size' must be a 1-D int32 Tensor" for a float entry or None; a nested list converts, then its rank is
refused), and keras.ops.image.resize hands antialias to tf.image.resize, whose ScaleAndTranslate attribute takes
only a bool (tapeflow's keras op took any truthy value).

Golden texts printed by TF 2.21 (/tmp/e38_rs.py, copied to progs/errors38/resize_args.py), e.g.
    keras.ops.image.resize(tf.ones([4, 4, 3]), (2.5, 2))           -> ValueError: 'size' must be a 1-D int32 Tensor
    keras.ops.image.resize(tf.ones([4, 4, 3]), (2, 2), antialias='a')
                                                -> TypeError: Expected bool for argument 'antialias' not 'a'.
    tf.image.resize(tf.ones([4, 4, 3]), [[2, 2]])
                                -> ValueError: 'size' must be a 1-D Tensor of 2 elements: new_height, new_width
"""
import numpy as np
import pytest

import framework as tf
from framework import keras

X = tf.ones([4, 4, 3])


@pytest.mark.parametrize('size', [(2.5, 2), np.array([2.0, 2.0])])
def test_keras_resize_size_must_convert_to_int32(size):
    with pytest.raises(ValueError) as info:
        keras.ops.image.resize(X, size)
    assert str(info.value) == "'size' must be a 1-D int32 Tensor"


@pytest.mark.parametrize('antialias, interpolation', [('a', 'bilinear'), (1, 'bilinear'), ('a', 'bicubic'),
                                                      (np.bool_(True), 'bilinear')])
def test_keras_resize_antialias_is_a_bool_attribute(antialias, interpolation):
    with pytest.raises(TypeError) as info:
        keras.ops.image.resize(X, (2, 2), antialias=antialias, interpolation=interpolation)
    assert str(info.value) == "Expected bool for argument 'antialias' not %r." % (antialias,)


@pytest.mark.parametrize('antialias, interpolation', [(0, 'bilinear'), ('a', 'nearest'), ('a', 'area'),
                                                      (True, 'bilinear')])
def test_keras_resize_antialias_that_tf_takes(antialias, interpolation):
    assert keras.ops.image.resize(X, (2, 2), antialias=antialias, interpolation=interpolation).shape == (2, 2, 3)


@pytest.mark.parametrize('size, text', [(None, "'size' must be a 1-D int32 Tensor"),
                                        ([[2, 2]], "'size' must be a 1-D Tensor of 2 elements: new_height, new_width")])
def test_tf_image_resize_converts_size_before_reading_its_rank(size, text):
    with pytest.raises(ValueError) as info:
        tf.image.resize(X, size)
    assert str(info.value) == text
