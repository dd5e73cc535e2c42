"""Image layers given an input of the wrong rank, as Keras 3.15 on TF 2.21 refuses it (helper preproc5).

Printed by TF 2.21 with, for shape in (4,), (4, 4), (1, 1, 4, 4, 1) and training in (True, False):
    keras.layers.RandomTranslation(0.3, 0.3, seed=1)(np.ones(shape, 'float32'), training=training)
    keras.layers.RandomCrop(2, 2, seed=1)(...);  keras.layers.Resizing(2, 2)(...)
Keras reads the height (shape[-3]) before its rank check in these three: rank 1 or 2 is IndexError.
"""
import numpy as np
import pytest

from framework import keras

RANK_TEXT = 'Expected image tensor to have rank 3 (single image) or 4 (batch of images). Received: data.shape=%s'
SHORT = 'tuple index out of range'

# (layer, shape, training) -> (class name, message in bold), TF 2.21's
CASES = [
    ('translation', (4,), True, 'IndexError', SHORT),
    ('translation', (4, 4), True, 'IndexError', SHORT),
    ('translation', (4, 4), False, 'ValueError', RANK_TEXT % '(4, 4)'),
    ('translation', (1, 1, 4, 4, 1), True, 'ValueError', RANK_TEXT % '(1, 1, 4, 4, 1)'),
    ('crop', (4,), False, 'IndexError', SHORT),
    ('crop', (4, 4), True, 'IndexError', SHORT),
    ('crop', (4, 4), False, 'IndexError', SHORT),
    ('crop', (1, 1, 4, 4, 1), True, 'ValueError', RANK_TEXT % '(1, 1, 4, 4, 1)'),
    ('crop', (1, 1, 4, 4, 1), False, 'ValueError', RANK_TEXT % '(1, 1, 4, 4, 1)'),
    ('resize', (4,), False, 'IndexError', SHORT),
    ('resize', (4, 4), True, 'IndexError', SHORT),
]


def _layer(kind):
    return {'translation': lambda: keras.layers.RandomTranslation(0.3, 0.3, seed=1),
            'crop': lambda: keras.layers.RandomCrop(2, 2, seed=1),
            'resize': lambda: keras.layers.Resizing(2, 2)}[kind]()


@pytest.mark.parametrize('kind, shape, training, class_name, text', CASES)
def test_wrong_rank_refusals(kind, shape, training, class_name, text):
    layer = _layer(kind)
    with pytest.raises(Exception) as caught:
        layer(np.ones(shape, 'float32'), training=training)
    assert type(caught.value).__name__ == class_name
    assert '\x1b[1m%s\x1b[0m' % text in str(caught.value)
    assert str(caught.value).startswith('Exception encountered when calling %s.call().' % type(layer).__name__)


def test_right_ranks_still_pass():
    image = np.arange(16, dtype='float32').reshape(4, 4, 1)
    assert _layer('crop')(image, training=False).shape == (4, 4, 1)      # inference: unchanged, as Keras
    assert _layer('crop')(image[None], training=True).shape == (1, 2, 2, 1)
    assert _layer('resize')(image).shape == (2, 2, 1)
    assert _layer('translation')(image, training=True).shape == (4, 4, 1)
