"""keras.ops.image and the conv / pool ops refuse a wrong rank or size in Keras 3.15's words (TF 2.21).

tapeflow said 'images must be 3-D (H, W, C) or 4-D ...' and 'tapeflow supports 1-D and 2-D inputs' (now
notes), and resized to (2, 2) for size=(2,) and to (3, 3) for size=3, where Keras refuses both.

Goldens: /work/notes/progs/kerasops/t_img.py run with TF 2.21.
"""
import numpy as np
import pytest

import framework as tf

ops = tf.keras.ops
FLAT = np.ones((4, 4), 'float32')
RANK = 'Invalid images rank: expected rank 3 (single image) or rank 4 (batch of images). Received'


@pytest.mark.parametrize('call, words', [
    (lambda: ops.image.resize(FLAT, (2, 2)), RANK + ' input with shape: images.shape=(4, 4)'),
    (lambda: ops.image.crop_images(FLAT, 1, 1, 2, 2), RANK + ': images.shape=(4, 4)'),
    (lambda: ops.image.pad_images(FLAT, 1, 1, 6, 6), RANK + ': images.shape=(4, 4)'),
    (lambda: ops.image.affine_transform(np.ones((1, 1, 4, 4, 3), 'float32'), np.zeros((1, 8), 'float32')),
     RANK + ' input with shape: images.shape=(1, 1, 4, 4, 3)'),
    (lambda: ops.image.rgb_to_grayscale(FLAT), RANK + ' input with shape: images.shape=(4, 4)'),
    (lambda: ops.image.gaussian_blur(FLAT), RANK + ' input with shape: images.shape=(4, 4)'),
    (lambda: ops.image.extract_patches(FLAT, 2), 'Input rank not supported: 2. Expected values are [3, 4, 5]'),
    (lambda: ops.image.resize(FLAT, (2,)), 'Expected `size` to be a tuple of 2 integers. Received: size=(2,)'),
    (lambda: ops.image.resize(np.ones((4, 4, 1), 'float32'), [2, 3, 4]),
     'Expected `size` to be a tuple of 2 integers. Received: size=[2, 3, 4]'),
    (lambda: ops.image.resize(np.ones((4, 4, 1), 'float32'), (0, 2)),
     '`size` must have positive height and width. Received: size=(0, 2)'),
    (lambda: ops.max_pool(np.ones((4,), 'float32'), 2), 'Input rank not supported: 1. Expected values are [3, 4, 5]'),
    (lambda: ops.average_pool(np.ones((2, 4, 4, 4, 4, 1), 'float32'), 2),
     'Input rank not supported: 6. Expected values are [3, 4, 5]'),
    (lambda: ops.conv(np.ones((4, 3), 'float32'), np.ones((2, 3, 1), 'float32')),
     'Input rank not supported: 2. Expected values are [3, 4, 5]'),
])
def test_value_errors_in_keras_words(call, words):
    with pytest.raises(ValueError) as caught:
        call()
    assert str(caught.value) == words


def test_a_bare_number_as_size_is_pythons_type_error():
    with pytest.raises(TypeError) as caught:
        ops.image.resize(np.ones((4, 4, 1), 'float32'), 3)
    assert str(caught.value) == "object of type 'int' has no len()"


# Control flow ops given no function, and one_hot given no integer depth: Keras 3.15 on TF 2.21's texts
# (goldens: the kerasops probe c12 / its follow-up run with TF 2.21).
@pytest.mark.parametrize('call, error, words', [
    (lambda: ops.fori_loop(0, 3, 5, 0), TypeError, "'int' object is not callable"),
    (lambda: ops.while_loop(lambda i: i < 3, 5, 0), TypeError, "'int' object is not callable"),
    (lambda: ops.while_loop(5, lambda i: i + 1, 0), TypeError, "'cond' must be callable."),
    (lambda: ops.scan(5, 0, np.ones(3)), TypeError, '`f` should be a callable. Received: f=5'),
    (lambda: ops.map(5, np.ones(3)), TypeError, "'int' object is not callable"),
    (lambda: ops.one_hot(np.array([1]), 2.5), TypeError, 'Cannot convert 2.5 to EagerTensor of dtype int32'),
    (lambda: ops.one_hot(np.array([1]), '2'), TypeError, "Cannot convert '2' to EagerTensor of dtype int32"),
    (lambda: ops.one_hot(np.array([1]), None), ValueError,
     "Attempt to convert a value (None) with an unsupported type (<class 'NoneType'>) to a Tensor."),
])
def test_refusals_in_keras_words(call, error, words):
    with pytest.raises(error) as caught:
        call()
    assert str(caught.value) == words
