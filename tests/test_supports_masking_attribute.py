"""``layer.supports_masking`` reads (and can be set) on every layer, with Keras 3's values.
Goldens: the same layers' attribute under TF 2.21 / Keras 3."""
import warnings

import numpy as np
import pytest

from framework import keras

L = keras.layers


class _Declares(L.Layer):
    def __init__(self):
        super().__init__()
        self.supports_masking = True


class _ComputesMask(L.Layer):
    def compute_mask(self, inputs, mask=None):
        return mask


@pytest.mark.parametrize('make, expected', [
    (lambda: L.Layer(), False), (lambda: L.Dense(2), True), (lambda: L.Conv2D(2, 3), False),
    (lambda: L.Dropout(0.1), True), (lambda: L.Embedding(3, 2), False), (lambda: L.Embedding(3, 2, mask_zero=True), True),
    (lambda: L.LSTM(2), True), (lambda: L.Bidirectional(L.LSTM(2)), True), (lambda: L.TextVectorization(), False),
    (lambda: L.Masking(), True), (lambda: L.Flatten(), False), (lambda: L.Lambda(lambda x: x), False),
    (lambda: L.Concatenate(), True), (lambda: L.Add(), True), (lambda: L.GlobalAveragePooling1D(), True),
    (lambda: L.Dot(1), True), (lambda: L.Normalization(), True), (lambda: L.Conv1D(2, 2), False),
    (lambda: _Declares(), True), (lambda: _ComputesMask(), True),
])
def test_supports_masking_has_keras_values(make, expected):
    assert make().supports_masking is expected


def test_supports_masking_can_be_set():
    layer = L.Embedding(3, 2)
    layer.supports_masking = True
    assert layer.supports_masking is True


def test_dot_takes_masked_inputs_quietly_and_returns_no_mask():
    # Keras 3's Dot says supports_masking = True and computes no mask: no "destroys the mask" warning.
    x = L.Embedding(5, 3, mask_zero=True)(np.array([[1, 2, 0]]))
    with warnings.catch_warnings():
        warnings.simplefilter('error')
        out = L.Dot(axes=2)([x, x])
    assert getattr(out, '_keras_mask', None) is None
