"""Dropout draws its mask on the tensors' device: a SeedGenerator whose state lives on the GPU gave the
stateless draw a cupy seed pair, which numpy refused to read (found on an H200: fit of a model with Dropout
failed under TAPEFLOW_DEVICE=/GPU:0). The same seed drops the same elements on each backend."""
import numpy as np

from framework import keras
from framework.backend import to_host


def test_a_seeded_dropout_layer_trains_on_each_backend(backend):
    layer = keras.layers.Dropout(0.5, seed=3)
    x = np.ones((4, 6), np.float32)
    out = layer(x, training=True)
    assert backend.holds(out)
    kept = to_host(out._data)
    assert set(np.unique(kept)) <= {0.0, 2.0} and 0 < (kept == 2.0).sum() < kept.size
    again = keras.layers.Dropout(0.5, seed=3)(x, training=True)
    np.testing.assert_array_equal(to_host(again._data), kept)
