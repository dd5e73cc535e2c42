"""tf.image.per_image_standardization's 1 / sqrt(pixels) floor is float32's rsqrt, as TF 2.21 computes it.

Golden values printed by TF 2.21:
    tf.image.per_image_standardization(x).numpy().tolist()
"""
import numpy as np

import framework as tf


def test_low_contrast_image_divides_by_float32_rsqrt_of_pixel_count():
    # std 0.2814 < 1 / sqrt(6): the floor is used; numpy's float64 1 / sqrt(6) rounded one ulp above TF's
    x = np.array([[[[0.1, 0.5, 0.9], [0.3, 0.2, 0.7]]]], np.float32)
    got = tf.image.per_image_standardization(x).numpy().tolist()
    assert got == [[[[-0.8573215007781982, 0.12247444689273834, 1.1022703647613525],
                     [-0.36742347478866577, -0.6123724579811096, 0.6123723983764648]]]]


def test_six_pixel_single_channel_image_uses_the_same_floor():
    y = np.array([[[0.25], [0.5]], [[0.125], [0.5]], [[1.0], [0.5]]], np.float32) * 0.1
    got = tf.image.per_image_standardization(y).numpy().tolist()
    assert got == [[[-0.05613414943218231], [0.005103099159896374]],
                   [[-0.08675277233123779], [0.005103099159896374]],
                   [[0.12757758796215057], [0.005103099159896374]]]


def test_float16_image_above_the_floor_is_unchanged():
    x = np.float16([[[0.1], [0.5]], [[0.9], [0.3]], [[0.2], [0.7]], [[0.4], [0.6]]])
    out = tf.image.per_image_standardization(x)
    assert out.dtype == tf.float32
    assert out.numpy().tolist() == [[[-1.0253998041152954], [0.10604012757539749]],
                                    [[1.2371348142623901], [-0.45950719714164734]],
                                    [[-0.7426261305809021], [0.6722779870033264]],
                                    [[-0.17707881331443787], [0.38915905356407166]]]
