"""RandomGrayscale, RandomInvert, Solarization, RandomColorDegeneration and AutoContrast:
Keras 3's draws and formulas. Golden rows are TF 2.21's outputs for the same calls after
keras.utils.set_random_seed(7) (the first pixel of each of four images)."""
import numpy as np
import pytest

from framework import keras

L = keras.layers
IMAGES = (np.arange(48, dtype=np.float32).reshape(4, 2, 2, 3) * 5.0) % 256

GOLDEN = {
    'grayscale': (lambda: L.RandomGrayscale(0.5),
                  [[4.075, 4.075, 4.075], [60.0, 65.0, 70.0], [120.0, 125.0, 130.0], [184.057, 184.057, 184.057]]),
    'invert': (lambda: L.RandomInvert(),
               [[255.0, 250.0, 245.0], [60.0, 65.0, 70.0], [135.0, 130.0, 125.0], [180.0, 185.0, 190.0]]),
    'solarization': (lambda: L.Solarization(0.3, 0.6),
                     [[24.2826, 225.7174, 220.7174], [115.8351, 120.8351, 129.1649], [62.0254, 57.0254, 52.0255],
                      [49.7906, 44.7906, 39.7906]]),
    'degeneration': (lambda: L.RandomColorDegeneration(0.5),
                     [[0.0, 5.1689, 11.0818], [60.9353, 64.786, 68.6366], [121.8442, 124.5747, 127.3051],
                      [179.3084, 185.1608, 191.0131]]),
}


@pytest.mark.parametrize('name', sorted(GOLDEN))
def test_seeded_draws_and_formulas_match_keras(name):
    make, expected = GOLDEN[name]
    keras.utils.set_random_seed(7)
    layer = make()
    assert layer.built is False
    out = layer(IMAGES).numpy()
    np.testing.assert_allclose(out[:, 0, 0, :], expected, atol=1e-3)
    np.testing.assert_array_equal(layer(IMAGES, training=False).numpy(), IMAGES)     # identity at inference


def test_auto_contrast_stretches_each_channel_and_applies_at_inference():
    images = np.array([[[[10., 20., 0.5]], [[30., 60., 0.5]]]], np.float32)        # (1, 2, 1, 3)
    out = L.AutoContrast()(images).numpy()
    np.testing.assert_allclose(out[0, :, 0, :2], [[0., 0.], [255., 255.]])
    np.testing.assert_array_equal(out[0, :, 0, 2], [0.5, 0.5])      # a flat channel (0 / 0) keeps its values
    np.testing.assert_array_equal(L.AutoContrast((0, 1))(images / 100, training=False).numpy()[0, :, 0, 0], [0., 1.])


def test_configs_and_errors_are_keras():
    keras.backend.clear_session()
    assert L.RandomInvert(0.7, value_range=(0, 1)).get_config()['factor'] == (0, 0.7)
    assert L.RandomColorDegeneration(0.5).get_config()['factor'] == (-0.5, 0.5)
    assert L.Solarization((0.2, 0.1), 0.5).get_config()['addition_factor'] == (0.1, 0.2)
    with pytest.raises(ValueError, match='`factor` should be between 0 and 1. Received: factor=2'):
        L.RandomGrayscale(2)
    with pytest.raises(ValueError, match='Received: input_number=2.0'):
        L.Solarization(2.0)
    with pytest.raises(ValueError, match='value_range` argument should be a list of two numbers. Received: value_range=3'):
        L.AutoContrast(3)


def test_a_model_with_them_trains_and_round_trips(tmp_path):
    model = keras.Sequential([keras.Input((2, 2, 3)), L.RandomGrayscale(), L.Solarization(0.2, 0.5),
                              L.AutoContrast(), L.Flatten(), L.Dense(2)])
    model.compile('adam', 'mse')
    model.fit(IMAGES, np.ones((4, 2)), epochs=1, verbose=0)
    model.save(tmp_path / 'm.keras')
    loaded = keras.models.load_model(tmp_path / 'm.keras')
    assert [type(layer).__name__ for layer in loaded.layers[:3]] == ['RandomGrayscale', 'Solarization', 'AutoContrast']
    np.testing.assert_allclose(loaded.predict(IMAGES, verbose=0), model.predict(IMAGES, verbose=0), rtol=1e-6)
