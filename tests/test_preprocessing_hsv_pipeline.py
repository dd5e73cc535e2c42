"""RandomHue, RandomSaturation and Pipeline as Keras 3 computes them. Golden rows: TF 2.21's
outputs for the same calls after keras.utils.set_random_seed(7) (first pixel of four images)."""
import numpy as np
import pytest

from framework import keras

L = keras.layers
IMAGES = (np.arange(48, dtype=np.float32).reshape(4, 2, 2, 3) * 7.0) % 256

GOLDEN = {
    'hue': (lambda: L.RandomHue(0.5), IMAGES,
            [[0.0, 3.3647, 14.0], [84.0, 98.0, 88.3589], [168.0, 182.0, 178.0221], [252.0, 192.2568, 3.0]]),
    'hue_unit_range': (lambda: L.RandomHue((0.2, 0.9), value_range=(0, 1)), IMAGES / 255.0,
                       [[0.0254, 0.0, 0.0549], [0.3714, 0.3843, 0.3294], [0.6697, 0.7137, 0.6588],
                        [0.3288, 0.9882, 0.0118]]),
    'saturation': (lambda: L.RandomSaturation(0.5), IMAGES,
                   [[14.0, 14.0, 14.0], [93.8212, 95.9106, 98.0], [170.363, 176.1815, 182.0], [252.0, 252.0, 252.0]]),
    'saturation_pair': (lambda: L.RandomSaturation((0.6, 0.9)), IMAGES,
                        [[-17.9356, -1.9678, 14.0], [34.6686, 66.3343, 98.0], [73.0046, 127.5023, 182.0],
                         [252.0, -325.8582, -309.6132]]),
    'pipeline': (lambda: L.Pipeline([L.RandomFlip(), L.RandomGrayscale(0.6), L.Rescaling(0.5)]), IMAGES,
                 [[31.5, 35.0, 38.5], [42.0, 45.5, 49.0], [86.8441, 86.8441, 86.8441], [32.3496, 32.3496, 32.3496]]),
}


@pytest.mark.parametrize('name', sorted(GOLDEN))
def test_seeded_outputs_match_keras(name):
    make, images, expected = GOLDEN[name]
    keras.utils.set_random_seed(7)
    out = make()(images).numpy()
    np.testing.assert_allclose(out[:, 0, 0, :], expected, atol=2e-3, rtol=1e-4)


def test_pipeline_in_a_model_summarises_saves_and_reloads(tmp_path, capsys):
    keras.backend.clear_session()
    pipeline = L.Pipeline([L.RandomFlip(), L.Rescaling(0.5)])
    model = keras.Sequential([keras.Input((2, 2, 3)), pipeline, L.Flatten(), L.Dense(1)])
    model.summary()
    assert '│ pipeline (Pipeline)             │ (None, 2, 2, 3)        │             0 │' in capsys.readouterr().out
    model.save(tmp_path / 'm.keras')
    loaded = keras.models.load_model(tmp_path / 'm.keras')
    assert [type(layer).__name__ for layer in loaded.layers[0].layers] == ['RandomFlip', 'Rescaling']
    np.testing.assert_array_equal(loaded.predict(IMAGES, verbose=0), model.predict(IMAGES, verbose=0))
    with pytest.raises(ValueError, match='must contain a `layers` key'):
        L.Pipeline.from_config({'name': 'p'})
