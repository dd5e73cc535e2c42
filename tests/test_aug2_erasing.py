"""keras.layers.RandomErasing as Keras 3.15 computes it. Golden values: TF 2.21's outputs for the
same calls (keras.utils.set_random_seed(n) or seed=3), printed rounded to 3 (5) decimals by
/work/notes/progs/aug2/g_erase.py."""
import numpy as np
import pytest

from framework import keras

L = keras.layers
IMAGES = (np.arange(40, dtype=np.float32).reshape(2, 5, 4, 1) * 37.0) % 256

NOISE_4 = [[[0.0, 37.0, 74.0, 111.0], [148.0, 163.216, 0.0, 255.0], [40.0, 0.0, 0.0, 255.0], [188.0, 0.0, 0.0, 0.0], [80.0, 1.737, 221.545, 60.09]], [[228.0, 9.0, 46.0, 83.0], [120.0, 0.0, 255.0, 176.971], [12.0, 0.0, 0.0, 71.902], [160.0, 156.931, 0.0, 0.0], [52.0, 255.0, 0.0, 108.03]]]
FILL_9_SEED_10 = [[[0.0, 37.0, 74.0, 111.0], [148.0, 185.0, 222.0, 3.0], [40.0, 77.0, 114.0, 151.0], [188.0, 9.0, 9.0, 9.0], [80.0, 9.0, 9.0, 9.0]], [[228.0, 9.0, 46.0, 83.0], [120.0, 9.0, 9.0, 9.0], [12.0, 9.0, 9.0, 9.0], [160.0, 9.0, 9.0, 9.0], [52.0, 9.0, 9.0, 9.0]]]
# fill_value of three numbers broadcast against a channels_first batch: along its last (width)
# axis, as Keras's full_like broadcasts it
CHANNELS_FIRST_THREE_FILLS_10 = [[[[0.0, 37.0, 74.0], [148.0, 185.0, 222.0], [40.0, 77.0, 114.0], [188.0, 2.0, 255.0], [80.0, 2.0, 255.0]], [[0.0, 37.0, 74.0], [148.0, 185.0, 222.0], [40.0, 77.0, 114.0], [188.0, 2.0, 255.0], [80.0, 2.0, 255.0]]], [[[228.0, 9.0, 46.0], [120.0, 2.0, 255.0], [12.0, 2.0, 255.0], [160.0, 2.0, 255.0], [52.0, 2.0, 255.0]], [[228.0, 9.0, 46.0], [120.0, 2.0, 255.0], [12.0, 2.0, 255.0], [160.0, 2.0, 255.0], [52.0, 2.0, 255.0]]]]
SEED_3_UNIT_RANGE_ONE_IMAGE = [[0.0, 0.1451, 0.2902, 0.43529], [0.58039, 0.72549, 0.0, 0.01176], [0.15686, 0.30196, 1.0, 0.59216], [0.73725, 0.88235, 0.20093, 0.16863], [0.31373, 0.45882, 0.7137, 0.74902]]


def test_noise_and_value_fills_match_keras():
    keras.utils.set_random_seed(4)
    np.testing.assert_allclose(L.RandomErasing(scale=(0.4, 0.8))(IMAGES).numpy()[..., 0], NOISE_4, atol=1e-3)
    keras.utils.set_random_seed(10)
    out = L.RandomErasing(1.0, scale=(0.3, 0.9), fill_value=9.0)(IMAGES)
    np.testing.assert_allclose(out.numpy()[..., 0], FILL_9_SEED_10, atol=1e-3)


def test_channels_first_and_own_seed_match_keras():
    keras.utils.set_random_seed(10)
    layer = L.RandomErasing(1.0, scale=(0.3, 0.9), fill_value=(1, 2, 300), data_format='channels_first')
    images = np.tile(IMAGES.transpose(0, 3, 1, 2)[..., :3], (1, 2, 1, 1))
    np.testing.assert_allclose(layer(images).numpy(), CHANNELS_FIRST_THREE_FILLS_10, atol=1e-3)
    out = L.RandomErasing(scale=0.8, seed=3, value_range=(0, 1))(IMAGES[0] / 255.0)
    np.testing.assert_allclose(out.numpy()[..., 0], SEED_3_UNIT_RANGE_ONE_IMAGE, atol=1e-5)


def test_inference_casts_and_dicts_keep_labels_and_masks():
    kept = L.RandomErasing()(IMAGES.astype(np.uint8), training=False)
    assert kept.dtype == np.float32
    np.testing.assert_array_equal(kept.numpy(), IMAGES.astype(np.uint8))
    masks = (IMAGES > 100).astype(np.int32)
    out = L.RandomErasing(seed=1)({'images': IMAGES, 'labels': np.ones((2, 1), np.float32),
                                   'segmentation_masks': masks})
    np.testing.assert_array_equal(out['segmentation_masks'].numpy(), masks)


def test_config_and_errors_as_keras():
    keras.backend.clear_session()
    config = L.RandomErasing(0.5, scale=[0.2, 0.1], fill_value=[1, 2, 3]).get_config()
    assert list(config)[3:] == ['data_format', 'factor', 'scale', 'fill_value', 'value_range', 'seed']
    assert (config['name'], config['factor'], config['scale'], config['fill_value'], config['value_range']) == (
        'random_erasing', (0, 0.5), (0.1, 0.2), [1, 2, 3], (0, 255))
    assert L.RandomErasing.from_config(config).get_config()['scale'] == (0.1, 0.2)
    with pytest.raises(ValueError, match=r'The `scale` argument .* Received: factor=1.5'):
        L.RandomErasing(scale=1.5)
    with pytest.raises(ValueError, match='The `fill_value` argument should be a number'):
        L.RandomErasing(fill_value=(1, 2))(IMAGES)


def test_runs_inside_a_fitted_model_and_is_identity_in_predict():
    keras.utils.set_random_seed(1)
    model = keras.Sequential([keras.Input((5, 4, 1)), L.RandomErasing(value_range=(0, 1)), L.Flatten(), L.Dense(1)])
    model.compile('sgd', 'mse')
    history = model.fit(IMAGES / 255.0, np.ones((2, 1), np.float32), epochs=2, verbose=0)
    assert np.all(np.isfinite(history.history['loss']))
    flat = (IMAGES / 255.0).reshape(2, -1)
    np.testing.assert_allclose(model.predict(IMAGES / 255.0, verbose=0),
                               flat @ model.layers[-1].kernel.numpy() + model.layers[-1].bias.numpy(), rtol=1e-5)
