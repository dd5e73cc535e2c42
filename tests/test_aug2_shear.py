"""keras.layers.RandomShear as Keras 3.15 computes it. Golden values: TF 2.21's outputs for the
same calls (keras.utils.set_random_seed(n) or seed=3), printed rounded to 3 decimals by
/work/notes/progs/aug2/g_shear.py."""
import numpy as np
import pytest

from framework import keras

L = keras.layers
IMAGES = (np.arange(32, dtype=np.float32).reshape(2, 4, 4, 1) * 37.0) % 256

SEEDED_5 = [[[0.0, 37.0, 74.0, 111.0], [148.495, 158.351, 166.038, 62.423], [40.99, 97.798, 152.093, 69.568], [189.485, 190.95, 47.101, 102.423]], [[80.0, 101.179, 122.358, 143.536], [228.0, 36.977, 88.078, 146.759], [120.0, 138.612, 159.791, 180.969], [12.0, 45.149, 82.149, 119.149]]]
CONSTANT_NEAREST_6 = [[[0.0, 37.0, 74.0, 111.0], [148.0, 185.0, 222.0, 3.0], [40.0, 77.0, 114.0, 151.0], [188.0, 225.0, 6.0, 43.0]], [[80.0, 117.0, 154.0, 191.0], [228.0, 9.0, 46.0, 83.0], [7.0, 120.0, 157.0, 194.0], [7.0, 12.0, 49.0, 86.0]]]
WRAP_CHANNELS_FIRST_7 = [[[0.0, 225.0, 6.0, 43.0], [155.974, 154.27, 126.251, 31.889], [55.948, 121.191, 128.723, 124.73], [211.922, 87.99, 86.408, 71.889]], [[80.0, 49.0, 86.0, 123.0], [209.739, 37.351, 99.617, 124.128], [126.17, 128.547, 130.923, 195.798], [21.256, 83.522, 145.788, 87.798]]]
SEED_3_ONE_IMAGE = [[0.0, 37.0, 74.0, 111.0], [161.867, 190.197, 133.822, 21.982], [67.734, 111.062, 131.905, 124.988], [197.764, 16.929, 55.654, 61.982]]
DICT_IMAGES_2 = [[[0.0, 37.0, 74.0, 111.0], [148.0, 167.406, 192.466, 53.133], [40.0, 74.407, 120.121, 122.806], [188.0, 196.1, 104.873, 52.181]], [[80.0, 117.0, 154.0, 191.0], [210.459, 44.061, 113.158, 179.292], [125.927, 118.942, 111.957, 99.044], [20.891, 89.988, 159.086, 219.292]]]
DICT_MASKS_2 = [[[0, 0, 0, 1], [1, 1, 1, 0], [0, 0, 1, 1], [1, 1, 0, 0]], [[0, 1, 1, 1], [1, 0, 1, 1], [1, 1, 0, 0], [0, 0, 1, 1]]]


@pytest.mark.parametrize('seed, make, images, expected', [
    (5, lambda: L.RandomShear(0.3, 0.2), IMAGES, SEEDED_5),
    (6, lambda: L.RandomShear((0.1, 0.5), 0.0, fill_mode='constant', fill_value=7., interpolation='nearest'),
     IMAGES, CONSTANT_NEAREST_6),
    (7, lambda: L.RandomShear(0.3, 0.4, fill_mode='wrap', data_format='channels_first'),
     IMAGES.transpose(0, 3, 1, 2), WRAP_CHANNELS_FIRST_7),
], ids=['reflect', 'constant-nearest', 'wrap-channels-first'])
def test_seeded_shears_match_keras(seed, make, images, expected):
    keras.utils.set_random_seed(seed)
    out = make()(images).numpy()
    np.testing.assert_allclose(out[:, 0] if out.shape[1] == 1 else out[..., 0], expected, atol=1e-3)


def test_own_seed_on_one_image_matches_keras():
    out = L.RandomShear(0.5, 0.5, seed=3, fill_mode='nearest')(IMAGES[0]).numpy()
    np.testing.assert_allclose(out[..., 0], SEED_3_ONE_IMAGE, atol=1e-3)


def test_masks_take_the_images_shear_read_nearest():
    keras.utils.set_random_seed(2)
    masks = (IMAGES > 100).astype(np.int32)
    out = L.RandomShear(0.4, 0.4)({'images': IMAGES, 'labels': np.array([[1.], [0.]], np.float32),
                                   'segmentation_masks': masks})
    np.testing.assert_allclose(out['images'].numpy()[..., 0], DICT_IMAGES_2, atol=1e-3)
    assert out['segmentation_masks'].dtype == np.int32
    np.testing.assert_array_equal(out['segmentation_masks'].numpy()[..., 0], DICT_MASKS_2)
    np.testing.assert_array_equal(out['labels'].numpy(), [[1.], [0.]])


def test_inference_casts_and_keeps_the_images():
    out = L.RandomShear(0.7)(IMAGES.astype(np.uint8), training=False)
    assert out.dtype == np.float32
    np.testing.assert_array_equal(out.numpy(), IMAGES.astype(np.uint8))


def test_config_and_errors_as_keras():
    keras.backend.clear_session()
    layer = L.RandomShear(0.3, (0.1, 0.2), seed=4)
    config = layer.get_config()
    assert list(config)[3:] == ['data_format', 'x_factor', 'y_factor', 'fill_mode', 'interpolation', 'seed',
                                'fill_value']
    assert (config['name'], config['x_factor'], config['y_factor'], config['seed']) == (
        'random_shear', (-0.3, 0.3), (0.1, 0.2), 4)
    # Keras 3.15 checks each number of a pair against [0, 1], so a saved (-f, f) does not load back
    with pytest.raises((TypeError, ValueError), match='input_number=-0.3'):
        L.RandomShear.from_config(config)
    assert L.RandomShear.from_config(dict(config, x_factor=(0.1, 0.3))).x_factor == (0.1, 0.3)
    with pytest.raises(ValueError, match='Received: input_number=1.5'):
        L.RandomShear(1.5)
    with pytest.raises(ValueError, match=r'Received: x_factor=\[0.1, 0.2, 0.3\]'):
        L.RandomShear([0.1, 0.2, 0.3])
    with pytest.raises(NotImplementedError, match='Unknown `fill_mode` mirror'):
        L.RandomShear(0.1, fill_mode='mirror')
    with pytest.raises(NotImplementedError, match='Unknown `interpolation` bicubic'):
        L.RandomShear(0.1, interpolation='bicubic')


def test_runs_inside_a_fitted_model_and_is_identity_in_predict():
    keras.utils.set_random_seed(1)
    model = keras.Sequential([keras.Input((4, 4, 1)), L.RandomShear(0.5, 0.5), L.Flatten(), L.Dense(1)])
    model.compile('sgd', 'mse')
    history = model.fit(IMAGES / 255.0, np.ones((2, 1), np.float32), epochs=2, verbose=0)
    assert np.all(np.isfinite(history.history['loss']))
    flat = (IMAGES / 255.0).reshape(2, -1)
    np.testing.assert_allclose(model.predict(IMAGES / 255.0, verbose=0),
                               flat @ model.layers[-1].kernel.numpy() + model.layers[-1].bias.numpy(), rtol=1e-5)
