"""Image layers given images of a rank other than 3 or 4 refuse them as Keras 3 on TF 2.21 does (probes
/work/notes/progs/layers26/imgrank2.py and imgrank_cf.py, which print each layer's error for inputs of shape
(4,), (4, 4) and (4, 4, 4, 4, 4), training True and False, channels last and first).

Keras's call runs the layer's get_random_transformation first, in any mode: RandomHue, RandomSaturation, ... test
the rank there with their own texts (two spellings: 'Received inputs.shape' and 'Received: inputs.shape'), some
only while training (RandomErasing, RandomGaussianBlur, RandomInvert), and CutMix, RandomPerspective,
RandomRotation and RandAugment read an axis a short input lacks (IndexError; which axis depends on data_format).
Then the base call's _is_batched refuses any other rank in its text, at inference too: Equalization, MixUp,
RandomInvert, RandomBrightness, RandomContrast and RandomColorJitter passed such inputs through at inference
(RandomColorJitter while training too). The legacy RandomHeight / RandomWidth read tf.shape(inputs)[-3]: the
StridedSlice kernel's InvalidArgumentError. AutoContrast's call names its argument 'data', as Keras's.
"""
import numpy as np
import pytest

import framework as tf
from framework import keras

L = keras.layers
BASE = 'Expected image tensor to have rank 3 (single image) or 4 (batch of images). Received: data.shape=%s'
OWN = 'Expected the input image to be rank 3 or 4. Received inputs.shape=%s'
OWN_COLON = 'Expected the input image to be rank 3 or 4. Received: inputs.shape=%s'
SHORT = 'tuple index out of range'

MAKE = {
    'RandomBrightness': lambda **kw: L.RandomBrightness(0.2, seed=1, **kw),
    'RandomContrast': lambda **kw: L.RandomContrast(0.2, seed=1, **kw),
    'RandomHue': lambda **kw: L.RandomHue(0.2, value_range=(0, 1), seed=1, **kw),
    'RandomSaturation': lambda **kw: L.RandomSaturation(0.2, seed=1, **kw),
    'RandomSharpness': lambda **kw: L.RandomSharpness(0.2, seed=1, **kw),
    'RandomPosterization': lambda **kw: L.RandomPosterization(4, value_range=(0, 1), seed=1, **kw),
    'RandomColorDegeneration': lambda **kw: L.RandomColorDegeneration(0.2, seed=1, **kw),
    'RandomErasing': lambda **kw: L.RandomErasing(seed=1, **kw),
    'RandomGaussianBlur': lambda **kw: L.RandomGaussianBlur(seed=1, **kw),
    'RandomInvert': lambda **kw: L.RandomInvert(seed=1, **kw),
    'RandAugment': lambda **kw: L.RandAugment(seed=1, **kw),
    'CutMix': lambda **kw: L.CutMix(seed=1, **kw),
    'MixUp': lambda **kw: L.MixUp(seed=1, **kw),
    'Equalization': lambda **kw: L.Equalization(**kw),
    'RandomColorJitter': lambda **kw: L.RandomColorJitter(seed=1, **kw),
    'RandomPerspective': lambda **kw: L.RandomPerspective(seed=1, **kw),
    'RandomRotation': lambda **kw: L.RandomRotation(0.2, seed=1, **kw),
    'RandomTranslation': lambda **kw: L.RandomTranslation(0.2, 0.2, seed=1, **kw),
}

# (layer, rank, training, data_format) -> (exception class, bold text): TF 2.21's
CASES = [
    ('RandomHue', 2, True, None, ValueError, OWN % '(4, 4)'),
    ('RandomHue', 5, False, None, ValueError, OWN % '(4, 4, 4, 4, 4)'),
    ('RandomSaturation', 1, True, None, ValueError, OWN_COLON % '(4,)'),
    ('RandomSaturation', 2, False, None, ValueError, OWN_COLON % '(4, 4)'),
    ('RandomSharpness', 5, True, None, ValueError, OWN_COLON % '(4, 4, 4, 4, 4)'),
    ('RandomSharpness', 2, False, None, ValueError, OWN_COLON % '(4, 4)'),
    ('RandomPosterization', 2, True, None, ValueError, OWN_COLON % '(4, 4)'),
    ('RandomPosterization', 1, False, None, ValueError, OWN_COLON % '(4,)'),
    ('RandomColorDegeneration', 2, True, None, ValueError, OWN_COLON % '(4, 4)'),
    ('RandomColorDegeneration', 5, False, None, ValueError, OWN_COLON % '(4, 4, 4, 4, 4)'),
    ('RandomBrightness', 2, False, None, ValueError, OWN % '(4, 4)'),
    ('RandomContrast', 5, False, None, ValueError, OWN % '(4, 4, 4, 4, 4)'),
    ('RandomErasing', 2, True, None, ValueError, OWN % '(4, 4)'),
    ('RandomErasing', 2, False, None, ValueError, BASE % '(4, 4)'),
    ('RandomGaussianBlur', 5, True, None, ValueError, OWN % '(4, 4, 4, 4, 4)'),
    ('RandomGaussianBlur', 5, False, None, ValueError, BASE % '(4, 4, 4, 4, 4)'),
    ('RandomInvert', 2, True, None, ValueError, OWN % '(4, 4)'),
    ('RandomInvert', 2, False, None, ValueError, BASE % '(4, 4)'),
    ('RandAugment', 2, True, None, IndexError, SHORT),
    ('RandAugment', 5, True, None, ValueError, OWN % '(4, 4, 4, 4, 4)'),
    ('RandAugment', 2, False, None, ValueError, BASE % '(4, 4)'),
    ('CutMix', 2, True, None, IndexError, SHORT),
    ('CutMix', 5, True, None, ValueError, BASE % '(4, 4, 4, 4, 4)'),
    ('CutMix', 1, False, None, ValueError, BASE % '(4,)'),
    ('MixUp', 2, False, None, ValueError, BASE % '(4, 4)'),
    ('MixUp', 5, True, None, ValueError, BASE % '(4, 4, 4, 4, 4)'),
    ('Equalization', 1, False, None, ValueError, BASE % '(4,)'),
    ('RandomColorJitter', 2, True, None, ValueError, BASE % '(4, 4)'),
    ('RandomColorJitter', 5, False, None, ValueError, BASE % '(4, 4, 4, 4, 4)'),
    ('RandomPerspective', 2, True, 'channels_last', IndexError, SHORT),
    ('RandomPerspective', 2, True, 'channels_first', ValueError, BASE % '(4, 4)'),
    ('RandomRotation', 1, True, 'channels_last', IndexError, SHORT),
    ('RandomRotation', 2, True, 'channels_last', ValueError, BASE % '(4, 4)'),
    ('RandomRotation', 2, True, 'channels_first', IndexError, SHORT),
    ('RandomTranslation', 2, True, 'channels_first', ValueError, BASE % '(4, 4)'),
]


def _images(rank):
    return np.linspace(0, 1, 4 ** rank, dtype='float32').reshape((4,) * rank)


@pytest.mark.parametrize('name, rank, training, data_format, error, text', CASES)
def test_wrong_rank_refusals(name, rank, training, data_format, error, text):
    layer = MAKE[name](**({} if data_format is None else {'data_format': data_format}))
    with pytest.raises(error) as caught:
        layer(_images(rank), training=training)
    message = str(caught.value)
    assert message.startswith('Exception encountered when calling %s.call().' % name)
    assert '\x1b[1m%s\x1b[0m' % text in message
    assert 'Arguments received by %s.call():\n  • data=' % name in message


@pytest.mark.parametrize('name', ['RandomInvert', 'MixUp', 'RandomColorJitter', 'RandomBrightness'])
def test_right_ranks_still_pass_at_inference(name):
    image = _images(3)
    assert MAKE[name]()(image, training=False).shape == (4, 4, 4)
    assert MAKE[name]()(image[None], training=False).shape == (1, 4, 4, 4)


@pytest.mark.parametrize('make, name', [(lambda: L.RandomHeight(0.2, seed=1), 'random_height'),
                                        (lambda: L.RandomWidth(0.2, seed=1), 'random_width')])
@pytest.mark.parametrize('rank, index', [(1, -2), (2, -1)])
def test_legacy_random_height_and_width_read_the_shape_first(make, name, rank, index):
    layer = make()
    with pytest.raises(tf.errors.InvalidArgumentError) as caught:
        layer(_images(rank))
    # TF 2.21's text ('{{function_node ...}}' first)
    assert ('slice index %d of dimension 0 out of bounds. [Op:StridedSlice] name: %s/strided_slice/\x1b[0m'
            % (index, layer.name)) in str(caught.value)
    assert layer.name.startswith(name)
    assert 'Arguments received by %s.call():\n  • inputs=' % type(layer).__name__ in str(caught.value)


def test_auto_contrast_names_its_argument_data():
    with pytest.raises(ValueError) as caught:
        L.AutoContrast()(_images(2))
    assert 'Arguments received by AutoContrast.call():\n  • data=' in str(caught.value)      # TF 2.21's
    assert L.AutoContrast()(data=_images(3)).shape == (4, 4, 4)
