"""Image preprocessing layers under 16-bit policies, as Keras 3 on TF 2.21.

bfloat16 images (a 'bfloat16' / 'mixed_bfloat16' layer autocasts float32 images to them) are computed as
float16 ones are; tapeflow refused them ("CenterCrop 'center_crop': expected numeric images, got dtype
bfloat16"). CenterCrop casts its images to the compute dtype first (integer images too) and, where it must
resize (a target larger than the input), returns smart_resize's float32, as Keras does; tapeflow cast that
back to float16 / bfloat16 and left integer images float32 under a mixed policy.
Values printed by TF 2.21 (probe /work/notes/progs/layers21/bfg.py, cc.py); crops, nearest resampling and
bfloat16 roundings are exact on any CPU.
"""
import numpy as np
import pytest

from framework import keras

pytest.importorskip('ml_dtypes')
L = keras.layers
X = (np.arange(80).reshape(2, 4, 5, 2) % 7).astype('float32') / 3


def first(y, n=6):
    return y.dtype.name, np.asarray(y).astype('float32').ravel()[:n].tolist()


@pytest.mark.parametrize('make, training, expected', [
    (lambda: L.CenterCrop(3, 2, dtype='mixed_bfloat16', data_format='channels_first'), None,
     [0.66796875, 1.0, 1.3359375, 1.6640625, 2.0, 0.0]),
    (lambda: L.Resizing(3, 7, dtype='mixed_bfloat16'), None,
     [0.1669921875, 0.5, 0.546875, 0.8828125, 0.9140625, 1.2421875]),
    (lambda: L.Resizing(3, 7, interpolation='nearest', dtype='mixed_bfloat16'), None,
     [0.0, 0.333984375, 0.66796875, 1.0, 0.66796875, 1.0]),
    (lambda: L.RandomTranslation(0.3, 0.3, seed=3, interpolation='nearest', dtype='mixed_bfloat16'), True,
     [1.0, 1.3359375, 1.6640625, 2.0, 0.0, 0.333984375]),
    (lambda: L.RandomRotation(0.2, seed=3, interpolation='nearest', fill_mode='constant', dtype='mixed_bfloat16'),
     True, [2.0, 0.0, 1.0, 1.3359375, 0.66796875, 1.0]),
    (lambda: L.RandomZoom(0.3, seed=2, interpolation='nearest', dtype='mixed_bfloat16'), True,
     [0.0, 0.333984375, 0.66796875, 1.0, 1.3359375, 1.6640625]),
    (lambda: L.RandomCrop(2, 3, seed=1, dtype='mixed_bfloat16'), True,
     [2.0, 0.0, 0.333984375, 0.66796875, 1.0, 1.3359375]),
])
def test_bfloat16_images(make, training, expected):
    layer = make()
    out = layer(X) if training is None else layer(X, training=training)
    assert first(out) == ('bfloat16', expected)


@pytest.mark.parametrize('dtype, size, expected', [
    ('mixed_float16', (6, 3), [0.66650390625, 1.0, 0.999755859375, 1.33349609375, 1.3330078125, 1.6669921875]),
    ('bfloat16', (4, 7), [1.0, 1.3359375, 1.3794642686843872, 1.7154017686843872, 1.1886159181594849,
                          1.5239953994750977]),
])
def test_center_crop_resize_returns_float32(dtype, size, expected):
    layer = L.CenterCrop(*size, dtype=dtype)
    assert first(layer(X)) == ('float32', expected)
    assert str(layer(keras.Input((4, 5, 2))).dtype) == dtype.replace('mixed_', '')    # the spec: compute dtype


@pytest.mark.parametrize('dtype, expected', [('mixed_float16', 'float16'), ('mixed_bfloat16', 'bfloat16'),
                                             ('float32', 'float32')])
def test_center_crop_casts_integer_images(dtype, expected):
    out = L.CenterCrop(3, 3, dtype=dtype)(X.astype('int32') * 300)
    assert first(out) == (expected, [0.0, 300.0, 300.0, 300.0, 600.0, 0.0])
