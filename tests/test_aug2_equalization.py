"""keras.layers.Equalization as Keras 3.15 computes it. Golden values: TF 2.21's outputs for the
same calls, printed rounded to 4 (6) decimals by /work/notes/progs/aug2/g_eq.py."""
import numpy as np
import pytest

from framework import keras
from framework.errors import InvalidArgumentError

L = keras.layers
IMAGES = (np.arange(32, dtype=np.float32).reshape(2, 4, 2, 2) ** 2 * 3.0) % 256

DEFAULT = [[[[0.0, 0.0], [18.0, 17.0]], [[73.0, 102.0], [109.0, 187.0]], [[219.0, 238.0], [36.0, 153.0]], [[182.0, 255.0], [91.0, 204.0]]], [[[0.0, 136.0], [237.0, 68.0]], [[182.0, 34.0], [146.0, 51.0]], [[219.0, 119.0], [255.0, 170.0]], [[73.0, 221.0], [128.0, 85.0]]]]
UNIT_RANGE_8_BINS = [[[[0.0, 0.0], [0.0, 0.0]], [[0.231373, 0.572549], [0.384314, 0.784314]], [[0.921569, 1.0], [0.231373, 0.572549]], [[0.694118, 1.0], [0.384314, 0.784314]]], [[[0.0, 0.572549], [0.921569, 0.286275]], [[0.694118, 0.286275], [0.694118, 0.286275]], [[0.921569, 0.572549], [1.0, 0.643137]], [[0.231373, 1.0], [0.462745, 0.286275]]]]
CHANNELS_FIRST_16_BINS_ONE_IMAGE = [[[0.0, 0.0], [85.0, 170.0], [255.0, 85.0], [212.0, 128.0]], [[0.0, 36.0], [73.0, 146.0], [255.0, 109.0], [255.0, 182.0]]]


def test_equalized_batches_match_keras():
    # one histogram per channel over the whole batch, as Keras counts it
    np.testing.assert_allclose(L.Equalization()(IMAGES).numpy(), DEFAULT, atol=1e-4)
    np.testing.assert_allclose(L.Equalization(value_range=(0, 1), bins=8)(IMAGES / 255.0).numpy(),
                               UNIT_RANGE_8_BINS, atol=1e-6)
    out = L.Equalization(data_format='channels_first', bins=16)(IMAGES[0].transpose(2, 0, 1))
    np.testing.assert_allclose(out.numpy(), CHANNELS_FIRST_16_BINS_ONE_IMAGE, atol=1e-4)


def test_two_values_spread_to_the_ends_and_one_value_is_kept():
    two = np.array([[[[7.], [100.]], [[7.], [7.]]]], np.float32)
    np.testing.assert_array_equal(L.Equalization()(two).numpy().ravel(), [0.0, 255.0, 0.0, 0.0])
    one = np.full((1, 2, 2, 1), 7.0, np.float32)
    np.testing.assert_array_equal(L.Equalization()(one).numpy(), one)


def test_inference_keeps_images_and_dicts_keep_labels():
    kept = L.Equalization()(IMAGES.astype(np.uint8), training=False)
    assert kept.dtype == np.uint8
    out = L.Equalization()({'images': IMAGES, 'labels': np.array([[1.0], [0.0]], np.float32)})
    np.testing.assert_allclose(out['images'].numpy(), DEFAULT, atol=1e-4)
    np.testing.assert_array_equal(out['labels'].numpy(), [[1.0], [0.0]])


def test_config_and_errors_as_keras():
    keras.backend.clear_session()
    layer = L.Equalization(value_range=(255, 0), bins=8)
    config = layer.get_config()
    assert list(config)[3:] == ['data_format', 'bins', 'value_range']
    assert (config['name'], config['bins'], config['value_range']) == ('equalization', 8, [0, 255])
    assert L.Equalization.from_config(config).get_config()['bins'] == 8
    L.Equalization(factor=0.3)                   # Keras's base layer takes (and ignores) a factor
    with pytest.raises(ValueError, match="Unrecognized keyword arguments passed to Equalization: {'seed': 3}"):
        L.Equalization(seed=3)
    with pytest.raises(InvalidArgumentError, match='NaN'):
        L.Equalization()(np.array([[[[np.nan], [3.0]]]], np.float32))
    with pytest.raises(InvalidArgumentError, match='empty batch'):
        L.Equalization()(np.zeros((0, 2, 2, 1), np.float32))


def test_runs_inside_a_fitted_model_and_is_identity_in_predict():
    keras.utils.set_random_seed(1)
    model = keras.Sequential([keras.Input((4, 2, 2)), L.Equalization(), L.Flatten(), L.Dense(1)])
    model.compile('sgd', 'mse')
    history = model.fit(IMAGES, np.ones((2, 1), np.float32), epochs=2, verbose=0)
    assert np.all(np.isfinite(history.history['loss']))
    flat = IMAGES.reshape(2, -1)
    np.testing.assert_allclose(model.predict(IMAGES, verbose=0),
                               flat @ model.layers[-1].kernel.numpy() + model.layers[-1].bias.numpy(), rtol=1e-4)
