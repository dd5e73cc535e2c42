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


def test_an_unknown_interpolation_is_still_refused():
    with pytest.raises(ValueError, match='interpolation'):
        keras.layers.Resizing(2, 2, interpolation='gaussian')


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
