"""keras.layers.RandomSharpness as Keras 3.15 computes it. Golden values: TF 2.21's outputs for
the same calls (keras.utils.set_random_seed(5) or seed=3), printed rounded to 4 (5) decimals
by /work/notes/progs/aug2/g_sharp.py."""
import numpy as np
import pytest

from framework import keras

L = keras.layers
IMAGES = (np.arange(36, dtype=np.float32).reshape(2, 3, 3, 2) * 37.0) % 256

SEEDED_5 = [[[[0.0, 38.5008], [74.9719, 117.2175], [161.6642, 201.3084]], [[242.9823, 0.0], [32.6819, 73.341], [122.0613, 160.6478]], [[205.6663, 248.9695], [0.0, 39.7269], [86.8607, 126.5049]]], [[[161.2752, 202.925], [241.6859, 2.2625], [45.3041, 86.9539]], [[121.455, 162.3246], [199.3984, 241.7969], [3.9234, 47.4922]], [[88.2564, 127.207], [166.6848, 207.5544], [249.879, 11.2359]]]]
# the same layer called again after a call with training=False (which draws too, in Keras)
AFTER_INFERENCE = [[[[6.0915, 35.0964], [72.7672, 103.1137], [130.6683, 164.3143]], [[195.386, 11.5027], [49.2823, 81.6411], [103.775, 138.7626]], [[165.592, 194.5969], [16.8051, 47.1516], [71.2979, 104.9439]]], [[[148.2945, 181.648], [217.2671, 14.2838], [46.5457, 79.8992]], [[118.8589, 152.8243], [189.7664, 222.5327], [18.3339, 50.1824]], [[84.2305, 119.7008], [154.7576, 188.7229], [221.5472, 17.952]]]]
CHANNELS_FIRST_UNIT_RANGE = [[[[0.0, 0.29811, 0.69165], [1.0, 0.09727, 0.5127], [0.8811, 0.0, 0.36959]], [[0.15732, 0.48592, 0.85828], [0.0, 0.27217, 0.67072], [1.0, 0.14198, 0.53622]]], [[[0.67408, 1.0, 0.17368], [0.48462, 0.81284, 0.0], [0.35901, 0.69192, 1.0]], [[0.86402, 0.0, 0.36362], [0.66703, 1.0, 0.17762], [0.52292, 0.87433, 0.02252]]]]
SEED_3_ONE_IMAGE = [[[19.7698, 30.8219], [69.999, 85.4051], [91.7501, 117.8649]], [[135.6246, 30.5954], [70.1255, 92.0627], [80.8149, 111.2838]], [[115.2752, 126.3273], [41.0679, 56.4741], [51.7574, 77.8722]]]


def test_seeded_batch_then_draw_at_inference_match_keras():
    keras.utils.set_random_seed(5)
    layer = L.RandomSharpness(0.8)
    np.testing.assert_allclose(layer(IMAGES).numpy(), SEEDED_5, atol=1e-4)
    kept = layer(IMAGES.astype(np.uint8), training=False)
    assert kept.dtype == np.float32                  # cast, as Keras casts before asking `training`
    np.testing.assert_array_equal(kept.numpy(), IMAGES.astype(np.uint8))
    np.testing.assert_allclose(layer(IMAGES).numpy(), AFTER_INFERENCE, atol=1e-4)


def test_channels_first_unit_range_and_own_seed_match_keras():
    keras.utils.set_random_seed(5)
    layer = L.RandomSharpness((0.1, 0.9), value_range=(0, 1), data_format='channels_first')
    np.testing.assert_allclose(layer(IMAGES.transpose(0, 3, 1, 2) / 255.0).numpy(), CHANNELS_FIRST_UNIT_RANGE,
                               atol=1e-5)
    np.testing.assert_allclose(L.RandomSharpness(0.6, seed=3)(IMAGES[0]).numpy(), SEED_3_ONE_IMAGE, atol=1e-4)


def test_half_factor_keeps_images_and_dicts_keep_labels():
    layer = L.RandomSharpness((0.5, 0.5))
    np.testing.assert_array_equal(layer(IMAGES).numpy(), IMAGES)
    out = layer({'images': IMAGES, 'labels': np.array([[1.0], [0.0]], np.float32)})
    assert sorted(out) == ['images', 'labels']
    np.testing.assert_array_equal(out['labels'].numpy(), [[1.0], [0.0]])


def test_config_and_errors_as_keras():
    keras.backend.clear_session()
    layer = L.RandomSharpness([0.2, 0.4], seed=3)
    config = layer.get_config()
    assert {k: config[k] for k in ('name', 'data_format', 'factor', 'value_range', 'seed')} == {
        'name': 'random_sharpness', 'data_format': 'channels_last', 'factor': (0.2, 0.4), 'value_range': [0, 255],
        'seed': 3}
    assert L.RandomSharpness(0.8).factor == (0, 0.8)
    assert L.RandomSharpness.from_config(config).get_config()['factor'] == (0.2, 0.4)
    with pytest.raises(ValueError, match=r'in the range \[0, 1\]. Received: factor=1.5'):
        L.RandomSharpness(1.5)
    with pytest.raises(ValueError, match='value_range'):
        L.RandomSharpness(0.5, value_range=(1, 2, 3))
    with pytest.raises(ValueError, match='RandomSharpness'):
        L.RandomSharpness(0.5)(np.zeros((4, 4), np.float32))


def test_runs_inside_a_fitted_model_and_is_identity_in_predict():
    keras.utils.set_random_seed(1)
    model = keras.Sequential([keras.Input((3, 3, 2)), L.RandomSharpness(0.8), L.Flatten(), L.Dense(1)])
    model.compile('sgd', 'mse')
    history = model.fit(IMAGES / 255.0, np.ones((2, 1), np.float32), epochs=2, verbose=0)
    assert np.all(np.isfinite(history.history['loss']))
    flat = (IMAGES / 255.0).reshape(2, -1)
    np.testing.assert_allclose(model.predict(IMAGES / 255.0, verbose=0),
                               flat @ model.layers[-1].kernel.numpy() + model.layers[-1].bias.numpy(), rtol=1e-5)
