"""A tensor given as an image augmentation layer's factor is refused with Keras 3's text, which shows it
through an f-string (format(): a scalar tensor shows its number). keras.io's SimCLR example computes its
augmenter's factors with keras.ops (zoom_factor = 1.0 - ops.sqrt(min_area)), so RandomTranslation gets a
tensor: TF 2.21 says 'Received: height_factor=0.25', tapeflow said 'Received: height_factor=tf.Tensor(0.25,
shape=(), dtype=float32)'.

Goldens: TF 2.21 + Keras 3.15 (progs/kerasexamples4/p36.py).
"""
import numpy as np
import pytest

from framework import keras
from framework.keras import layers, ops

_TRANSLATION = 'The `factor` argument should be a number (or a list of two numbers) in the range [-1.0, 1.0]. '
_ZOOM = ('The `height_factor` and `width_factor` arguments should be a number (or a list of two numbers) in the '
         'range (-1.0, 1.0]. ')
_BASE = 'The `factor` argument should be a number (or a list of two numbers) in the range [%s]. '

_QUARTER = ops.convert_to_tensor(0.25)
_BIG = ops.convert_to_tensor(1.5)

CASES = [
    (lambda: layers.RandomTranslation(1.0 - ops.sqrt(0.25) / 1.0 - 0.25, 0.1),
     _TRANSLATION + 'Received: height_factor=0.25'),
    (lambda: layers.RandomTranslation(0.1, _QUARTER), _TRANSLATION + 'Received: width_factor=0.25'),
    (lambda: layers.RandomTranslation([_BIG, 0.1], 0.1), _TRANSLATION + 'Received: input_number=1.5'),
    (lambda: layers.RandomTranslation((0.1, 0.2, 0.3), 0.1), _TRANSLATION + 'Received: height_factor=(0.1, 0.2, 0.3)'),
    (lambda: layers.RandomZoom(_QUARTER), _ZOOM + 'Received: height_factor=0.25'),
    (lambda: layers.RandomZoom(0.1, _QUARTER), _ZOOM + 'Received: width_factor=0.25'),
    (lambda: layers.RandomZoom([_BIG, 0.2]), _ZOOM + 'Received: input_number=1.5'),
    (lambda: layers.RandomRotation(_QUARTER), _BASE % '-1, 1' + 'Received: factor=0.25'),
    (lambda: layers.RandomRotation([_BIG, 0.1]),
     _BASE % '-1, 1' + 'Received: factor=[<tf.Tensor: shape=(), dtype=float32, numpy=1.5>, 0.1]'),
    (lambda: layers.RandomContrast(_QUARTER), _BASE % '0, 1' + 'Received: factor=0.25'),
    (lambda: layers.RandomBrightness(_QUARTER), _BASE % '-1, 1' + 'Received: factor=0.25'),
    (lambda: layers.RandomTranslation(np.array(1.5, 'float32'), 0.1), _TRANSLATION + 'Received: height_factor=1.5'),
]


@pytest.mark.parametrize('index', range(len(CASES)))
def test_factor_refusal_text(index):
    make, text = CASES[index]
    with pytest.raises(ValueError) as caught:
        make()
    assert str(caught.value) == text


def test_float_factors_still_work():
    assert type(layers.RandomTranslation(0.25, 0.25)).__name__ == 'RandomTranslation'
    assert keras.layers.RandomZoom((-0.5, 0.0)).height_factor == (-0.5, 0.0)
