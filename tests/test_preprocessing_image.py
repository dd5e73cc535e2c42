"""The image preprocessing layers against Keras 3.15.

GOLDEN holds what keras 3.15 (TensorFlow 2.21 backend) printed for the same
calls on IMAGE, rounded to 5 decimals. The random layers are pinned by giving
them a range of zero width (e.g. factor=(0.25, 0.25): a 90 degree turn), so
that Keras's draw is known exactly; their draws otherwise come from tapeflow's
seeded streams and are checked for range and reproducibility.
"""
import numpy as np
import pytest

import framework as tf
import layers as L

IMAGE = (np.arange(20, dtype=np.float32).reshape(1, 4, 5, 1) * 3.7) % 11

GOLDEN = {
    'rot90_constant_bilinear': [[0.475, 2.95, 4.95, 4.2, 0.725], [1.375, 4.75, 4.0, 3.25, 1.625], [2.275, 3.8, 3.05, 5.05, 2.525], [0.425, 2.85, 4.85, 4.1, 0.675]],
    'rot30_reflect_nearest': [[3.7, 7.4, 0.1, 0.3, 0.3], [3.7, 0.2, 3.9, 4.1, 7.8], [7.5, 0.2, 0.4, 4.1, 0.6], [4.0, 4.0, 4.2, 7.9, 0.6]],
    'zoom_out_wrap': [[4.3, 2.35, 7.9, 2.45, 0.5], [1.175, 3.35, 4.775, 3.45, 5.625], [6.925, 4.975, 2.275, 5.075, 3.125], [3.8, 1.85, 7.4, 1.95, 0.0]],
    'zoom_in_xy_nearestfill': [[2.8125, 2.5575, 6.0875, 2.7425, 2.4875], [7.0625, 3.5075, 3.4625, 4.7925, 1.2375], [4.4375, 5.8325, 0.8375, 5.4675, 6.8625], [1.8125, 4.0325, 5.0875, 3.3925, 5.6125]],
    'translate_reflect': [[5.55, 3.75, 1.95, 3.8, 1.95], [5.55, 3.75, 1.95, 3.8, 1.95], [2.05, 5.75, 3.95, 0.3, 3.95], [4.05, 2.25, 5.95, 7.8, 5.95]],
    'brightness': [[0.2, 3.9, 7.6, 0.3, 4.0], [7.7, 0.4, 4.1, 7.8, 0.5], [4.2, 7.9, 0.6, 4.3, 8.0], [0.7, 4.4, 8.1, 0.8, 4.5]],
    'resize_bicubic': [[0.75868, 1.94023, 4.49093, 7.03921, 2.40173, 1.61629, 3.45365], [6.58218, 5.21138, 3.01725, 1.4625, 5.41574, 5.7788, 3.90532], [0.63857, 2.84354, 5.70036, 7.00612, 2.21583, 2.24245, 5.00377]],
    'resize_bilinear': [[1.23333, 7.4, 2.56667], [3.15, 5.65, 2.65], [5.09444, 3.31667, 3.37222], [5.20556, 0.98333, 5.92778], [3.48333, 4.15, 4.81667], [1.73333, 7.9, 3.06667]],
    'resize_nearest': [[0.0, 0.0, 3.7, 7.4, 7.4, 0.1, 3.8, 3.8], [4.0, 4.0, 7.7, 0.4, 0.4, 4.1, 7.8, 7.8], [0.5, 0.5, 4.2, 7.9, 7.9, 0.6, 4.3, 4.3]],
    'resize_crop': [[2.85, 4.75], [4.1, 3.25]],
    'resize_pad': [[0.15625, 2.4125, 4.075, -0.48125], [-0.40625, 5.725, 2.575, 1.01875]],
    'resize_uint8': [[24, 38, 52], [108, 122, 136], [192, 206, 220]],
    'centercrop_up': [[0.0, 2.59, 5.55, 5.21, 0.1], [5.25, 2.45, 3.1, 5.07, 5.35], [5.75, 4.49, 3.05, 3.26, 5.85], [2.95, 5.54, 4.65, 2.77, 3.05], [0.5, 3.09, 6.05, 5.71, 0.6]],
    'randomcrop_small': [[3.7, 7.4, 0.1, 3.8], [1.25, 4.95, 5.35, 1.35], [3.95, 2.15, 5.85, 4.05], [6.65, 2.65, 3.05, 6.75], [4.2, 7.9, 0.6, 4.3]],
    'cf': [[0.2, 3.9, 7.6], [7.7, 0.4, 4.1]],
}

CASES = {
    'rot90_constant_bilinear': lambda: L.RandomRotation((0.25, 0.25), fill_mode='constant', fill_value=-1.0),
    'rot30_reflect_nearest': lambda: L.RandomRotation((1 / 12, 1 / 12), interpolation='nearest'),
    'zoom_out_wrap': lambda: L.RandomZoom((0.5, 0.5), fill_mode='wrap'),
    'zoom_in_xy_nearestfill': lambda: L.RandomZoom((-0.25, -0.25), width_factor=(0.4, 0.4), fill_mode='nearest'),
    'translate_reflect': lambda: L.RandomTranslation((0.25, 0.25), (-0.3, -0.3)),
    'brightness': lambda: L.RandomBrightness((0.02, 0.02), value_range=(0, 10)),
    'randomcrop_small': lambda: L.RandomCrop(5, 4),
}
DETERMINISTIC = {
    'resize_bicubic': lambda: L.Resizing(3, 7, interpolation='bicubic'),
    'resize_bilinear': lambda: L.Resizing(6, 3),
    'resize_nearest': lambda: L.Resizing(3, 8, interpolation='nearest'),
    'resize_crop': lambda: L.Resizing(2, 2, crop_to_aspect_ratio=True),
    'resize_pad': lambda: L.Resizing(2, 4, pad_to_aspect_ratio=True, fill_value=-2.),
    'centercrop_up': lambda: L.CenterCrop(5, 5),
}


@pytest.mark.parametrize('name', sorted(CASES))
def test_random_layers_with_a_fixed_draw_match_keras(name):
    layer = CASES[name]()
    np.testing.assert_allclose(layer(IMAGE, training=True).numpy()[0, :, :, 0], GOLDEN[name], atol=2e-5)
    # identity at inference; a call without training transforms (Keras 3's default is True)
    assert np.array_equal(layer(IMAGE, training=False).numpy(), IMAGE)
    assert not np.array_equal(layer(IMAGE).numpy(), IMAGE)


@pytest.mark.parametrize('name', sorted(DETERMINISTIC))
def test_resizing_and_center_crop_match_keras(name):
    out = DETERMINISTIC[name]()(IMAGE)
    assert out.dtype == tf.float32
    np.testing.assert_allclose(out.numpy()[0, :, :, 0], GOLDEN[name], atol=2e-5)


def test_integer_images_stay_integer_when_resized_and_channels_first_crops():
    out = L.Resizing(3, 3)(np.arange(36, dtype=np.uint8).reshape(6, 6, 1) * 7)
    assert out.dtype == tf.uint8 and out.numpy()[:, :, 0].tolist() == GOLDEN['resize_uint8']
    out = L.CenterCrop(2, 3, data_format='channels_first')(np.transpose(IMAGE, (0, 3, 1, 2)))
    np.testing.assert_allclose(out.numpy()[0, 0], GOLDEN['cf'], atol=2e-5)
    assert L.CenterCrop(3, 4)(IMAGE).shape == (1, 3, 4, 1)


RANDOM = [lambda s: L.RandomFlip(seed=s), lambda s: L.RandomRotation(0.2, seed=s), lambda s: L.RandomZoom(0.3, seed=s),
          lambda s: L.RandomTranslation(0.2, 0.3, seed=s), lambda s: L.RandomContrast(0.5, seed=s),
          lambda s: L.RandomBrightness(0.3, seed=s), lambda s: L.RandomCrop(2, 3, seed=s)]


@pytest.mark.parametrize('make', RANDOM, ids=range(len(RANDOM)))
def test_seeded_draws_repeat_across_runs_and_differ_per_image(make):
    images = np.random.default_rng(0).uniform(0, 255, (6, 5, 7, 3)).astype(np.float32)
    tf.random.set_seed(3)
    first = make(11)(images, training=True).numpy()
    tf.random.set_seed(3)
    again = make(11)(images, training=True).numpy()
    np.testing.assert_array_equal(first, again)
    assert not np.array_equal(first, images[:, :first.shape[1], :first.shape[2]]) or first.shape != images.shape


def test_flip_contrast_and_brightness_follow_keras_formulas():
    images = np.random.default_rng(1).uniform(0, 255, (16, 3, 4, 2)).astype(np.float32)
    flipped = L.RandomFlip('horizontal', seed=5)(images, training=True).numpy()
    for out, image in zip(flipped, images):
        assert np.array_equal(out, image) or np.array_equal(out, image[:, ::-1])
    both = L.RandomFlip(seed=6)(images, training=True).numpy()    # one draw flips both axes together
    for out, image in zip(both, images):
        assert np.array_equal(out, image) or np.array_equal(out, image[::-1, ::-1])
    contrasted = L.RandomContrast(0.5, seed=7)(images, training=True).numpy()
    mean = images.mean(axis=(1, 2), keepdims=True)
    factor = ((contrasted - mean) / (images - mean)).reshape(16, -1)
    assert np.all((factor.min(1) > 1 - 1e-4) & (factor.max(1) < 1.5 + 1e-4))     # Keras: factor 0.5 gives [1, 1.5]
    brightened = L.RandomBrightness(0.1, seed=8)(images, training=True).numpy()
    assert brightened.min() >= 0 and brightened.max() <= 255
    inside = (images > 30) & (images < 225)
    delta = (brightened - images)[inside]
    assert np.abs(delta).max() <= 25.5 + 1e-3


def test_augmentation_in_a_model_trains_and_is_skipped_at_inference():
    tf.random.set_seed(0)
    augment = L.Sequential([L.RandomFlip('horizontal', seed=1), L.RandomRotation(0.1, seed=2),
                            L.RandomZoom(0.1, seed=3), L.RandomTranslation(0.1, 0.1, seed=4)])
    model = L.Sequential([L.Input((6, 6, 3)), augment, L.Rescaling(1 / 255.), L.Resizing(4, 4), L.Flatten(),
                          L.Dense(2)])
    model.compile('adam', 'sparse_categorical_crossentropy')
    images = np.random.default_rng(2).uniform(0, 255, (8, 6, 6, 3)).astype(np.float32)
    history = model.fit(images, np.arange(8) % 2, epochs=2, verbose=0)
    assert len(history.history['loss']) == 2
    np.testing.assert_array_equal(model.predict(images, verbose=0), model.predict(images, verbose=0))
    inputs = L.Input((4, 5, 1))
    functional = L.Model(inputs, L.CenterCrop(2, 2)(L.RandomFlip()(inputs)))
    assert functional.output.shape == (None, 2, 2, 1) and functional(IMAGE).shape == (1, 2, 2, 1)


@pytest.mark.parametrize('make, match', [
    (lambda: L.RandomRotation(1.5), 'factor'), (lambda: L.RandomZoom(-1.0), 'height_factor'),
    # (RandomFlip('diagonal') is no error: Keras 3.15 checks no mode, an unknown one flips nothing)
    (lambda: L.RandomTranslation(0.1, 'x'), 'width_factor'),
    (lambda: L.RandomContrast(-0.2), 'factor'), (lambda: L.RandomBrightness(0.1, value_range=5), 'value_range'),
    # (Resizing(0, 3) is made, as in Keras 3: its call refuses the size, tests/test_errors40_resizing_sizes.py)
    (lambda: L.Resizing(2.5, 3)(np.ones((4, 4, 3))), "'size' must be a 1-D int32 Tensor"), (lambda: L.Resizing(2, 2, interpolation='lanczos9')(np.ones((4, 4, 3))), 'interpolation'),
    (lambda: L.RandomRotation(0.1, fill_mode='mirror'), 'fill_mode'), (lambda: L.CenterCrop(2, 2)(np.ones((3, 3))), 'rank'),
])
def test_bad_arguments_raise_naming_them(make, match):
    with pytest.raises((ValueError, TypeError), match=match):
        make()


def test_configs_round_trip_with_keras_fields():
    assert L.RandomRotation(0.1).get_config()['factor'] == (-0.1, 0.1)
    assert L.RandomContrast(0.2).get_config()['factor'] == (0.0, 0.2)
    assert L.RandomBrightness(0.1).get_config()['value_range'] == [0, 255]
    for layer in (L.Resizing(2, 3, 'nearest'), L.RandomZoom(0.2, 0.3, seed=4), L.RandomContrast(0.3),
                  L.RandomBrightness((-0.1, 0.2)), L.CenterCrop(2, 2), L.RandomCrop(2, 2, seed=1),
                  L.RandomTranslation(0.1, 0.1), L.RandomRotation(0.2), L.RandomFlip('vertical')):
        config = layer.get_config()
        assert type(layer).from_config(config).get_config() == config
        assert type(L.deserialize(L.serialize(layer))) is type(layer)


def test_random_crop_draws_its_boxes_from_keras_generator():
    # Keras 3's RandomCrop draws its boxes from the SeedGenerator it makes after its base
    # layer's default seed; TF 2.21 after keras.utils.set_random_seed(3) crops at these
    # (top, left) corners on four calls (read off the crops of a 12 x 12 ramp).
    from framework import keras
    ramp = np.arange(144, dtype=np.float32).reshape(1, 12, 12, 1)
    keras.utils.set_random_seed(3)
    crop = keras.layers.RandomCrop(5, 6)
    corners = [divmod(int(crop(ramp).numpy()[0, 0, 0, 0]), 12) for _ in range(4)]
    assert corners == [(5, 4), (3, 6), (6, 0), (5, 6)]
