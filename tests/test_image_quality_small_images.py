"""tf.image.ssim / ssim_multiscale on images smaller than the filter: TensorFlow 2.21's Assert
raises InvalidArgumentError naming the (shrunk) images' shape and the filter size (texts printed
there for the same calls)."""
import pytest

import framework as tf


def test_ssim_of_images_smaller_than_the_filter():
    f = tf.zeros((8, 8, 3))
    with pytest.raises(tf.errors.InvalidArgumentError) as err:
        tf.image.ssim(f, f, max_val=1.0)
    assert str(err.value) == "Expected 'tf.Tensor(False, shape=(), dtype=bool)' to be true. Summarized data: 8, 8, 3\n11"
    assert 'smaller than filter_size 11' in err.value.__notes__[0]


def test_ssim_multiscale_names_the_scale_that_got_too_small():
    f = tf.zeros((1, 16, 16, 3))
    with pytest.raises(tf.errors.InvalidArgumentError) as err:
        tf.image.ssim_multiscale(f, f, max_val=1.0)
    assert str(err.value) == ("Expected 'tf.Tensor(False, shape=(), dtype=bool)' to be true. Summarized data: "
                              "1, 8, 8, 3\n11")
    assert 'at scale 2 of 5' in err.value.__notes__[0]
