"""tf.image against TensorFlow 2.21: golden values printed by /opt/tfref (tf.image.* on the same
inputs, rounded to 5-6 digits) and written here as literals; gradients by central differences."""
import numpy as np
import pytest

import framework as tf
from framework.gradient_check import check_gradients
from framework.ops.image.resize import resample

IMG = (np.arange(12, dtype=np.float32).reshape(1, 3, 4, 1) ** 1.5)
RGB = np.array([[[0.2, 0.5, 0.9], [1.0, 0.1, 0.3]], [[0.0, 0.0, 0.0], [0.6, 0.6, 0.2]]], np.float32)

# tf.image.resize(IMG, (2, 3), method) and with antialias=True (TF 2.21).
RESIZE = {
    'bilinear': ([2.25751, 4.67032, 8.07191, 19.64965, 25.2182, 31.2254],
                 [3.54529, 6.04837, 9.31862, 18.31979, 23.17161, 28.4055]),
    'nearest': ([0.0, 2.82843, 5.19615, 22.62742, 31.62278, 36.48287],) * 2,
    'bicubic': ([1.33289, 3.57081, 7.05582, 20.45612, 26.41424, 32.87899],
                [2.5004, 5.07543, 8.57281, 18.58299, 24.00658, 29.85237]),
    'area': ([3.09836, 5.58902, 8.92429, 18.7454, 23.8538, 29.36671],) * 2,
    'lanczos3': ([0.66536, 2.76311, 6.31488, 20.77453, 26.89482, 33.56642],
                 [1.9313, 4.47766, 8.03769, 18.78156, 24.40931, 30.47646]),
    'lanczos5': ([0.12478, 1.96299, 5.4462, 21.45024, 27.48352, 34.09736],
                 [1.73345, 4.23129, 7.78853, 18.92554, 24.57407, 30.67131]),
    'gaussian': ([2.48246, 4.87914, 8.20396, 19.53877, 24.90808, 30.69629],
                 [4.60588, 7.20968, 10.42122, 17.54612, 22.08956, 26.96632]),
    'mitchellcubic': ([1.90847, 4.23598, 7.64604, 19.94819, 25.59194, 31.69947],
                      [3.49022, 6.10192, 9.47399, 18.04152, 23.03808, 28.41484]),
}


@pytest.mark.parametrize('method', sorted(RESIZE))
@pytest.mark.parametrize('antialias', [False, True])
def test_resize_matches_tensorflow(method, antialias):
    out = tf.image.resize(IMG, (2, 3), method, antialias=antialias)
    assert out.shape == (1, 2, 3, 1) and out.dtype == tf.float32
    np.testing.assert_allclose(out.numpy().ravel(), RESIZE[method][antialias], rtol=1e-5, atol=1e-4)


def test_bicubic_upscale_and_dtypes():
    # tf.image.resize(IMG, (4, 6), 'bicubic'), first and last row
    out = tf.image.resize(IMG[0], (4, 6), tf.image.ResizeMethod.BICUBIC).numpy()[..., 0]
    np.testing.assert_allclose(out[0], [-0.47629, -0.10329, 0.70291, 1.87595, 3.52404, 4.65111], atol=1e-4)
    np.testing.assert_allclose(out[-1], [23.09933, 25.2032, 28.59107, 31.70896, 35.38396, 37.74501], atol=1e-4)
    u8 = np.arange(24, dtype=np.uint8).reshape(2, 4, 3)
    assert tf.image.resize(u8, (3, 3), 'nearest').dtype == tf.uint8
    assert tf.image.resize(u8, (3, 3)).dtype == tf.float32
    assert tf.image.resize(u8.astype(np.float64), (3, 3)).dtype == tf.float32
    assert tf.image.resize(np.zeros((2, 5, 7, 3)), (4, 4), preserve_aspect_ratio=True).shape == (2, 3, 4, 3)
    assert tf.image.resize(np.zeros((5, 7, 3)), (10, 30), preserve_aspect_ratio=True).shape == (10, 14, 3)


@pytest.mark.parametrize('method', ['bilinear', 'bicubic', 'area', 'lanczos3', 'nearest'])
def test_resize_gradient(method):
    x = np.random.default_rng(0).random((1, 4, 5, 2))
    check_gradients(lambda t: resample(t, 3, 7, method, antialias=True), [x])


def test_crops_pads_and_flips():
    x = np.arange(2 * 5 * 7 * 3, dtype=np.float32).reshape(2, 5, 7, 3)
    np.testing.assert_array_equal(tf.image.flip_left_right(x).numpy(), x[:, :, ::-1])
    np.testing.assert_array_equal(tf.image.flip_up_down(x[0]).numpy(), x[0, ::-1])
    np.testing.assert_array_equal(tf.image.transpose(x).numpy(), x.transpose(0, 2, 1, 3))
    for k in (-2, 1, 3, 4):
        np.testing.assert_array_equal(tf.image.rot90(x, k).numpy(), np.rot90(x, k, axes=(1, 2)))
    np.testing.assert_array_equal(tf.image.crop_to_bounding_box(x, 1, 2, 3, 4).numpy(), x[:, 1:4, 2:6])
    padded = tf.image.pad_to_bounding_box(x, 1, 2, 8, 10).numpy()
    assert padded.shape == (2, 8, 10, 3) and padded.sum() == x.sum()
    np.testing.assert_array_equal(padded[:, 1:6, 2:9], x)
    # TF: central_crop(x, 0.5) keeps rows 1:4 and columns 1:6; 0.33 keeps 1:4 and 2:5
    np.testing.assert_array_equal(tf.image.central_crop(x, 0.5).numpy(), x[:, 1:4, 1:6])
    np.testing.assert_array_equal(tf.image.central_crop(x, 0.33).numpy(), x[:, 1:4, 2:5])
    # TF: resize_with_crop_or_pad(x, 3, 10) crops rows 1:4 and pads one column left, two right
    out = tf.image.resize_with_crop_or_pad(x, 3, 10).numpy()
    np.testing.assert_array_equal(out[:, :, 1:8], x[:, 1:4])
    assert out.shape == (2, 3, 10, 3) and not out[:, :, [0, 8, 9]].any()
    # TF: resize_with_pad(x, 6, 6) resizes to (4, 6); the top margin int((6 - 30/7) / 2) is 0
    rp = tf.image.resize_with_pad(x, 6, 6).numpy()
    np.testing.assert_allclose(rp[:, 0:4], tf.image.resize(x, (4, 6)).numpy())
    assert not rp[:, 4:].any()
    with pytest.raises(ValueError, match='crop_to_bounding_box'):
        tf.image.crop_to_bounding_box(x, 3, 0, 3, 4)
    with pytest.raises(ValueError, match='central_fraction'):
        tf.image.central_crop(x, 0.0)
    with pytest.raises(ValueError, match='image.flip_left_right.*3-D'):
        tf.image.flip_left_right(x[0, 0])


def test_extract_patches_matches_tensorflow_order():
    x = np.arange(1 * 4 * 5 * 2, dtype=np.float32).reshape(1, 4, 5, 2)
    out = tf.image.extract_patches(x, [1, 2, 3, 1], [1, 2, 2, 1], [1, 1, 1, 1], 'VALID').numpy()
    assert out.shape == (1, 2, 2, 12)
    np.testing.assert_array_equal(out[0, 1, 1], x[0, 2:4, 2:5].ravel())
    same = tf.image.extract_patches(x, [1, 3, 2, 1], [1, 2, 3, 1], [1, 2, 1, 1], 'SAME').numpy()
    assert same.shape == (1, 2, 2, 12)
    # SAME, dilation 2 over rows: 3 rows of padding (1 above), so patch (0, 0) reads rows -1, 1, 3
    first = same[0, 0, 0].reshape(3, 2, 2)
    np.testing.assert_array_equal(first[1:], x[0, [1, 3]][:, 0:2])
    assert not first[0].any()
    with pytest.raises(ValueError, match='sizes'):
        tf.image.extract_patches(x, [2, 2], [1, 1, 1, 1], [1, 1, 1, 1], 'VALID')


def test_crop_and_resize_matches_tensorflow():
    # tf.image.crop_and_resize(IMG, [[0.1, 0.2, 0.8, 1.3]], [0], (2, 3)): the last column falls outside
    out = tf.image.crop_and_resize(IMG, [[0.1, 0.2, 0.8, 1.3]], [0], (2, 3)).numpy().ravel()
    np.testing.assert_allclose(out, [2.46164, 5.86684, 0.0, 19.11386, 25.96379, 0.0], rtol=1e-5)
    with pytest.raises(tf.errors.OutOfRangeError, match=r'box_index has values outside \[0, batch_size\)') as err:
        tf.image.crop_and_resize(IMG, [[0, 0, 1, 1]], [1], (2, 2))     # TF 2.21's class and text
    assert 'box_indices' in err.value.__notes__[0]


@pytest.mark.parametrize('fn, arg, expected', [
    ('adjust_hue', 0.3, [0.9, 0.2, 0.64, 0.48, 1.0, 0.1, 0.0, 0.0, 0.0, 0.2, 0.6, 0.52]),
    ('adjust_saturation', 1.7, [0.0, 0.385714, 0.9, 1.0, 0.0, 0.222222, 0.0, 0.0, 0.0, 0.6, 0.6, 0.0]),
    ('adjust_contrast', 1.5, [0.075, 0.6, 1.175, 1.275, 0.0, 0.275, -0.225, -0.15, -0.175, 0.675, 0.75, 0.125]),
    ('adjust_gamma', 2.0, [0.04, 0.25, 0.81, 1.0, 0.01, 0.09, 0.0, 0.0, 0.0, 0.36, 0.36, 0.04]),
    ('adjust_brightness', 0.1, (RGB + np.float32(0.1)).ravel()),
])
def test_adjustments_match_tensorflow(fn, arg, expected):
    np.testing.assert_allclose(getattr(tf.image, fn)(RGB, arg).numpy().ravel(), expected, atol=2e-6)


def test_colour_spaces_match_tensorflow():
    hsv = tf.image.rgb_to_hsv(RGB)
    np.testing.assert_allclose(hsv.numpy().ravel(), [0.595238, 0.777778, 0.9, 0.962963, 0.9, 1.0, 0.0, 0.0, 0.0,
                                                     0.166667, 0.666667, 0.6], atol=1e-6)
    np.testing.assert_allclose(tf.image.hsv_to_rgb(hsv).numpy(), RGB, atol=1e-6)
    np.testing.assert_allclose(tf.image.yuv_to_rgb(tf.image.rgb_to_yuv(RGB)).numpy(), RGB, atol=1e-6)
    np.testing.assert_allclose(tf.image.yiq_to_rgb(tf.image.rgb_to_yiq(RGB)).numpy(), RGB, atol=1e-4)  # TF's rounded matrices
    grey = tf.image.rgb_to_grayscale(RGB).numpy()
    np.testing.assert_allclose(grey[..., 0], RGB @ np.float32([0.2989, 0.587, 0.114]), rtol=1e-6)
    assert tf.image.grayscale_to_rgb(grey).shape == (2, 2, 3)
    # uint8 grey: 0.2989 * 10 + 0.587 * 200 + 0.114 * 30 of [0, 1] floats, scaled by 255.5 and truncated
    assert tf.image.rgb_to_grayscale(np.array([[[10, 200, 30]]], np.uint8)).numpy().ravel().tolist() == [124]
    # TF 2.21 converts a numpy or Python value to the kernel's default float32; an integer tensor is refused
    assert tf.image.rgb_to_hsv(np.zeros((2, 2, 3), np.uint8)).dtype == tf.float32
    with pytest.raises(tf.errors.InvalidArgumentError, match="Value for attr 'T' of uint8"):
        tf.image.rgb_to_hsv(tf.zeros((2, 2, 3), tf.uint8))


def test_convert_image_dtype_matches_tensorflow():
    f = np.array([0, 0.25, 1.0, 1.5], np.float32)
    assert tf.image.convert_image_dtype(f, tf.uint8).numpy().tolist() == [0, 63, 255, 127]     # 1.5 wraps, as TF
    assert tf.image.convert_image_dtype(f, tf.uint8, saturate=True).numpy().tolist() == [0, 63, 255, 255]
    assert tf.image.convert_image_dtype(np.array([0, 7, 255], np.uint8), tf.int16).numpy().tolist() == [0, 896, 32640]
    assert tf.image.convert_image_dtype(np.array([0, 300, 32767], np.int16), tf.uint8).numpy().tolist() == [0, 2, 255]
    # float32 saturates int32 at 2147483520, the largest float32 below 2**31 (TF's saturate_cast)
    assert tf.image.convert_image_dtype(np.float32([1.3]), tf.int32, saturate=True).numpy().tolist() == [2147483520]
    np.testing.assert_allclose(tf.image.convert_image_dtype(np.uint8([51]), tf.float32).numpy(), [0.2])
    with pytest.raises(AttributeError, match='image dtype must be either floating point or integer'):   # TF 2.21
        tf.image.convert_image_dtype(np.array([True]), tf.float32)


def test_per_image_standardization_and_quality_measures():
    std = tf.image.per_image_standardization(RGB).numpy().ravel()
    np.testing.assert_allclose(std[:4], [-0.497519, 0.398015, 1.592059, 1.89057], atol=1e-6)
    assert tf.image.per_image_standardization(RGB.astype(np.float64)).dtype == tf.float32
    # psnr(RGB, RGB ** 2, 1.0) and ssim of a ramp against its square, from TF
    np.testing.assert_allclose(tf.image.psnr(RGB, RGB ** 2, 1.0).numpy(), 16.179829, rtol=1e-6)
    ramp = np.linspace(0, 1, 64, dtype=np.float32).reshape(8, 8, 1)
    np.testing.assert_allclose(tf.image.ssim(ramp, ramp ** 2, 1.0, filter_size=3).numpy(), 0.70436925, rtol=1e-5)
    x = np.arange(24, dtype=np.float32).reshape(2, 3, 4, 1) ** 2
    tv = tf.image.total_variation(x).numpy()
    assert tv.tolist() == [float(np.abs(np.diff(x[i], axis=0)).sum() + np.abs(np.diff(x[i], axis=1)).sum())
                           for i in range(2)]
    dy, dx = tf.image.image_gradients(x)
    np.testing.assert_array_equal(dy.numpy()[:, :-1], np.diff(x, axis=1))
    assert not dy.numpy()[:, -1].any() and not dx.numpy()[:, :, -1].any()
    edges = tf.image.sobel_edges(x).numpy()
    assert edges.shape == (2, 3, 4, 1, 2)
    # interior pixel (1, 1): Sobel rows/columns over x[0, 0:3, 0:3]
    win = x[0, 0:3, 0:3, 0]
    assert edges[0, 1, 1, 0, 0] == (win[2] * [1, 2, 1]).sum() - (win[0] * [1, 2, 1]).sum()
    assert edges[0, 1, 1, 0, 1] == (win[:, 2] * [1, 2, 1]).sum() - (win[:, 0] * [1, 2, 1]).sum()
    with pytest.raises(ValueError, match='filter_size'):
        tf.image.ssim(ramp, ramp, 1.0)


@pytest.mark.parametrize('fn, kernel', [
    (lambda x: tf.image.adjust_contrast(x, 1.3), 'AdjustContrastv2'),
    (lambda x: tf.image.adjust_saturation(x, 0.7), 'AdjustSaturation'),
    (lambda x: tf.image.adjust_hue(x, 0.2), 'AdjustHue'),
])
def test_kernels_without_a_gradient_raise_tensorflows_lookup_error(fn, kernel):
    x = tf.constant(np.full((1, 2, 2, 3), 0.5))
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = fn(x)
    with pytest.raises(LookupError, match='^gradient registry has no entry for: %s$' % kernel):
        tape.gradient(y, x)


@pytest.mark.parametrize('fn', [
    lambda x: tf.image.rgb_to_hsv(x),
    lambda x: tf.image.rgb_to_yuv(x),
    lambda x: tf.image.total_variation(x),
    lambda x: tf.image.sobel_edges(x),
    lambda x: tf.image.extract_patches(x, [1, 2, 2, 1], [1, 1, 1, 1], [1, 1, 1, 1], 'SAME'),
])
def test_gradients_by_central_differences(fn):
    # distinct channel values, away from the hsv branch points
    x = np.array([[[[0.2, 0.5, 0.9], [0.8, 0.15, 0.3]], [[0.35, 0.7, 0.1], [0.6, 0.45, 0.25]]]])
    check_gradients(fn, [x])


def test_non_max_suppression_matches_tensorflow():
    boxes = np.array([[0, 0, 1, 1], [0, 0.1, 1, 1.1], [0, -0.1, 1, 0.9], [0, 10, 1, 11], [0, 10.1, 1, 11.1],
                      [0, 100, 1, 101]], np.float32)
    scores = np.array([0.9, 0.75, 0.6, 0.95, 0.5, 0.3], np.float32)
    # TF: [3, 0, 5] and, with score_threshold 0.4, [3, 0]
    assert tf.image.non_max_suppression(boxes, scores, 3, 0.5).numpy().tolist() == [3, 0, 5]
    assert tf.image.non_max_suppression(boxes, scores, 10, 0.5, 0.4).numpy().tolist() == [3, 0]
    idx, kept = tf.image.non_max_suppression_with_scores(boxes, scores, 2)
    assert idx.numpy().tolist() == [3, 0] and np.allclose(kept.numpy(), [0.95, 0.9])
    with pytest.raises(ValueError, match='iou_threshold'):
        tf.image.non_max_suppression(boxes, scores, 3, 1.5)


def test_draw_bounding_boxes_outlines():
    out = tf.image.draw_bounding_boxes(np.zeros((1, 6, 7, 3), np.float32),
                                       np.array([[[0.2, 0.1, 0.8, 0.6]]], np.float32), np.array([[1, 0, 0]], np.float32))
    red = out.numpy()[0, ..., 0]
    # rows int(0.2 * 5) = 1 .. int(0.8 * 5) = 4, columns int(0.1 * 6) = 0 .. int(0.6 * 6) = 3
    expected = np.zeros((6, 7))
    expected[1, 0:4] = expected[4, 0:4] = expected[1:5, 0] = expected[1:5, 3] = 1
    np.testing.assert_array_equal(red, expected)


@pytest.mark.parametrize('stateless', [False, True])
def test_random_ops_shapes_ranges_and_seeds(stateless):
    x = np.random.default_rng(1).random((4, 5, 6, 3)).astype(np.float32)
    kw = (lambda i: {'seed': (i, 7)}) if stateless else (lambda i: {'seed': i})
    pre = 'stateless_random_' if stateless else 'random_'
    flips = getattr(tf.image, pre + 'flip_left_right')(x, **kw(3)).numpy()
    assert all(np.array_equal(f, i) or np.array_equal(f, i[:, ::-1]) for f, i in zip(flips, x))
    bright = getattr(tf.image, pre + 'brightness')(x, 0.2, **kw(1)).numpy() - x
    assert np.ptp(bright) < 1e-6 and abs(bright.flat[0]) <= 0.2
    crop = getattr(tf.image, pre + 'crop')(x, [2, 3, 4, 3], **kw(5)).numpy()
    assert crop.shape == (2, 3, 4, 3) and any(np.array_equal(crop, x[a:a + 2, b:b + 3, c:c + 4])
                                              for a in range(3) for b in range(3) for c in range(3))
    for name, args in (('contrast', (0.5, 1.5)), ('saturation', (0.5, 1.5)), ('hue', (0.2,))):
        assert getattr(tf.image, pre + name)(x, *args, **kw(2)).shape == x.shape
    if stateless:
        a = tf.image.stateless_random_contrast(x, 0.2, 1.8, seed=(4, 2)).numpy()
        assert np.array_equal(a, tf.image.stateless_random_contrast(x, 0.2, 1.8, seed=(4, 2)).numpy())
    with pytest.raises(ValueError, match='upper'):
        getattr(tf.image, pre + 'contrast')(x, 1.0, 0.5, **kw(0))
    with pytest.raises(ValueError, match='max_delta'):
        getattr(tf.image, pre + 'hue')(x, 0.7, **kw(0))


def test_ssim_multiscale_matches_tensorflow():
    rng = np.random.RandomState(3)
    a = rng.rand(2, 37, 45, 3).astype(np.float32)
    b = np.clip(a + 0.15 * rng.randn(*a.shape), 0, 1).astype(np.float32)
    # tf.image.ssim_multiscale on the same arrays (odd sizes exercise the symmetric padding)
    np.testing.assert_allclose(tf.image.ssim_multiscale(a, b, 1.0, filter_size=3).numpy(), [0.90454012, 0.87991786],
                               rtol=1e-5)
    np.testing.assert_allclose(tf.image.ssim_multiscale(a, b, 1.0, power_factors=(0.5, 0.3, 0.2), filter_size=5,
                                                        filter_sigma=1.0).numpy(), [0.88970965, 0.88409954], rtol=1e-5)
    with pytest.raises(ValueError, match='ssim_multiscale.*scale 3 of 5'):
        tf.image.ssim_multiscale(a, b, 1.0)


NMS_BOXES = np.array([[0, 0, 1, 1], [0, 0.1, 1, 1.1], [0, -0.1, 1, 0.9], [0, 10, 1, 11], [0, 10.1, 1, 11.1],
                      [0, 100, 1, 101]], np.float32)
NMS_SCORES = np.array([0.9, 0.75, 0.6, 0.95, 0.5, 0.3], np.float32)


def test_padded_and_overlap_suppression_match_tensorflow():
    # TF 2.21: ([3 0 5 0 0], 3), ([3 0], 2) and, for a batch with reversed boxes, [[3 0 5 0], [3 0 1 0]], [3 3]
    idx, valid = tf.image.non_max_suppression_padded(NMS_BOXES, NMS_SCORES, 5, 0.5, pad_to_max_output_size=True)
    assert idx.numpy().tolist() == [3, 0, 5, 0, 0] and int(valid.numpy()) == 3
    idx, valid = tf.image.non_max_suppression_padded(NMS_BOXES, NMS_SCORES, 5, 0.5, 0.4)
    assert idx.numpy().tolist() == [3, 0] and int(valid.numpy()) == 2
    idx, valid = tf.image.non_max_suppression_padded(np.stack([NMS_BOXES, NMS_BOXES[::-1]]),
                                                     np.stack([NMS_SCORES, NMS_SCORES]), 4, 0.5)
    assert idx.numpy().tolist() == [[3, 0, 5, 0], [3, 0, 1, 0]] and valid.numpy().tolist() == [3, 3]
    overlaps = np.array([[1, 0.7, 0.2], [0.7, 1, 0.9], [0.2, 0.9, 1]], np.float32)
    assert tf.image.non_max_suppression_overlaps(overlaps, np.float32([0.5, 0.9, 0.8]), 3, 0.6).numpy().tolist() == [1]


def test_combined_non_max_suppression_matches_tensorflow():
    boxes = np.array([[[[0, 0, 0.5, 0.5]], [[0, 0.05, 0.5, 0.55]], [[0.5, 0.5, 1.2, 1.0]]]], np.float32)
    scores = np.array([[[0.9, 0.1], [0.8, 0.7], [0.3, 0.6]]], np.float32)
    out_boxes, out_scores, classes, valid = tf.image.combined_non_max_suppression(boxes, scores, 2, 4, 0.5)
    np.testing.assert_allclose(out_scores.numpy(), [[0.9, 0.7, 0.6, 0.3]])
    assert classes.dtype == tf.float32 and classes.numpy().tolist() == [[0, 1, 1, 0]] and valid.numpy().tolist() == [4]
    np.testing.assert_allclose(out_boxes.numpy()[0, 2], [0.5, 0.5, 1.0, 1.0])          # clipped to [0, 1]
    out_boxes, out_scores, classes, valid = tf.image.combined_non_max_suppression(
        boxes, scores, 1, 5, 0.5, score_threshold=0.2, pad_per_class=True, clip_boxes=False)
    assert out_boxes.shape == (1, 2, 4) and classes.numpy().tolist() == [[0, 1]] and valid.numpy().tolist() == [2]


@pytest.mark.parametrize('seed', range(5))
def test_sample_distorted_bounding_box_keeps_its_constraints(seed):
    obj = [0.1, 0.1, 0.5, 0.5]                                  # y1, x1, y2, x2 of the object
    begin, size, box = tf.image.stateless_sample_distorted_bounding_box(
        np.int32([100, 200, 3]), [[obj]], seed=(seed, 3), min_object_covered=0.5, aspect_ratio_range=(0.5, 2.0),
        area_range=(0.1, 0.5))
    (y, x, zero), (h, w, minus_one) = begin.numpy().tolist(), size.numpy().tolist()
    assert begin.dtype == tf.int32 and box.shape == (1, 1, 4) and zero == 0 and minus_one == -1
    assert 0.1 <= h * w / 20000 <= 0.5 and 0 <= y <= 100 - h and 0 <= x <= 200 - w
    assert 0.5 - 0.05 <= w / h <= 2.0 + 0.05                    # integer sizes round the drawn ratio
    covered = max(0, min(50, y + h) - max(10, y)) * max(0, min(100, x + w) - max(20, x)) / (40 * 80)
    assert covered >= 0.5
    np.testing.assert_allclose(box.numpy().ravel(), [y / 100, x / 200, (y + h) / 100, (x + w) / 200], rtol=1e-6)
    again = tf.image.stateless_sample_distorted_bounding_box(
        np.int32([100, 200, 3]), [[obj]], seed=(seed, 3), min_object_covered=0.5, aspect_ratio_range=(0.5, 2.0),
        area_range=(0.1, 0.5))
    assert again[0].numpy().tolist() == begin.numpy().tolist()


def test_sample_distorted_bounding_box_falls_back_to_the_whole_image():
    # no crop of 90-100% of the image can cover all of a corner box and fit 3 tries: TF returns the full image
    begin, size, box = tf.image.sample_distorted_bounding_box([10, 10, 3], [[[0.0, 0.0, 0.1, 0.1]]], seed=4,
                                                              min_object_covered=1.0, area_range=[0.9, 0.95],
                                                              aspect_ratio_range=[3.0, 4.0], max_attempts=3)
    assert begin.numpy().tolist() == [0, 0, 0] and size.numpy().tolist() == [10, 10, -1]
    with pytest.raises(ValueError, match='no bounding boxes'):
        tf.image.sample_distorted_bounding_box([10, 10, 3], np.zeros((1, 0, 4), np.float32))
