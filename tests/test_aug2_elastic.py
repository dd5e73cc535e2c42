"""keras.layers.RandomElasticTransform (and the keras.ops.image.elastic_transform / map_coordinates
under it) as Keras 3.15 computes them. Golden values: TF 2.21's outputs for the same calls
(keras.utils.set_random_seed(n) or seed=2), printed rounded to 3 decimals by
/work/notes/progs/aug2/g_elastic.py."""
import numpy as np
import pytest

from framework import keras

L = keras.layers
IMAGES = (np.arange(60, dtype=np.float32).reshape(2, 6, 5, 1) ** 2 * 7.0) % 256

# the second image's threshold falls above its probability: kept
DEFAULT_3 = [[[7.405, 68.133, 36.524, 72.374, 104.452], [174.86, 232.058, 117.647, 176.934, 55.54], [168.684, 111.935, 189.217, 160.747, 104.799], [44.07, 59.87, 225.951, 214.713, 204.225], [209.925, 29.014, 62.096, 132.74, 186.141], [38.556, 153.73, 235.226, 136.537, 204.0]], [[156.0, 71.0, 0.0, 199.0, 156.0], [127.0, 112.0, 111.0, 124.0, 151.0], [192.0, 247.0, 60.0, 143.0, 240.0], [95.0, 220.0, 103.0, 0.0, 167.0], [92.0, 31.0, 240.0, 207.0, 188.0], [183.0, 192.0, 215.0, 252.0, 47.0]]]
CONSTANT_NEAREST_4 = [[[0.0, 7.0, 28.0, 63.0, 112.0], [175.0, 252.0, 87.0, 192.0, 55.0], [188.0, 79.0, 240.0, 159.0, 92.0], [39.0, 0.0, 231.0, 220.0, 223.0], [240.0, 15.0, 60.0, 119.0, 192.0], [23.0, 124.0, 239.0, 112.0, 255.0]], [[156.0, 71.0, 0.0, 199.0, 156.0], [127.0, 112.0, 111.0, 124.0, 151.0], [192.0, 247.0, 60.0, 143.0, 240.0], [95.0, 220.0, 103.0, 0.0, 167.0], [92.0, 31.0, 240.0, 207.0, 188.0], [183.0, 192.0, 215.0, 252.0, 47.0]]]
CHANNELS_FIRST_WRAP_4 = [[[2.133, 7.32, 32.409, 63.474, 114.245], [156.861, 235.39, 94.054, 189.719, 74.555], [187.768, 85.028, 227.624, 163.673, 94.673], [54.148, 1.025, 225.383, 217.772, 216.969], [234.258, 22.125, 65.359, 122.375, 195.355], [23.667, 122.91, 221.837, 116.663, 251.945]], [[147.665, 70.194, 5.99, 189.365, 155.749], [129.578, 118.847, 106.206, 127.398, 150.021], [191.154, 246.281, 62.468, 139.236, 239.523], [95.803, 210.967, 104.903, 49.79, 166.436], [93.069, 43.748, 238.402, 207.806, 159.318], [176.955, 180.583, 213.041, 248.613, 61.558]]]
SEED_2_ONE_IMAGE = [[153.293, 67.899, 19.186, 182.742, 155.865], [126.978, 109.692, 105.291, 124.93, 149.639], [191.441, 224.1, 84.189, 129.129, 226.601], [96.737, 178.123, 108.103, 27.981, 163.636], [89.801, 33.883, 203.92, 201.024, 182.075], [183.442, 195.07, 211.154, 238.765, 47.0]]


def test_seeded_warps_match_keras():
    keras.utils.set_random_seed(3)
    out = L.RandomElasticTransform(scale=(0.5, 1.0))(IMAGES)
    np.testing.assert_allclose(out.numpy()[..., 0], DEFAULT_3, atol=1e-3)
    keras.utils.set_random_seed(4)
    layer = L.RandomElasticTransform(1.0, scale=(0.5, 1.0), interpolation='nearest', fill_mode='constant',
                                     fill_value=9.0)
    np.testing.assert_allclose(layer(IMAGES).numpy()[..., 0], CONSTANT_NEAREST_4, atol=1e-3)
    keras.utils.set_random_seed(4)
    layer = L.RandomElasticTransform(1.0, scale=(0.5, 1.0), fill_mode='wrap', data_format='channels_first')
    np.testing.assert_allclose(layer(IMAGES.transpose(0, 3, 1, 2)).numpy()[:, 0], CHANNELS_FIRST_WRAP_4, atol=1e-3)
    out = L.RandomElasticTransform(seed=2, scale=(0.6, 0.8))(IMAGES[1])
    np.testing.assert_allclose(out.numpy()[..., 0], SEED_2_ONE_IMAGE, atol=1e-3)


def test_zero_scale_draws_nothing_and_inference_casts():
    layer = L.RandomElasticTransform(scale=0.0, seed=1)
    np.testing.assert_array_equal(layer(IMAGES).numpy(), IMAGES)
    kept = L.RandomElasticTransform()(IMAGES.astype(np.uint8), training=False)
    assert kept.dtype == np.float32
    np.testing.assert_array_equal(kept.numpy(), IMAGES.astype(np.uint8))


def test_config_and_errors_as_keras():
    keras.backend.clear_session()
    config = L.RandomElasticTransform(0.5, scale=[0.9, 0.2], fill_mode='nearest', seed=1).get_config()
    assert list(config)[3:] == ['data_format', 'factor', 'scale', 'interpolation', 'fill_mode', 'fill_value',
                                'value_range', 'seed']
    assert (config['name'], config['factor'], config['scale'], config['fill_mode']) == (
        'random_elastic_transform', (0, 0.5), (0.2, 0.9), 'nearest')
    assert L.RandomElasticTransform.from_config(config).get_config()['scale'] == (0.2, 0.9)
    with pytest.raises(ValueError, match=r'The `scale` argument .* Received: factor=1.5'):
        L.RandomElasticTransform(scale=1.5)
    with pytest.raises(NotImplementedError, match='Unknown `fill_mode` edge'):
        L.RandomElasticTransform(fill_mode='edge')


def test_runs_inside_a_fitted_model_and_is_identity_in_predict():
    keras.utils.set_random_seed(1)
    model = keras.Sequential([keras.Input((6, 5, 1)), L.RandomElasticTransform(value_range=(0, 1)), L.Flatten(),
                              L.Dense(1)])
    model.compile('sgd', 'mse')
    history = model.fit(IMAGES / 255.0, np.ones((2, 1), np.float32), epochs=2, verbose=0)
    assert np.all(np.isfinite(history.history['loss']))
    flat = (IMAGES / 255.0).reshape(2, -1)
    np.testing.assert_allclose(model.predict(IMAGES / 255.0, verbose=0),
                               flat @ model.layers[-1].kernel.numpy() + model.layers[-1].bias.numpy(), rtol=1e-5)
