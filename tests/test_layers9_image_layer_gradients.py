"""Gradients through the image preprocessing layers as TF 2.21 / Keras 3.15 gives them: channels_first
Resizing and CenterCrop, and the random augmentation layers at inference (they pass the images, cast to
the layer's dtype, and TF's gradient flows back through that cast). tapeflow gave None for all of them.
Golden values printed by TF 2.21 (/work/notes/progs/layers9/gold_grad.py, gold_grad2.py):

    x = tf.constant(np.arange(24, dtype='float32').reshape(1, 2, 3, 4) / 7)
    w = tf.constant(np.linspace(-1, 1, 18, dtype='float32').reshape(1, 2, 3, 3))
    with tf.GradientTape() as tape:
        tape.watch(x); y = layer(x); loss = tf.reduce_sum(y * (w if y.shape == w.shape else 1.0))
    print(tape.gradient(loss, x).numpy().ravel().tolist())
"""
import numpy as np
import pytest

import framework as tf
from framework import keras

RESIZE_GRAD = [-0.8333333134651184, -0.6078431606292725, -0.5686273574829102, -0.6372550129890442, -0.5392156839370728,
               -0.37254905700683594, -0.333333283662796, -0.34313732385635376, -0.2450980395078659, -0.13725490868091583,
               -0.09803920984268188, -0.04901961609721184, 0.04901960864663124, 0.09803921729326248, 0.13725486397743225,
               0.24509809911251068, 0.343137264251709, 0.3333333730697632, 0.3725489377975464, 0.5392158031463623,
               0.6372548937797546, 0.5686274766921997, 0.6078429818153381, 0.8333334922790527]
CROP_GRAD = [1.0, 1.0, 1.0, 0.0, 1.0, 1.0, 1.0, 0.0, 0.0, 0.0, 0.0, 0.0] * 2
ASPECT_GRAD = [-1.0, -0.8823529481887817, -0.7647058963775635, 0.0, -0.6470588445663452, -0.529411792755127,
               -0.4117647111415863, 0.0, -0.29411765933036804, -0.1764705926179886, -0.05882352963089943, 0.0,
               0.05882352963089943, 0.1764705926179886, 0.29411765933036804, 0.0, 0.4117647111415863, 0.529411792755127,
               0.6470588445663452, 0.0, 0.7647058963775635, 0.8823529481887817, 1.0, 0.0]


def _gradient(layer, x, weights=None, **kwargs):
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = layer(x, **kwargs)
        loss = tf.reduce_sum(tf.cast(y, 'float32') * (weights if weights is not None else 1.0))
    return y, tape.gradient(loss, x)


@pytest.mark.parametrize('make, golden', [
    (lambda: keras.layers.Resizing(3, 3, data_format='channels_first'), RESIZE_GRAD),
    (lambda: keras.layers.CenterCrop(2, 3, data_format='channels_first'), CROP_GRAD),
    (lambda: keras.layers.Resizing(3, 3, data_format='channels_first', crop_to_aspect_ratio=True), ASPECT_GRAD),
])
def test_channels_first_sizing_layers_pass_gradients(make, golden):
    x = tf.constant(np.arange(24, dtype='float32').reshape(1, 2, 3, 4) / 7)
    layer = make()
    y = layer(x)
    weights = tf.constant(np.linspace(-1, 1, 18, dtype='float32').reshape(1, 2, 3, 3)) if y.shape == (1, 2, 3, 3) else None
    y_taped, grad = _gradient(layer, x, weights)
    np.testing.assert_array_equal(y_taped.numpy(), y.numpy())      # the taped path gives the untaped bits
    np.testing.assert_array_equal(grad.numpy().ravel(), np.float32(golden))


def test_channels_first_single_image_keeps_its_layout():
    x = tf.constant(np.arange(24, dtype='float32').reshape(2, 3, 4) / 7)       # (channels, height, width)
    y, grad = _gradient(keras.layers.CenterCrop(2, 3, data_format='channels_first'), x)
    assert y.shape == (2, 2, 3)
    np.testing.assert_array_equal(grad.numpy().ravel(), np.float32(CROP_GRAD))


@pytest.mark.parametrize('make', [
    lambda: keras.layers.RandomFlip(seed=1), lambda: keras.layers.RandomRotation(0.2, seed=1),
    lambda: keras.layers.RandomContrast(0.3, seed=1), lambda: keras.layers.RandomBrightness(0.3, seed=1),
    lambda: keras.layers.RandomTranslation(0.2, 0.2, seed=1), lambda: keras.layers.RandomZoom(0.2, seed=1),
])
@pytest.mark.parametrize('dtype', ['float32', 'float64', 'float16'])
def test_augmentation_layers_at_inference_pass_gradients(make, dtype):
    # TF 2.21: the images come back cast to float32, and the gradient is 3 everywhere in the input's dtype
    x = tf.constant(np.arange(24, dtype=dtype).reshape(1, 2, 3, 4) / 7)
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = make()(x, training=False)
        loss = tf.reduce_sum(y * 3)
    grad = tape.gradient(loss, x)
    assert y.dtype == tf.float32 and grad.dtype == x.dtype
    np.testing.assert_array_equal(y.numpy(), np.float32(x.numpy()))
    np.testing.assert_array_equal(grad.numpy(), np.full((1, 2, 3, 4), 3, dtype))


def test_dense_weights_before_an_augmentation_block_get_gradients_at_inference():
    keras.utils.set_random_seed(4)
    model = keras.Sequential([keras.Input((2, 2, 3)), keras.layers.Dense(3), keras.layers.RandomFlip(),
                              keras.layers.RandomRotation(0.1)])
    x = np.ones((1, 2, 2, 3), 'float32')
    with tf.GradientTape() as tape:
        loss = tf.reduce_sum(model(x, training=False))
    kernel_grad, bias_grad = tape.gradient(loss, model.trainable_variables)
    np.testing.assert_array_equal(kernel_grad.numpy(), np.full((3, 3), 4, 'float32'))
    np.testing.assert_array_equal(bias_grad.numpy(), np.full((3,), 4, 'float32'))
