"""RandomColorJitter and RandomPosterization as Keras 3 computes them. Golden rows: TF 2.21's
outputs for the same calls after keras.utils.set_random_seed(7) (first pixel of four images)."""
import numpy as np
import pytest

from framework import keras

L = keras.layers
IMAGES = (np.arange(48, dtype=np.float32).reshape(4, 2, 2, 3) * 7.0) % 256

GOLDEN = {
    'jitter_two': (lambda: L.RandomColorJitter(brightness_factor=0.2, hue_factor=0.3), IMAGES,
                   [[0.0, 0.0, 0.0], [107.4468, 118.9957, 121.4468], [214.2994, 227.5382, 228.2994],
                    [234.6124, 0.0, 189.4828]]),
    'jitter_all': (lambda: L.RandomColorJitter(brightness_factor=0.2, contrast_factor=0.5,
                                               saturation_factor=(0.3, 0.7), hue_factor=0.3), IMAGES,
                   [[0.0, 0.0, 0.0], [97.7675, 108.966, 107.7254], [207.7305, 219.817, 223.4377],
                    [255.0, 0.0, 130.8544]]),
    'posterize': (lambda: L.RandomPosterization(4), IMAGES,
                  [[0.0, 0.0, 0.0], [0.0, 0.0, 0.0], [128.0, 128.0, 128.0], [224.0, 0.0, 0.0]]),
    'posterize_unit_range': (lambda: L.RandomPosterization((2, 6), value_range=(0, 1)), IMAGES / 255.0,
                             [[0.0, 0.0, 0.0], [0.251, 0.251, 0.251], [0.502, 0.502, 0.502], [0.9412, 0.0, 0.0]]),
}


@pytest.mark.parametrize('name', sorted(GOLDEN))
def test_seeded_outputs_match_keras(name):
    make, images, expected = GOLDEN[name]
    keras.utils.set_random_seed(7)
    layer = make()
    np.testing.assert_allclose(layer(images).numpy()[:, 0, 0, :], expected, atol=2e-3, rtol=1e-4)
    np.testing.assert_array_equal(layer(images, training=False).numpy(), images)


def test_configs_are_keras():
    assert L.RandomPosterization(4).get_config()['factor'] == (1, 4)
    config = L.RandomColorJitter(brightness_factor=0.2, hue_factor=0.3).get_config()
    assert (config['brightness_factor'], config['contrast_factor'], config['hue_factor']) == (0.2, None, 0.3)
