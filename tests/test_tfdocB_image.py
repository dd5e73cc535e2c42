"""tf.image ops from TF 2.21's image_ops_impl.py docstrings: per_image_standardization of integer
and float16 images, extract_glimpse (both kernels' window placement) and the JPEG-quality
augmentations' argument checks. Golden values printed by TF 2.21 (tensorflow-cpu):
/work/notes/progs/tfdocB/pis.py and gl.py."""
import numpy as np
import pytest

import framework as tf
from framework.ops.image.glimpse import extract_glimpse_v1

# TF 2.21, per_image_standardization((arange(12).reshape(2, 2, 3) * 7 % 11) as any dtype)
STANDARDIZED = [-1.3771535158157349, 0.7261354327201843, -0.47574397921562195, 1.6275449991226196,
                0.42566558718681335, -0.7762138247489929, 1.3270751237869263, 0.1251957267522812,
                -1.0766836404800415, 1.026605248451233, -0.17527413368225098, -1.3771535158157349]


@pytest.mark.parametrize('dtype', [np.uint8, np.int32, np.float16, np.float64, np.float32])
def test_per_image_standardization_casts_every_dtype_to_float32(dtype):
    x = (np.arange(12).reshape(2, 2, 3) * 7 % 11).astype(dtype)
    out = tf.image.per_image_standardization(x)
    assert out.dtype == tf.float32
    np.testing.assert_allclose(out.numpy().ravel(), STANDARDIZED, rtol=1e-6, atol=1e-7)


def test_per_image_standardization_docstring_int32_image():
    image = tf.constant(np.arange(1, 13, dtype=np.int32), shape=[2, 2, 3])
    out = tf.image.per_image_standardization(image).numpy().ravel()
    np.testing.assert_allclose(out[:3], [-1.593255, -1.3035723, -1.0138896], rtol=1e-6)
    assert tf.image.per_image_standardization(np.ones((2, 2, 1), np.uint8)).numpy().tolist() == [[[0.0]] * 2] * 2


BIG = np.arange(2 * 6 * 7 * 2, dtype=np.float32).reshape(2, 6, 7, 2)


@pytest.mark.parametrize('centered, normalized, offsets, v2, v1', [
    (False, False, [[1, 1], [2, 3]], [16, 17, 18, 19, 30, 31, 32, 33, 44, 45, 46, 47, 118, 119, 120, 121, 132, 133,
                                      134, 135, 146, 147, 148, 149],
     [0, 1, 2, 3, 14, 15, 16, 17, 28, 29, 30, 31, 88, 89, 90, 91, 102, 103, 104, 105, 116, 117, 118, 119]),
    (False, True, [[0.5, 0.5], [-0.9, 0.9]], [48, 49, 50, 51, 62, 63, 64, 65, 76, 77, 78, 79] + [0] * 12,
     [18, 19, 20, 21, 32, 33, 34, 35, 46, 47, 48, 49] + [0] * 12),
    (True, False, [[-1, 0], [1.7, 2.2]], [34, 35, 36, 37, 48, 49, 50, 51, 62, 63, 64, 65, 150, 151, 152, 153, 164,
                                          165, 166, 167, 0, 0, 0, 0],
     [18, 19, 20, 21, 32, 33, 34, 35, 46, 47, 48, 49, 118, 119, 120, 121, 132, 133, 134, 135, 146, 147, 148, 149]),
    (True, True, [[0.2, -0.3], [-0.5, 0.4]], [30, 31, 32, 33, 44, 45, 46, 47, 58, 59, 60, 61, 90, 91, 92, 93, 104,
                                              105, 106, 107, 118, 119, 120, 121],
     [30, 31, 32, 33, 44, 45, 46, 47, 58, 59, 60, 61, 90, 91, 92, 93, 104, 105, 106, 107, 118, 119, 120, 121]),
])
def test_extract_glimpse_places_the_window_as_tensorflow(centered, normalized, offsets, v2, v1):
    out = tf.image.extract_glimpse(BIG, [3, 2], offsets, centered=centered, normalized=normalized, noise='zero')
    assert out.dtype == tf.float32 and tuple(out.shape) == (2, 3, 2, 2)
    assert out.numpy().ravel().tolist() == v2
    if not any(v == 0 for v in v1):      # TF 1's kernel: uniform or gaussian fill only, so a window inside
        assert extract_glimpse_v1(BIG, [3, 2], offsets, centered=centered, normalized=normalized).numpy() \
            .ravel().tolist() == v1


def test_extract_glimpse_docstrings():
    x = np.arange(9, dtype=np.float32).reshape(1, 3, 3, 1)
    v2 = tf.image.extract_glimpse(x, size=(2, 2), offsets=[[1, 1]], centered=False, normalized=False)
    assert v2.numpy().ravel().tolist() == [4.0, 5.0, 7.0, 8.0]
    v1 = extract_glimpse_v1(x, size=(2, 2), offsets=[[1, 1]], centered=False, normalized=False)
    assert v1.numpy().ravel().tolist() == [0.0, 1.0, 3.0, 4.0]
    ints = tf.image.extract_glimpse(np.arange(9).reshape(1, 3, 3, 1), (2, 2), [[1, 1]], centered=False, normalized=False)
    assert ints.dtype == tf.float32 and ints.numpy().ravel().tolist() == [4.0, 5.0, 7.0, 8.0]


def test_extract_glimpse_fills_outside_the_image_from_its_range():
    x = np.arange(9, dtype=np.float32).reshape(1, 3, 3, 1) + 10
    out = tf.image.extract_glimpse(x, (4, 4), [[-2, -2]], centered=False, normalized=False).numpy()[0, ..., 0]
    assert out[2:, 2:].tolist() == [[10.0, 11.0], [13.0, 14.0]]
    assert ((out[:2] >= 10) & (out[:2] <= 18)).all() and ((out[:, :2] >= 10) & (out[:, :2] <= 18)).all()
    with pytest.raises(tf.errors.InvalidArgumentError, match='noise'):
        tf.image.extract_glimpse(x, (2, 2), [[1, 1]], noise='pink')
    with pytest.raises(tf.errors.InvalidArgumentError, match='offsets'):
        tf.image.extract_glimpse(x, (2, 2), [[1, 1, 1]])


def test_jpeg_quality_argument_checks():
    img = np.zeros((4, 4, 3), np.uint8)
    # TF 2.21: ValueError from the Python wrappers, InvalidArgumentError from the encoder's quality check
    with pytest.raises(ValueError, match='`min_jpeg_quality` must be less than `max_jpeg_quality`'):
        tf.image.random_jpeg_quality(img, 90, 80)
    with pytest.raises(ValueError, match='jpeg encoding range must be between 0 and 100'):
        tf.image.stateless_random_jpeg_quality(img, 75, 101, (1, 2))
    with pytest.raises(tf.errors.InvalidArgumentError, match=r'quality must be in \[0,100\]'):
        tf.image.adjust_jpeg_quality(img, 101)
    with pytest.raises(tf.errors.InvalidArgumentError, match='1 or 3 channels'):
        tf.image.adjust_jpeg_quality(np.zeros((4, 4, 2), np.uint8), 50)


def test_jpeg_quality_round_trip_keeps_shape_dtype_and_roughly_the_pixels():
    pytest.importorskip('PIL')      # the JPEG codec is Pillow's (framework/io/codecs.py)
    x = np.full((8, 8, 3), 0.5, np.float32)
    out = tf.image.adjust_jpeg_quality(x, 95)
    assert out.dtype == tf.float32 and tuple(out.shape) == (8, 8, 3)
    np.testing.assert_allclose(out.numpy(), x, atol=3 / 255)
    again = tf.image.stateless_random_jpeg_quality(x * 255, 75, 95, (1, 2))
    assert again.dtype == tf.float32
