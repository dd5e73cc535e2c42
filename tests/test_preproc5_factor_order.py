"""Image layers check their factors after the keyword / data_format checks and before the seed and
fill_mode, as Keras 3.15 on TF 2.21 does (helper preproc5). Texts printed by TF 2.21 for the calls below."""
import pytest

from framework import keras

ROTATION = 'The `factor` argument should be a number (or a list of two numbers) in the range [-1, 1]. Received: factor=1.5'
ZOOM = ('The `height_factor` and `width_factor` arguments should be a number (or a list of two numbers) in the range '
        '(-1.0, 1.0]. Received: input_number=%s')
SHIFT = ('The `factor` argument should be a number (or a list of two numbers) in the range [-1.0, 1.0]. '
         'Received: input_number=2.5')

CASES = [
    (lambda: keras.layers.RandomRotation(1.5, fill_mode='bad'), ValueError, ROTATION),
    (lambda: keras.layers.RandomRotation(1.5, seed='x'), ValueError, ROTATION),
    (lambda: keras.layers.RandomZoom(-1.5, fill_mode='bad'), ValueError, ZOOM % '-1.5'),
    (lambda: keras.layers.RandomZoom(0.1, 1.5, seed='x'), ValueError, ZOOM % '1.5'),
    (lambda: keras.layers.RandomTranslation(2.5, 0.1, interpolation='bad'), ValueError, SHIFT),
    (lambda: keras.layers.RandomTranslation(0.1, 2.5, seed='x', fill_mode='bad'), ValueError, SHIFT),
    (lambda: keras.layers.RandomContrast(1.5, seed='x'), ValueError, 'The `factor` argument should be a number (or a '
     'list of two numbers) in the range [0, 1]. Received: factor=1.5'),
    (lambda: keras.layers.RandomBrightness(1.5, seed='x'), ValueError, 'The `factor` argument should be a number (or '
     'a list of two numbers) in the range [-1, 1]. Received: factor=1.5'),
    # the keyword and data_format checks still come first
    (lambda: keras.layers.RandomRotation(1.5, foo=1), ValueError, "Unrecognized keyword arguments passed to "
     "RandomRotation: {'foo': 1}"),
    (lambda: keras.layers.RandomTranslation(2.5, 0.1, data_format='bad'), ValueError, "The `data_format` argument "
     "must be one of {'channels_first', 'channels_last'}. Received: data_format=bad"),
    # a good factor: the seed, then fill_mode
    (lambda: keras.layers.RandomRotation(0.1, fill_mode='bad', seed='x'), ValueError,
     'Argument `seed` must be an integer. Received: seed=x'),
]


@pytest.mark.parametrize('make, error_class, text', CASES)
def test_first_refusal_is_keras(make, error_class, text):
    with pytest.raises(error_class) as caught:
        make()
    assert str(caught.value) == text


def test_good_factors_still_build_layers():
    zoom = keras.layers.RandomZoom((-0.2, 0.3), (0.1, 0.2), seed=5)
    assert (zoom.height_lower, zoom.height_upper, zoom.width_lower, zoom.width_upper) == (-0.2, 0.3, 0.1, 0.2)
    shift = keras.layers.RandomTranslation(0.2, (-0.1, 0.3), seed=1)
    assert (shift.height_lower, shift.height_upper, shift.width_lower, shift.width_upper) == (-0.2, 0.2, -0.1, 0.3)
    assert keras.layers.RandomRotation(0.2, seed=1).factor == (-0.2, 0.2)
    assert keras.layers.RandomContrast(0.5, seed=1).factor == (0, 0.5)      # (as before: Keras's [0, f])
