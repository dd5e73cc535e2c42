"""keras.layers.Resizing and keras.ops.image.resize take every interpolation Keras 3's TensorFlow
backend resizes with ('bilinear', 'nearest', 'lanczos3', 'lanczos5', 'bicubic', 'area'), with
tf.image.resize's bits.

Golden values printed by TF 2.21 + Keras 3.15 for the same images
(/work/notes/progs/layers13/gold_resize.py and gold_opsresize.py).
"""
import numpy as np
import pytest

from framework import keras
from framework.keras import ops


def _images():
    return (np.arange(2 * 5 * 4 * 2).reshape(2, 5, 4, 2) * 37 % 251).astype('float32')


KERAS_BITS = [
    ('area', (3, 2), {}, [1113325568, 1119354880, 1125698765, 1122304000, 1123942400, 1126432768,
                          1123601614, 1118581556, 1123509865, 1126216500, 1119879168, 1124401153]),
    ('lanczos3', (4, 6), {}, [3220990088, 1108143958, 1106155345, 1114871028, 1119345314, 1124874067,
                              1124752304, 1129265311, 1127814763, 1120389674, 1129174982, 3238509252]),
    ('lanczos5', (2, 3), {}, [1107786768, 1116019299, 1127146658, 1132257302, 1117783982, 1115698376,
                              1126185775, 1128466438, 1116533837, 1124400987, 1120188477, 1125378522]),
    ('area', (2, 3), {'crop_to_aspect_ratio': True},
     [1115553793, 1120468992, 1125908481, 1128333312, 1114701822, 1120043007,
      1121517568, 1125220352, 1128857600, 1122041854, 1121091582, 1117716480]),
]


@pytest.mark.parametrize('method, size, options, bits', KERAS_BITS)
def test_resizing_methods_match_keras(method, size, options, bits):
    layer = keras.layers.Resizing(*size, interpolation=method, **options)
    y = np.asarray(layer(_images()))
    assert y.shape == (2,) + size + (2,)
    assert y.view(np.uint32).ravel()[:12].tolist() == bits
    assert layer.get_config()['interpolation'] == method


def test_an_unknown_interpolation_is_refused_when_called():
    # Keras 3.15 makes the layer and its TF backend refuses the method in the call
    layer = keras.layers.Resizing(2, 2, interpolation='gaussian')
    with pytest.raises(ValueError, match=r"Invalid value for argument `interpolation`. Expected of one \("
                                         r"'bilinear', 'nearest', 'lanczos3', 'lanczos5', 'bicubic', 'area'\). "
                                         r"Received: interpolation=gaussian"):
        layer(_images())


# (float32 bits of the first 6 values, uint8 values of the first 6), keras.ops.image.resize
KERAS_OPS_RESIZE = {
    'area': ([1048576001, 1031798784, 1041585493, 1047527425, 1048576000, 1051372202], [72, 109, 115, 138, 80, 117]),
    'lanczos3': ([1039451044, 1019898822, 1042079277, 1044288108, 1046330258, 1050699230],
                 [42, 112, 127, 145, 65, 101]),
    'lanczos5': ([1040242455, 1015634776, 1043390240, 1045212782, 1046927669, 1051279916],
                 [36, 118, 128, 140, 64, 99]),
}


@pytest.mark.parametrize('method', sorted(KERAS_OPS_RESIZE))
def test_ops_image_resize_methods_match_keras(method):
    rgb = (np.arange(48, dtype=np.float32).reshape(1, 4, 4, 3) % 13) / 12
    u8 = (np.arange(48).reshape(1, 4, 4, 3) * 37 % 251).astype('uint8')
    floats, integers = KERAS_OPS_RESIZE[method]
    assert np.asarray(ops.image.resize(rgb, (3, 5), interpolation=method)).view(np.uint32).ravel()[:6].tolist() \
        == floats
    out = np.asarray(ops.image.resize(u8, (3, 2), interpolation=method))
    assert out.dtype == np.uint8 and out.ravel()[:6].tolist() == integers


# Resizing in a float64 / float16 layer, or under mixed_float16, returns its compute dtype: Keras casts
# the images to it, tf.image.resize resamples in float32 ('nearest' in the images' own dtype) and the
# result is cast back. Hex of the first 3 output values (/work/notes/progs/layers13/probe_r16.py).
KERAS_RESIZED_HEX = [
    ('bilinear', 'float64', '000000805555c53f000000801cc7b13f000000e0388ec33f'),
    ('lanczos3', 'float64', '000000807498be3f000000c0784d993f000000a0c59bc33f'),
    ('nearest', 'float64', '0000000000000000555555555555b53f555555555555c53f'),
    ('bilinear', 'float16', '5531722ce330'),
    ('lanczos3', 'float16', 'a62f5326e730'),
    ('nearest', 'float16', '0000552d5531'),
]


def _rgb(dtype):
    return ((np.arange(48).reshape(1, 4, 4, 3) % 13) / 12).astype(dtype)


@pytest.mark.parametrize('method, dtype, hexed', KERAS_RESIZED_HEX)
def test_resizing_returns_its_compute_dtype_with_keras_values(method, dtype, hexed):
    y = np.asarray(keras.layers.Resizing(3, 5, interpolation=method, dtype=dtype)(_rgb(dtype)))
    assert y.dtype == np.dtype(dtype)
    assert y.ravel()[:3].tobytes().hex() == hexed


def test_resizing_under_mixed_float16_gives_float16():
    keras.mixed_precision.set_global_policy('mixed_float16')
    try:
        y = np.asarray(keras.layers.Resizing(3, 5)(_rgb('float32')))
    finally:
        keras.mixed_precision.set_global_policy('float32')
    assert y.dtype == np.float16 and y.ravel()[:3].tobytes().hex() == '5531722ce330'


def test_ops_image_resize_of_half_images_resamples_in_float32():
    y = np.asarray(ops.image.resize(_rgb('float16'), (3, 5), interpolation='lanczos3'))
    assert y.dtype == np.float16 and y.ravel()[:3].tobytes().hex() == 'a62f5326e730'
