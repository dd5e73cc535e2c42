"""RandomFlip modes as Keras 3.15 on TF 2.21 takes them: it checks no mode; one it does not know flips nothing.

Golden values from /work/notes/progs/errors12/p/f1.py run under TF 2.21 + Keras 3.15 (all 24 lines equal)."""
import numpy as np
import pytest

from framework import keras

L = keras.layers
X4 = np.arange(2 * 3 * 3 * 1, dtype='float32').reshape(2, 3, 3, 1)


@pytest.mark.parametrize('mode', ['bogus', 'HORIZONTAL', None, 1])
def test_unknown_mode_flips_nothing_while_training(mode):
    layer = L.RandomFlip(mode, seed=3)
    np.testing.assert_array_equal(layer(X4, training=True).numpy(), X4)
    assert layer.get_config()['mode'] == mode


def test_known_mode_still_flips():
    out = L.RandomFlip('vertical', seed=3)(X4, training=True).numpy()
    # TF 2.21: seed 3 flips the first image up-down and keeps the second
    np.testing.assert_array_equal(out.ravel(), [6.0, 7.0, 8.0, 3.0, 4.0, 5.0, 0.0, 1.0, 2.0,
                                                9.0, 10.0, 11.0, 12.0, 13.0, 14.0, 15.0, 16.0, 17.0])
