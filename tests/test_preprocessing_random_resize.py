"""RandomHeight and RandomWidth (Keras 3's legacy layers). Golden values: TF 2.21 after
keras.utils.set_random_seed(7) on a (2, 4, 5, 1) ramp."""
import numpy as np
import pytest

from framework import keras

L = keras.layers
RAMP = np.arange(40, dtype=np.float32).reshape(2, 4, 5, 1) * 3.0


def test_random_height_draws_and_resizes_as_keras():
    keras.utils.set_random_seed(7)
    layer = L.RandomHeight(0.5)
    first, second = layer(RAMP).numpy(), layer(RAMP).numpy()
    assert first.shape == (2, 3, 5, 1) and second.shape == (2, 2, 5, 1)
    np.testing.assert_allclose(first[0, :, :, 0], [[2.5, 5.5, 8.5, 11.5, 14.5], [22.5, 25.5, 28.5, 31.5, 34.5],
                                                   [42.5, 45.5, 48.5, 51.5, 54.5]], rtol=1e-6)
    np.testing.assert_allclose(second[0, :, :, 0], [[7.5, 10.5, 13.5, 16.5, 19.5], [37.5, 40.5, 43.5, 46.5, 49.5]],
                               rtol=1e-6)
    np.testing.assert_array_equal(layer(RAMP, training=False).numpy(), RAMP)


def test_random_width_nearest():
    keras.utils.set_random_seed(7)
    out = L.RandomWidth((0.2, 0.6), interpolation='nearest')(RAMP).numpy()
    assert out.shape == (2, 4, 6, 1)
    np.testing.assert_array_equal(out[0, 0, :, 0], [0., 3., 6., 6., 9., 12.])


def test_symbolic_shape_config_and_errors():
    model = keras.Sequential([keras.Input((4, 5, 1)), L.RandomHeight(0.2)])
    assert model.output_shape == (None, None, 5, 1)
    assert L.RandomWidth(0.3).get_config()['factor'] == 0.3
    with pytest.raises(ValueError, match='cannot have an upper bound lesser than the lower bound'):
        L.RandomHeight((0.5, 0.1))
    with pytest.raises(ValueError, match='must have values larger than -1'):
        L.RandomWidth((-2.0, 0.5))
