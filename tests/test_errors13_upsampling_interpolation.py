"""UpSampling2D's interpolation as Keras 3.15 takes it: only ``.lower()`` at construction (a non-string is Python's
AttributeError), every method of ops.image.resize in the call ('lanczos3', 'lanczos5', 'area' too), and an unknown
string refused by resize in the call with Keras's text.

Golden values: /work/notes/progs/errors13/up1.py under TF 2.21 + Keras 3.15 (first 8 outputs of
np.linspace(-1, 1, 36) as (2, 3, 3, 2) images upsampled by 2, and keras.ops.sum of all); the sed port prints the same."""
import numpy as np
import pytest

from framework import keras

X = np.linspace(-1, 1, 2 * 3 * 3 * 2).astype('float32').reshape(2, 3, 3, 2)


@pytest.mark.parametrize('interpolation, data_format, head, total', [
    ('lanczos3', 'channels_last', [-1.042292594909668, -0.9851495027542114, -1.0176377296447754, -0.9604948163032532,
                                   -0.96226966381073, -0.9051269292831421, -0.8725972771644592, -0.8154544830322266],
     -4.76837158203125e-07),
    ('LANCZOS3', 'channels_first', [-1.020600438117981, -0.9972662925720215, -0.9667371511459351, -0.9434030055999756,
                                    -0.9959455728530884, -0.9726114869117737, -0.942082405090332, -0.9187482595443726],
     7.748603820800781e-07),
    ('area', 'channels_last', [-1.0, -0.9428571462631226, -1.0, -0.9428571462631226, -0.8857142925262451,
                               -0.8285714387893677, -0.8857142925262451, -0.8285714387893677], 0.0),
    ('lanczos5', 'channels_first', [-1.0157854557037354, -0.9892400503158569, -0.9599636793136597, -0.9334183931350708,
                                    -1.004086971282959, -0.9775415658950806, -0.9482651352882385, -0.9217197299003601],
     -7.748603820800781e-07),
])
def test_every_resize_method_upsamples(interpolation, data_format, head, total):
    layer = keras.layers.UpSampling2D((2, 2), interpolation=interpolation, data_format=data_format)
    assert layer.get_config()['interpolation'] == interpolation.lower()
    y = layer(X)
    assert keras.ops.convert_to_numpy(y).ravel()[:8].tolist() == head
    assert float(keras.ops.sum(y)) == total


def test_unknown_string_is_refused_in_the_call():
    layer = keras.layers.UpSampling2D((2, 2), interpolation='bogus')
    assert layer.interpolation == 'bogus'
    with pytest.raises(ValueError) as info:
        layer(X)
    assert ("Invalid value for argument `interpolation`. Expected of one ('bilinear', 'nearest', 'lanczos3', "
            "'lanczos5', 'bicubic', 'area'). Received: interpolation=bogus") in str(info.value)


@pytest.mark.parametrize('interpolation, text', [(1, "'int' object has no attribute 'lower'"),
                                                 (None, "'NoneType' object has no attribute 'lower'")])
def test_non_string_is_pythons_attribute_error(interpolation, text):
    with pytest.raises(AttributeError) as info:
        keras.layers.UpSampling2D((2, 2), interpolation=interpolation)
    assert str(info.value) == text
