"""RandomBrightness / RandomContrast on integer images, as Keras 3.15 on TF 2.21.

RandomBrightness casts its float delta to the images' dtype (TF's Cast: a negative delta
wraps in uint8) and adds there, so uint8 images stay uint8; tapeflow gave float32.
RandomContrast fails in TF's Sub kernel (the images and their float mean); tapeflow
raised a text of its own.
"""
import numpy as np
import pytest

from framework import keras
from framework.errors import InvalidArgumentError

layers = keras.layers
IMAGES = (np.arange(2 * 4 * 5 * 3, dtype='float32').reshape(2, 4, 5, 3) * 4.3) % 255


@pytest.mark.parametrize('dtype, factor, first, total', [
    ('uint8', 0.3, [0, 4, 8, 12, 17, 21, 25, 30], 15261.0),
    ('uint8', (-0.5, -0.2), [167, 171, 175, 179, 184, 188, 192, 197], 15249.0),      # 0 - 89 wraps to 167
    ('uint8', (0.5, 0.9), [178, 182, 186, 190, 195, 199, 203, 208], 15337.0),
    ('int32', (-0.5, -0.2), [0, 0, 0, 0, 0, 0, 0, 0], 5127.0),
    ('int8', 0.3, [0, 0, 0, 0, 0, 0, 0, 0], 0.0),              # the range's 255 is -1 in int8
    ('uint16', (-0.5, -0.2), [255] * 8, 18132.0),
])
def test_brightness_keeps_integer_dtype(dtype, factor, first, total):
    keras.utils.set_random_seed(3)
    out = np.asarray(layers.RandomBrightness(factor)(IMAGES.astype(dtype)))
    assert out.dtype == np.dtype(dtype)
    assert out.ravel()[:8].tolist() == first
    assert float(out.astype('float64').sum()) == total


def test_brightness_uint8_single_image_and_unit_range():
    keras.utils.set_random_seed(3)
    out = np.asarray(layers.RandomBrightness(0.3)(IMAGES[0].astype('uint8')))
    assert out.dtype == np.uint8 and out[0, :, 0].tolist() == [0, 12, 25, 38, 51]
    keras.utils.set_random_seed(3)
    out = np.asarray(layers.RandomBrightness(0.3, value_range=(0, 1))(IMAGES.astype('uint8')))
    assert out.ravel()[:8].tolist() == [0, 1, 1, 1, 1, 1, 1, 1]


@pytest.mark.parametrize('dtype, message', [
    ('uint8', r'cannot compute Sub as input #1\(zero-based\) was expected to be a uint8 tensor but is a float tensor '
              r'\[Op:Sub\] name: '),
    ('int32', r'cannot compute Sub as input #1\(zero-based\) was expected to be a int32 tensor'),
    ('complex64', r'cannot compute Mul as input #1\(zero-based\) was expected to be a complex64 tensor'),
    ('bool', r"Value for attr 'T' of bool is not in the list of allowed values: bfloat16, half, float, double, uint8, "
             r"int8, uint16, int16, int32, int64, complex64, complex128, uint32, uint64"),
])
def test_contrast_refuses_in_tf_kernel_words(dtype, message):
    with pytest.raises(InvalidArgumentError, match=message):
        layers.RandomContrast(0.3)(IMAGES.astype(dtype))


def test_brightness_bool_and_complex_kernel_words():
    with pytest.raises(InvalidArgumentError, match=r"(?s)Value for attr 'T' of bool .*\{\{node AddV2\}\}"):
        layers.RandomBrightness(0.3)(IMAGES.astype(bool))
    with pytest.raises(InvalidArgumentError, match=r"(?s)Value for attr 'T' of complex64 .*\{\{node Minimum\}\}"):
        layers.RandomBrightness(0.3)(IMAGES.astype(np.complex64))
