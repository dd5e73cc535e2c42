"""keras.layers.RandomPerspective (and keras.ops.image.perspective_transform's float32 homography)
as Keras 3.15 computes them. Golden values: TF 2.21's outputs for the same calls
(keras.utils.set_random_seed(n) or seed=4), printed rounded to 3 decimals (or as float32 bits)
by /work/notes/progs/aug2/g_persp.py."""
import numpy as np
import pytest

from framework import keras
from framework.ops.eigen_lu_solve import lu_solve

L = keras.layers
IMAGES = (np.arange(40, dtype=np.float32).reshape(2, 5, 4, 1) ** 2 * 7.0) % 256

# the first image's threshold falls above its probability: kept
DEFAULT_5 = [[[0.0, 7.0, 28.0, 63.0], [112.0, 175.0, 252.0, 87.0], [192.0, 55.0, 188.0, 79.0], [240.0, 159.0, 92.0, 39.0], [0.0, 231.0, 220.0, 223.0]], [[240.0, 36.158, 94.401, 64.878], [159.516, 99.355, 184.212, 130.533], [23.02, 197.433, 112.34, 51.039], [93.457, 142.086, 139.921, 69.163], [0.0, 26.544, 110.248, 87.584]]]
NEAREST_FILL_9_SEED_6 = [[[0.0, 7.0, 28.0, 63.0], [112.0, 175.0, 252.0, 87.0], [192.0, 55.0, 188.0, 79.0], [240.0, 159.0, 92.0, 39.0], [0.0, 231.0, 220.0, 223.0]], [[240.0, 15.0, 60.0, 9.0], [192.0, 23.0, 124.0, 9.0], [112.0, 255.0, 156.0, 9.0], [0.0, 199.0, 156.0, 9.0], [112.0, 111.0, 124.0, 151.0]]]
CHANNELS_FIRST_7 = [[[0.0, 7.455, 28.885, 62.282], [159.974, 109.09, 195.513, 121.565], [235.184, 161.163, 119.092, 79.073], [5.534, 175.89, 217.782, 206.394], [0.0, 23.58, 39.672, 44.955]], [[240.0, 15.0, 60.0, 119.0], [192.0, 23.0, 124.0, 239.0], [112.0, 255.0, 156.0, 71.0], [0.0, 199.0, 156.0, 127.0], [112.0, 111.0, 124.0, 151.0]]]
SEED_4_ONE_IMAGE = [[240.0, 51.056, 103.434, 82.277], [114.754, 128.355, 195.105, 169.388], [82.141, 176.718, 107.379, 107.649], [0.0, 128.78, 140.223, 86.597], [0.0, 9.339, 137.126, 127.899]]
DICT_MASKS_2 = [[[0, 0, 0, 0], [0, 0, 0, 1], [1, 1, 1, 0], [1, 0, 1, 0], [1, 1, 0, 0]], [[1, 0, 0, 1], [1, 0, 1, 1], [1, 1, 1, 0], [0, 1, 1, 1], [1, 1, 1, 1]]]


def test_seeded_warps_match_keras():
    keras.utils.set_random_seed(5)
    np.testing.assert_allclose(L.RandomPerspective()(IMAGES).numpy()[..., 0], DEFAULT_5, atol=1e-3)
    keras.utils.set_random_seed(6)
    layer = L.RandomPerspective(1.0, scale=0.5, interpolation='nearest', fill_value=9.0)
    np.testing.assert_allclose(layer(IMAGES).numpy()[..., 0], NEAREST_FILL_9_SEED_6, atol=1e-3)
    keras.utils.set_random_seed(7)
    layer = L.RandomPerspective(1.0, scale=0.8, data_format='channels_first')
    np.testing.assert_allclose(layer(IMAGES.transpose(0, 3, 1, 2)).numpy()[:, 0], CHANNELS_FIRST_7, atol=1e-3)
    np.testing.assert_allclose(L.RandomPerspective(seed=4)(IMAGES[1]).numpy()[..., 0], SEED_4_ONE_IMAGE, atol=1e-3)


def test_masks_take_the_images_warp_read_nearest():
    keras.utils.set_random_seed(2)
    out = L.RandomPerspective()({'images': IMAGES, 'segmentation_masks': (IMAGES > 100).astype(np.int32)})
    np.testing.assert_array_equal(out['segmentation_masks'].numpy()[..., 0], DICT_MASKS_2)


def test_perspective_transform_solves_its_homography_as_tensorflow():
    start = np.array([[0, 0], [3, 0], [0, 4], [3, 4]], np.float32)
    end = start + np.array([[0.3, -0.2], [0.1, 0.45], [-0.35, 0.05], [0.2, -0.15]], np.float32)
    out = keras.ops.image.perspective_transform(IMAGES[:1], start, end).numpy()
    # numpy's float64 solve, rounded, moved three of these five by an ulp or more
    assert out[0, :, 1, 0].view(np.uint32).tolist() == [1093913918, 1125192010, 1120647240, 1127102428, 1129940644]
    with pytest.raises(ValueError, match='not invertible'):
        lu_solve(np.zeros((1, 2, 2), np.float32), np.ones((1, 2, 1), np.float32))


def test_inference_casts_and_config_and_errors_as_keras():
    kept = L.RandomPerspective()(IMAGES.astype(np.uint8), training=False)
    assert kept.dtype == np.float32
    np.testing.assert_array_equal(kept.numpy(), IMAGES.astype(np.uint8))
    keras.backend.clear_session()
    config = L.RandomPerspective(0.5, scale=0.3, fill_value=2.0, seed=1).get_config()
    assert list(config)[3:] == ['data_format', 'factor', 'scale', 'interpolation', 'fill_value', 'seed']
    assert (config['name'], config['factor'], config['scale'], config['fill_value']) == (
        'random_perspective', (0, 0.5), 0.3, 2.0)
    assert L.RandomPerspective.from_config(config).get_config()['scale'] == 0.3
    with pytest.raises(ValueError, match=r'The `scale` argument should be a number in the range \[0,1\]'):
        L.RandomPerspective(scale=1.5)
    with pytest.raises(NotImplementedError, match='Unknown `interpolation` bicubic'):
        L.RandomPerspective(interpolation='bicubic')


def test_runs_inside_a_fitted_model_and_is_identity_in_predict():
    keras.utils.set_random_seed(1)
    model = keras.Sequential([keras.Input((5, 4, 1)), L.RandomPerspective(), L.Flatten(), L.Dense(1)])
    model.compile('sgd', 'mse')
    history = model.fit(IMAGES / 255.0, np.ones((2, 1), np.float32), epochs=2, verbose=0)
    assert np.all(np.isfinite(history.history['loss']))
    flat = (IMAGES / 255.0).reshape(2, -1)
    np.testing.assert_allclose(model.predict(IMAGES / 255.0, verbose=0),
                               flat @ model.layers[-1].kernel.numpy() + model.layers[-1].bias.numpy(), rtol=1e-5)


def test_boxes_follow_the_warp_and_come_back_as_xyxy():
    # Keras 3.15 maps the corners through the inverse transform, boxes them, clips them and
    # returns them in 'xyxy' whatever bounding_box_format says (here 'xywh'); bits from TF 2.21
    boxes = np.array([[[1, 2, 6, 9], [0, 0, 10, 12]], [[3, 3, 4, 5], [2, 1, 8, 4]]], np.float32)
    xywh = np.concatenate([boxes[..., :2], boxes[..., 2:] - boxes[..., :2]], -1)
    keras.utils.set_random_seed(6)
    layer = L.RandomPerspective(scale=0.6, bounding_box_format='xywh')
    out = layer({'images': np.zeros((2, 12, 10, 1), np.float32),
                 'bounding_boxes': {'boxes': xywh, 'labels': np.array([[1, 2], [3, 4]], np.float32)}})
    got = out['bounding_boxes']['boxes'].numpy()
    np.testing.assert_allclose(got, [[[1.0345, 2.0746, 6.5317, 9.7669], [0.0, 0.0, 10.0, 12.0]], [[2.5967, 2.6134, 3.4898, 4.5537], [1.7176, 0.794, 6.424, 3.6623]]], atol=1e-4)
    assert got[:, 0].view(np.uint32).tolist() == [[1065642746, 1074054545, 1087439819, 1092371817], [1076244556, 1076314566, 1079990618, 1083291647]]
    with pytest.raises(NotImplementedError, match='bounding boxes'):
        L.RandomElasticTransform(bounding_box_format='xyxy')({'images': np.zeros((2, 12, 10, 1), np.float32),
                                                              'bounding_boxes': {'boxes': boxes, 'labels': boxes[..., 0]}})
