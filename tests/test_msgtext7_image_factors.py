"""The image augmentation layers' factor arguments, read and refused as Keras 3 does: TF 2.21's texts
(layer fuzzer rows RandomX|ctor|factor|..., /work/notes/progs/fuzz6/lout_tf.txt) and its lenient reading
(None as 0 where Keras's base layer reads `factor or 0.0`; NaN passes; a pair only compared at its ends)."""
import math

import pytest

from framework import keras

L = keras.layers
BASE = 'The `factor` argument should be a number (or a list of two numbers) in the range '
ZOOM = ('The `height_factor` and `width_factor` arguments should be a number (or a list of two numbers) in the '
        'range (-1.0, 1.0]. ')


@pytest.mark.parametrize('make, text', [
    (lambda: L.RandomRotation(2.0), BASE + '[-1, 1]. Received: factor=2.0'),
    (lambda: L.RandomRotation('a'), BASE + '[-1, 1]. Received: factor=a'),
    (lambda: L.RandomBrightness(2.0), BASE + '[-1, 1]. Received: factor=2.0'),
    (lambda: L.RandomContrast(-1.0), BASE + '[0, 1]. Received: factor=-1.0'),
    (lambda: L.RandomContrast(None), BASE + '[0, 1]. Received: factor=None'),
    (lambda: L.RandomTranslation(2.0, 0.1), BASE + '[-1.0, 1.0]. Received: input_number=2.0'),
    (lambda: L.RandomTranslation(0.1, 'a'), BASE + '[-1.0, 1.0]. Received: width_factor=a'),
    (lambda: L.RandomTranslation(None, 0.1), BASE + '[-1.0, 1.0]. Received: height_factor=None'),
    (lambda: L.RandomZoom(-1.0), ZOOM + 'Received: input_number=-1.0'),
    (lambda: L.RandomZoom(0.1, 1.5), ZOOM + 'Received: input_number=1.5'),
    (lambda: L.RandomZoom(None), ZOOM + 'Received: height_factor=None'),
    (lambda: L.RandomZoom(0.1, 'bogus'), ZOOM + 'Received: width_factor=bogus')])
def test_refused_factor_texts(make, text):
    with pytest.raises(ValueError) as info:
        make()
    assert str(info.value) == text


def test_factors_keras_takes():
    assert L.RandomRotation(None).factor == (0.0, 0.0)          # Keras's base layer: factor or 0.0
    assert L.RandomBrightness(None).factor == (0.0, 0.0)
    assert all(math.isnan(f) for f in L.RandomRotation(float('nan')).factor)
    assert L.RandomRotation((-2, 0.5)).factor == (-2, 0.5)       # Keras compares only factor[0] > 1, factor[1] < -1
    assert L.RandomContrast(0.3).factor == (0, 0.3)
    assert L.RandomTranslation(-0.2, (0.1, -0.3)).width_lower == -0.3
    zoom = L.RandomZoom((-0.5, 0.2))
    assert (zoom.height_lower, zoom.height_upper) == (-0.5, 0.2)


def test_a_pair_of_strings_fails_comparing_as_in_keras():
    with pytest.raises(TypeError, match="'>' not supported"):
        L.RandomRotation(('a', 'b'))
