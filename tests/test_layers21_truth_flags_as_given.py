"""Dot's normalize and Attention's / AdditiveAttention's use_scale are kept as given, as Keras 3 on TF 2.21:
get_config() shows 1 for 1 and None for None there (tapeflow stored bool(value)); the layers use the flag's truth
as before. Probe: /work/notes/progs/layers21/du.py (TF 2.21's configs, weights and Dot / Attention values)."""
import numpy as np
import pytest

from framework import keras

A = np.arange(24, dtype='float32').reshape(2, 3, 4) / 10
B = A[:, ::-1] * 0.5


@pytest.mark.parametrize('value', [1, 0, None, 'x', True])
def test_dot_normalize(value):
    layer = keras.layers.Dot(axes=2, normalize=value)
    kept = layer.get_config()['normalize']
    assert type(kept) is type(value) and kept == value
    first = np.asarray(layer([A, B])).ravel()[:3]
    # TF 2.21: [0.86614, 0.90476, 1.0] normalized, [0.31, 0.19, 0.07] not
    np.testing.assert_allclose(first, [0.86614, 0.90476, 1.0] if value else [0.31, 0.19, 0.07], atol=1e-5)


@pytest.mark.parametrize('cls', ['Attention', 'AdditiveAttention'])
@pytest.mark.parametrize('value, weights', [(1, ['scale']), (0, []), (None, []), ('x', ['scale'])])
def test_attention_use_scale(cls, value, weights):
    layer = getattr(keras.layers, cls)(use_scale=value)
    kept = layer.get_config()['use_scale']
    assert type(kept) is type(value) and kept == value
    assert tuple(layer([A, B]).shape) == (2, 3, 4)
    assert [w.name for w in layer.weights] == weights       # TF 2.21's
    assert type(layer).from_config(layer.get_config()).get_config() == layer.get_config()
