"""CenterCrop and Resizing (crop_to_aspect_ratio / pad_to_aspect_ratio, float64 or mixed_float16) under a tape:
TF 2.21 differentiates them (slices, pads and its resampler are ops), so the images get the output's
gradient back. tapeflow cropped and padded the raw arrays (float64 images: resized them too), and
tape.gradient was None. Values printed by TF 2.21."""
import numpy as np
import pytest

import framework as tf
from framework import keras
from framework.keras.mixed_precision import reset_global_policy

L = keras.layers

CASES = [
    (lambda: L.CenterCrop(2, 3), (1, 4, 5, 1),
     [6.0, 7.0, 8.0, 11.0, 12.0, 13.0],
     [0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 1.0, 2.0, 3.0, 0.0, 0.0, 4.0, 5.0, 6.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0]),
    (lambda: L.CenterCrop(2, 2), (4, 5, 1),
     [6.0, 7.0, 11.0, 12.0],
     [0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 1.0, 2.0, 0.0, 0.0, 0.0, 3.0, 4.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0]),
    # smaller than the box: cropped to its aspect ratio and resized up (smart_resize)
    (lambda: L.CenterCrop(4, 6), (1, 2, 3, 1),
     [0.0, 0.25, 0.75, 1.25, 1.75, 2.0, 0.75, 1.0, 1.5, 2.0, 2.5, 2.75, 2.25, 2.5, 3.0, 3.5, 4.0, 4.25, 3.0, 3.25,
      3.75, 4.25, 4.75, 5.0],
     [21.5, 29.0, 36.5, 63.5, 71.0, 78.5]),
    (lambda: L.Resizing(4, 4, crop_to_aspect_ratio=True), (1, 4, 6, 1),
     [1.0, 2.0, 3.0, 4.0, 7.0, 8.0, 9.0, 10.0, 13.0, 14.0, 15.0, 16.0, 19.0, 20.0, 21.0, 22.0],
     [0.0, 1.0, 2.0, 3.0, 4.0, 0.0, 0.0, 5.0, 6.0, 7.0, 8.0, 0.0, 0.0, 9.0, 10.0, 11.0, 12.0, 0.0, 0.0, 13.0, 14.0,
      15.0, 16.0, 0.0]),
    (lambda: L.Resizing(4, 4, pad_to_aspect_ratio=True, fill_value=2.0), (1, 2, 4, 1),
     [2.0, 2.0, 2.0, 2.0, 0.0, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 2.0, 2.0, 2.0, 2.0],
     [5.0, 6.0, 7.0, 8.0, 9.0, 10.0, 11.0, 12.0]),
    (lambda: L.Resizing(2, 2, pad_to_aspect_ratio=True), (2, 4, 1),
     [0.25, 1.25, 2.25, 3.25],
     [0.25, 0.25, 0.5, 0.5, 0.75, 0.75, 1.0, 1.0]),
]


@pytest.mark.parametrize('make, shape, values, gradient', CASES)
def test_gradient_reaches_the_images(make, shape, values, gradient):
    x = tf.constant(np.arange(np.prod(shape), dtype='float32').reshape(shape))
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = make()(x)
        weights = tf.constant(np.arange(1, 1 + np.prod(y.shape), dtype='float32').reshape(y.shape))
        loss = tf.reduce_sum(y * weights)
    assert y.numpy().ravel().tolist() == values
    assert tape.gradient(loss, x).numpy().ravel().tolist() == gradient


def test_untaped_crop_keeps_its_values():
    x = np.arange(20, dtype='float32').reshape(1, 4, 5, 1)
    assert L.CenterCrop(2, 3)(x).numpy().ravel().tolist() == [6.0, 7.0, 8.0, 11.0, 12.0, 13.0]
    assert L.Resizing(2, 2, pad_to_aspect_ratio=True)(x[0, :2, :4]).numpy().ravel().tolist() == \
        [0.25, 1.25, 2.75, 3.75]


# float64 images: bilinear resizes run in float32 (the output of CenterCrop's smart resize stays float32, as
# Keras's smart_resize returns it) and ResizeBilinearGrad adds its float32 products in double
CASES64 = [
    (lambda: L.Resizing(2, 3, dtype='float64'), (1, 3, 2, 1), 'float64',
     ['0x1.99999a0000000p-4', '0x1.99999a0000000p-3', '0x1.3333340000000p-2', '0x1.6666680000000p-1',
      '0x1.9999980000000p-1', '0x1.cccccc0000000p-1'],
     ['-0x1.cccccc0000000p-1', '0x0.0p+0', '0x1.3333320000000p-4', '0x1.5999998800000p-1',
      '0x1.2000004000000p+0', '0x1.0333330000000p+1']),
    (lambda: L.Resizing(3, 2, interpolation='nearest', dtype='float64'), (1, 2, 3, 1), 'float64',
     ['0x0.0p+0', '0x1.999999999999ap-2', '0x1.3333333333334p-1', '0x1.0000000000000p+0',
      '0x1.3333333333334p-1', '0x1.0000000000000p+0'],
     ['-0x1.0000000000000p+0', '0x0.0p+0', '-0x1.999999999999ap-2', '0x1.9999999999999p+0',
      '0x0.0p+0', '0x1.6666666666666p+1']),
    (lambda: L.CenterCrop(3, 3, dtype='float64'), (1, 2, 2, 1), 'float32',
     ['0x0.0p+0', '0x1.5555560000000p-3', '0x1.5555560000000p-2', '0x1.5555560000000p-2',
      '0x1.0000000000000p-1', '0x1.5555540000000p-1', '0x1.5555560000000p-1', '0x1.aaaaac0000000p-1',
      '0x1.0000000000000p+0'],
     ['-0x1.200000b000000p+0', '0x1.4000000000000p-27', '0x1.1fffff7000000p+1', '0x1.afffffb800000p+1']),
    (lambda: L.Resizing(3, 3, crop_to_aspect_ratio=True, dtype='float64'), (1, 2, 3, 1), 'float64',
     ['0x0.0p+0', '0x1.99999a0000000p-4', '0x1.99999a0000000p-3', '0x1.3333340000000p-2',
      '0x1.99999a0000000p-2', '0x1.0000000000000p-1', '0x1.3333340000000p-1', '0x1.6666680000000p-1',
      '0x1.99999a0000000p-1'],
     ['-0x1.200000b000000p+0', '0x1.4000000000000p-27', '0x0.0p+0', '0x1.1fffff7000000p+1',
      '0x1.afffffb800000p+1', '0x0.0p+0']),
]


@pytest.mark.parametrize('make, shape, out_dtype, values, gradient', CASES64)
def test_float64_images_take_tf_gradients(make, shape, out_dtype, values, gradient):
    x = tf.constant(np.linspace(0, 1, np.prod(shape)).reshape(shape))
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = make()(x)
        loss = tf.reduce_sum(y * tf.constant(np.linspace(-1, 2, np.prod(y.shape)).reshape(y.shape).astype(out_dtype)))
    g = tape.gradient(loss, x)
    assert y.dtype == out_dtype and g.dtype == 'float64'
    assert [float(v).hex() for v in y.numpy().ravel()] == values
    assert [float(v).hex() for v in g.numpy().ravel()] == gradient


@pytest.fixture
def mixed_float16():
    keras.mixed_precision.set_global_policy('mixed_float16')
    yield
    reset_global_policy()           # as clear_session: new layers follow floatx again


@pytest.mark.parametrize('make, shape, values, gradient', [
    (lambda: L.Resizing(3, 2), (1, 2, 3, 1),
     ['-0x1.ccc0000000000p-1', '-0x1.3340000000000p-2', '-0x1.3340000000000p-2', '0x1.3340000000000p-2',
      '0x1.3340000000000p-2', '0x1.ccc0000000000p-1'],
     ['0x1.4680000000000p+0', '0x1.d980000000000p-1', '0x1.8000000000000p+0', '0x1.e000000000000p+0',
      '0x1.5340000000000p+0', '0x1.0cc0000000000p+1']),
    (lambda: L.CenterCrop(2, 2), (1, 3, 3, 1),
     ['-0x1.0000000000000p+0', '-0x1.8000000000000p-1', '-0x1.0000000000000p-2', '0x0.0p+0'],
     ['0x1.0000000000000p+0', '0x1.5540000000000p+0', '0x0.0p+0', '0x1.aac0000000000p+0', '0x1.0000000000000p+1',
      '0x0.0p+0', '0x0.0p+0', '0x0.0p+0', '0x0.0p+0']),
])
def test_mixed_float16_images_take_tf_gradients(mixed_float16, make, shape, values, gradient):
    # Keras casts the float32 images to float16 (a taped cast: their gradient comes back float32)
    x = tf.constant(np.linspace(-1, 1, np.prod(shape)).reshape(shape).astype('float32'))
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = make()(x)
        weights = np.linspace(1, 2, np.prod(y.shape)).reshape(y.shape).astype('float32')
        loss = tf.reduce_sum(tf.cast(y, 'float32') * weights)
    g = tape.gradient(loss, x)
    assert y.dtype == 'float16' and g.dtype == 'float32'
    assert [float(v).hex() for v in y.numpy().ravel()] == values
    assert [float(v).hex() for v in g.numpy().ravel()] == gradient
