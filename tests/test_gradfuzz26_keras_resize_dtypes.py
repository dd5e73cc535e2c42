"""keras.ops.image.resize / UpSampling2D of other float dtypes than float32, bfloat16 resizes, and
keras.ops.saturate_cast, as on TF 2.21 + Keras 3 (probes notes/progs/gradfuzz26/up3.py, up4.py, sc.py,
pin1.py, pin2.py).

Keras's TF backend calls tf.image.resize, which answers float32 for every float dtype but 'nearest',
and casts the result back with saturate_cast: a float64 resize carries float32 values, and its
gradient is TF's kernels' (ResizeBilinearGrad in double; ScaleAndTranslateGrad refuses all but
float32; ResizeArea has none)."""
import numpy as np
import pytest

import framework as tf
from framework import keras
from framework.errors import InvalidArgumentError

X64 = [[[[0.1], [-1.3]], [[2.7], [0.45]]]]


def test_keras_resize_of_float64_carries_float32_values():
    x = tf.constant(X64, tf.float64)
    w = tf.constant(np.arange(1, 10, dtype=np.float64).reshape(1, 3, 3, 1))
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = keras.ops.image.resize(x, (3, 3))
        loss = tf.reduce_sum(y * w)
    assert y.dtype == tf.float64
    # TF 2.21 gives these (float32 values; tapeflow computed in float64: 0.1, -0.6, -1.3, ...)
    np.testing.assert_array_equal(y.numpy().ravel(), [
        0.10000000149011612, -0.5999999642372131, -1.2999999523162842, 1.4000000953674316, 0.48750001192092896,
        -0.4249999523162842, 2.700000047683716, 1.5750000476837158, 0.44999998807907104])
    np.testing.assert_array_equal(tape.gradient(loss, x).numpy().ravel(),
                                  [5.250000033527613, 8.249999769032001, 14.250000312924385, 17.24999976158142])


def test_float64_upsampling_bilinear_and_the_kernels_that_refuse_it():
    x = tf.constant(X64, tf.float64)
    layer = keras.layers.UpSampling2D(2, interpolation='bilinear', dtype='float64')
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = layer(x)
        loss = tf.reduce_sum(y * tf.reshape(tf.range(16, dtype=tf.float64), (1, 4, 4, 1)))
    # TF 2.21 gives these
    np.testing.assert_array_equal(y.numpy().ravel()[:6], [0.10000000149011612, -0.25, -0.9499999284744263,
                                                          -1.2999999523162842, 0.7500000596046448, 0.34687501192092896])
    np.testing.assert_array_equal(tape.gradient(loss, x).numpy().ravel(), [12.5, 19.5, 40.5, 47.5])
    # TF 2.21: the ScaleAndTranslateGrad kernel is float32 only, and ResizeArea has no gradient
    # (tapeflow differentiated both in float64)
    layer = keras.layers.UpSampling2D(2, interpolation='lanczos3', dtype='float64')
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = layer(x)
    with pytest.raises(InvalidArgumentError) as info:
        tape.gradient(y, x)
    assert str(info.value) == ('cannot compute ScaleAndTranslateGrad as input #1(zero-based) was expected to be a '
                               'float tensor but is a double tensor [Op:ScaleAndTranslateGrad] name: ')
    layer = keras.layers.UpSampling2D(2, interpolation='area', dtype='float64')
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = layer(x)
    with pytest.raises(LookupError, match='^gradient registry has no entry for: ResizeArea$'):
        tape.gradient(y, x)


def test_bfloat16_resizes():
    xb = tf.cast(tf.constant(X64), tf.bfloat16)
    y = keras.ops.image.resize(xb, (3, 3))       # tapeflow: saturate_cast refused bfloat16
    assert y.dtype == tf.bfloat16
    # TF 2.21 refuses the antialiased gradient of a bfloat16 image (tapeflow computed it)
    with tf.GradientTape() as tape:
        tape.watch(xb)
        y = tf.image.resize(xb, (3, 3), antialias=True)
    with pytest.raises(InvalidArgumentError) as info:
        tape.gradient(y, xb)
    assert 'was expected to be a float tensor but is a bfloat16 tensor [Op:ScaleAndTranslateGrad]' in str(info.value)
    # ResizeNearestNeighborGrad adds the output pixels in row-major order in bfloat16: 256 + 1 + 1 + 1 stays 256
    # in TF 2.21 (tapeflow's two scatter-adds, across then down, gave 258)
    x = tf.constant([[[[1.0]]]], tf.bfloat16)
    w = tf.constant(np.array([256, 1, 1, 1], np.float32).reshape(1, 2, 2, 1), tf.bfloat16)
    with tf.GradientTape() as tape:
        tape.watch(x)
        loss = tf.reduce_sum(tf.image.resize(x, (2, 2), method='nearest') * w)
    assert float(tape.gradient(loss, x).numpy().ravel()[0]) == 256.0


def test_saturate_cast_clips_as_keras_does():
    v = tf.constant([np.inf, -np.inf, np.nan, 70000.0, -2.5, 1e39], tf.float32)
    # TF 2.21 gives these: inf clipped to the largest finite value (tapeflow kept inf), NaN kept with a zero
    # gradient, bfloat16 targets taken (tapeflow: 'dtype must be a numeric dtype')
    expected = {'bfloat16': ([3.3895313892515355e+38, -3.3895313892515355e+38, np.nan, 70144.0, -2.5,
                              3.3895313892515355e+38], [0.0, 0.0, 0.0, 1.0, 1.0, 0.0]),
                'float16': ([65504.0, -65504.0, np.nan, 65504.0, -2.5, 65504.0], [0.0, 0.0, 0.0, 0.0, 1.0, 0.0]),
                'float64': ([3.4028234663852886e+38, -3.4028234663852886e+38, np.nan, 70000.0, -2.5,
                             3.4028234663852886e+38], [0.0, 0.0, 0.0, 1.0, 1.0, 0.0])}
    for dtype, (values, gradient) in expected.items():
        with tf.GradientTape() as tape:
            tape.watch(v)
            y = keras.ops.saturate_cast(v, dtype)
            z = tf.cast(y, tf.float32)
        assert y.dtype.name == dtype
        np.testing.assert_array_equal(np.asarray(y.numpy(), np.float64), values)
        np.testing.assert_array_equal(tape.gradient(z, v).numpy(), gradient)
    y = keras.ops.saturate_cast(v, 'int8')
    np.testing.assert_array_equal(y.numpy(), [127, -128, 0, 127, -2, 127])
    # bfloat16 sources are clipped too (tapeflow wrapped: 300.5 -> 44)
    np.testing.assert_array_equal(keras.ops.saturate_cast(tf.constant([300.5, -129.0, 3.7], tf.bfloat16),
                                                          'int8').numpy(), [127, -128, 3])


@pytest.mark.parametrize('method', ['bilinear', 'nearest', 'bicubic'])
def test_resize_gradient_of_an_empty_batch(method):
    # TF 2.21 gives an empty (0, 1, 3, 1) gradient; tapeflow's kernels reshaped their terms with -1 and failed
    # ('cannot reshape array of size 0 into shape (0,newaxis,1)'), UpSampling2D(interpolation='bilinear') too
    for dtype in ('float32', 'float64'):
        x = tf.zeros((0, 1, 3, 1), dtype)
        with tf.GradientTape() as tape:
            tape.watch(x)
            y = tf.image.resize(x, (2, 6), method=method)
        assert tuple(y.shape) == (0, 2, 6, 1)
        g = tape.gradient(y, x)
        assert g.dtype.name == dtype and tuple(g.shape) == (0, 1, 3, 1)
