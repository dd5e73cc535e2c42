"""tf.image's eager argument checks raise TF 2.21's class and text; tapeflow's detail rides as a note."""
import numpy as np
import pytest

import framework as tf
from helpers_error_texts import assert_raises_exactly


def z(*shape):
    return np.zeros(shape, 'float32')


CASES = [
    (lambda: tf.image.central_crop(z(4,4,1), 0), ValueError,
     'central_fraction must be within (0, 1]'),
    (lambda: tf.image.central_crop(z(4,4,1), 1.5), ValueError,
     'central_fraction must be within (0, 1]'),
    (lambda: tf.image.central_crop(z(4,4,1), -1), ValueError,
     'central_fraction must be within (0, 1]'),
    (lambda: tf.image.resize_with_crop_or_pad(z(4,4,1), 0, 2), ValueError,
     'target_height must be > 0.'),
    (lambda: tf.image.resize_with_crop_or_pad(z(4,4,1), 0, 0), ValueError,
     'target_width must be > 0.'),
    (lambda: tf.image.resize_with_crop_or_pad(z(4,4,1), 2, -1), ValueError,
     'target_width must be > 0.'),
    (lambda: tf.image.resize_with_pad(z(4,4,1), 0, 2), ValueError,
     'target_height must be > 0.'),
    (lambda: tf.image.resize_with_pad(z(4,4,1), 2, 0), ValueError,
     'target_width must be > 0.'),
    (lambda: tf.image.resize_with_pad(z(4,4,1), -3, 2), ValueError,
     'target_height must be > 0.'),
    (lambda: tf.image.adjust_gamma(z(2,2,1), gamma=-1), ValueError,
     'Gamma should be a non-negative real number.'),
    (lambda: tf.image.adjust_gamma(z(2,2,1), gamma=-0.5), ValueError,
     'Gamma should be a non-negative real number.'),
    (lambda: tf.image.adjust_hue(z(2,2,3), 2.0), ValueError,
     'delta must be in the interval [-1, 1]'),
    (lambda: tf.image.adjust_hue(z(2,2,3), -1.5), ValueError,
     'delta must be in the interval [-1, 1]'),
    (lambda: tf.image.random_brightness(z(2,2,1), -1), ValueError,
     'max_delta must be non-negative.'),
    (lambda: tf.image.random_contrast(z(2,2,1), 2, 1), ValueError,
     'upper must be > lower.'),
    (lambda: tf.image.random_contrast(z(2,2,1), -1, 1), ValueError,
     'lower must be non-negative.'),
    (lambda: tf.image.random_saturation(z(2,2,3), 2, 1), ValueError,
     'upper must be > lower.'),
    (lambda: tf.image.random_saturation(z(2,2,3), -2, 1), ValueError,
     'lower must be non-negative.'),
    (lambda: tf.image.random_hue(z(2,2,3), 0.7), ValueError,
     'max_delta must be <= 0.5.'),
    (lambda: tf.image.random_hue(z(2,2,3), -0.1), ValueError,
     'max_delta must be non-negative.'),
    (lambda: tf.image.random_flip_left_right(z(2)), ValueError,
     "'image' (shape (2,)) must be at least three-dimensional."),
    (lambda: tf.image.random_flip_up_down(z(2,2)), ValueError,
     "'image' (shape (2, 2)) must be at least three-dimensional."),
    (lambda: tf.image.random_flip_up_down(z(1,1,2,2,1)), ValueError,
     "'image' (shape (1, 1, 2, 2, 1)) must have either 3 or 4 dimensions."),
    (lambda: tf.image.resize(z(2,2,1), (4,)), ValueError,
     "'size' must be a 1-D Tensor of 2 elements: new_height, new_width"),
    (lambda: tf.image.resize(z(2,2,1), 4), ValueError,
     "'size' must be a 1-D Tensor of 2 elements: new_height, new_width"),
    (lambda: tf.image.resize(z(2,2,1), (4,4,4)), ValueError,
     "'size' must be a 1-D Tensor of 2 elements: new_height, new_width"),
    (lambda: tf.image.resize(z(2,2,1), (4,4), method='x'), ValueError,
     'Resize method is not implemented: x'),
    (lambda: tf.image.stateless_random_brightness(z(2,2,1), -1, seed=(1,2)), ValueError,
     'max_delta must be non-negative.'),
    (lambda: tf.image.stateless_random_hue(z(2,2,3), 0.9, seed=(1,2)), ValueError,
     'max_delta must be <= 0.5.'),
    (lambda: tf.image.stateless_random_contrast(z(2,2,1), 1, 1, seed=(1,2)), ValueError,
     'upper must be > lower.'),
    (lambda: tf.image.stateless_random_flip_left_right(z(3), seed=(1,2)), ValueError,
     "'image' (shape (3,)) must be at least three-dimensional."),
]


@pytest.mark.parametrize('call, error, text', CASES)
def test_image_argument_error_texts(call, error, text):
    assert_raises_exactly(call, error, text)


def test_the_tapeflow_detail_stays_as_a_note():
    with pytest.raises(ValueError) as caught:
        tf.image.random_hue(z(2, 2, 3), 0.7)
    assert caught.value.__notes__ == ['image.random_hue: got max_delta=0.7']
