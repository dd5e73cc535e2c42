"""tf.image.crop_to_bounding_box / pad_to_bounding_box refuse a box as TF 2.21 does: its checks in its
order and words (crop's end in a period, pad's do not), a ValueError for Python numbers and, for
tensors (keras.io's CutMix passes keras.ops results), the eager Assert op's InvalidArgumentError.
tapeflow used to say 'image.crop_to_bounding_box: the box (offset 12, 3; size 8 x 6) does not fit ...'.

Goldens: TF 2.21 running progs/kerasio21/cropprobe.py on a (6, 5, 1) image (54 of 54 lines equal now).
"""
import numpy as np
import pytest

import framework as tf

IMG = np.zeros((6, 5, 1), 'float32')
ASSERT = "Expected 'tf.Tensor(False, shape=(), dtype=bool)' to be true. Summarized data: b'%s'"

CROP = [((-1, 0, 2, 2), 'offset_height must be >= 0.'), ((0, -1, 2, 2), 'offset_width must be >= 0.'),
        ((-1, -1, 2, 2), 'offset_width must be >= 0.'), ((0, 0, 0, 2), 'target_height must be > 0.'),
        ((0, 0, 2, 0), 'target_width must be > 0.'), ((0, 0, 0, 0), 'target_width must be > 0.'),
        ((5, 0, 2, 2), 'height must be >= target + offset.'), ((0, 4, 2, 2), 'width must be >= target + offset.'),
        ((5, 4, 2, 2), 'width must be >= target + offset.'), ((0, 0, 7, 6), 'width must be >= target + offset.'),
        ((-1, 0, 0, 9), 'offset_height must be >= 0.')]
PAD = [((-1, 0, 8, 8), 'offset_height must be >= 0'), ((0, -1, 8, 8), 'offset_width must be >= 0'),
       ((-1, -1, 8, 8), 'offset_height must be >= 0'), ((3, 0, 8, 8), 'height must be <= target - offset'),
       ((0, 4, 8, 8), 'width must be <= target - offset'), ((3, 4, 8, 8), 'width must be <= target - offset'),
       ((0, 0, 5, 4), 'width must be <= target - offset'), ((0, 0, 0, 0), 'width must be <= target - offset')]


@pytest.mark.parametrize('box, text', CROP)
def test_crop_refusals(box, text):
    for image in (IMG, IMG[None]):
        with pytest.raises(ValueError) as caught:
            tf.image.crop_to_bounding_box(image, *box)
        assert str(caught.value) == text
    with pytest.raises(tf.errors.InvalidArgumentError) as caught:
        tf.image.crop_to_bounding_box(IMG, *[tf.constant(v) for v in box])
    assert str(caught.value) == ASSERT % text


@pytest.mark.parametrize('box, text', PAD)
def test_pad_refusals(box, text):
    with pytest.raises(ValueError) as caught:
        tf.image.pad_to_bounding_box(IMG, *box)
    assert str(caught.value) == text
    with pytest.raises(tf.errors.InvalidArgumentError) as caught:
        tf.image.pad_to_bounding_box(IMG, *[tf.constant(v) for v in box])
    assert str(caught.value) == ASSERT % text


def test_boxes_that_fit_still_crop_and_pad():
    assert tf.image.crop_to_bounding_box(IMG, 0, 0, 6, 5).shape == (6, 5, 1)
    assert tf.image.crop_to_bounding_box(IMG[None], *[tf.constant(v) for v in (1, 2, 3, 3)]).shape == (1, 3, 3, 1)
    assert tf.image.pad_to_bounding_box(IMG, 0, 0, 6, 5).shape == (6, 5, 1)
    padded = tf.image.pad_to_bounding_box(np.ones((2, 2, 1), 'float32'), 1, 2, 4, 5)
    assert padded.numpy()[..., 0].tolist() == [[0, 0, 0, 0, 0], [0, 0, 1, 1, 0], [0, 0, 1, 1, 0], [0, 0, 0, 0, 0]]
