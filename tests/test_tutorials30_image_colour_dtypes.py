"""tf.image's colour ops as TF 2.21 computes them (values printed by TF 2.21, progs/tutorials30/img_pins.py):
- rgb_to_hsv's hue is (1 / range) * (1 / 6) as the kernel takes it, and hsv_to_rgb is (1 - S + S * c) * V;
- adjust_brightness / contrast / gamma / hue / saturation take float64 and bfloat16 images (numpy's
  ``x / 255.0`` is float64) through float32, as TF converts them, and give them back in their dtype;
- keras.ops.image.rgb_to_hsv / hsv_to_rgb run tf.image's ops after Keras's rank and dtype checks."""
import numpy as np
import pytest

import framework as tf
from framework import keras
from framework.errors import FailedPreconditionError

IMAGE = np.array([[[0.1, 0.52, 0.93], [0.44, 0.05, 0.71]], [[0.8, 0.3, 0.33], [0.61, 0.62, 0.2]]])
HSV = np.array([[0.3078862428665161, 0.6614207625389099, 0.9713044762611389], [0.17198799550533295, 0.8428109884262085, 0.7765668034553528], [0.13590691983699799, 0.051808349788188934, 0.20565243065357208]], np.float32)
ADJUST = {
    'brightness': lambda x: tf.image.adjust_brightness(x, 0.1),
    'contrast': lambda x: tf.image.adjust_contrast(x, 1.7),
    'gamma': lambda x: tf.image.adjust_gamma(x, 1.3, 0.9),
    'hue': lambda x: tf.image.adjust_hue(x, 0.2),
    'saturation': lambda x: tf.image.adjust_saturation(x, 1.5),
}
FLOAT64 = {
    'brightness': [[[0.20000000298023224, 0.6200000047683716, 1.0299999713897705], [0.5400000214576721, 0.15000000596046448, 0.8100000023841858]], [[0.9000000357627869, 0.4000000059604645, 0.4300000071525574], [0.7100000381469727, 0.7200000286102295, 0.30000001192092896]]],
    'contrast': [[[-0.17125004529953003, 0.6232500076293945, 1.2012500762939453], [0.40674999356269836, -0.1757500171661377, 0.8272499442100525]], [[1.0187499523162842, 0.24925002455711365, 0.18125000596046448], [0.6957499980926514, 0.7932500243186951, -0.03975003957748413]]],
    'gamma': [[[0.045106854289770126, 0.38463324308395386, 0.8189744353294373], [0.30955013632774353, 0.01831907592713833, 0.5766049027442932]], [[0.6733788847923279, 0.18814824521541595, 0.2129662036895752], [0.47333794832229614, 0.48345014452934265, 0.11106610298156738]]],
    'hue': [[[0.6760000586509705, 0.10000000149011612, 0.9300000071525574], [0.7099999785423279, 0.05000000074505806, 0.1880001723766327]], [[0.729999840259552, 0.800000011920929, 0.30000001192092896], [0.20000000298023224, 0.6200000047683716, 0.2939999997615814]]],
    'saturation': [[[0.0, 0.47060221433639526, 0.9300000071525574], [0.41954538226127625, 0.0, 0.7099999785423279]], [[0.800000011920929, 0.050000011920928955, 0.09499996900558472], [0.605238139629364, 0.6200000047683716, 0.0]]],
}
BFLOAT16 = {
    'brightness': [[[0.2001953125, 0.62109375, 1.03125], [0.5390625, 0.150390625, 0.8125]], [[0.90234375, 0.400390625, 0.4296875], [0.7109375, 0.72265625, 0.30078125]]],
    'contrast': [[[-0.1708984375, 0.62109375, 1.203125], [0.40625, -0.17578125, 0.828125]], [[1.0234375, 0.25, 0.181640625], [0.6953125, 0.79296875, -0.03955078125]]],
    'gamma': [[[0.045166015625, 0.384765625, 0.8203125], [0.30859375, 0.018310546875, 0.578125]], [[0.67578125, 0.1884765625, 0.212890625], [0.47265625, 0.484375, 0.111328125]]],
    'hue': [[[0.67578125, 0.10009765625, 0.9296875], [0.7109375, 0.050048828125, 0.189453125]], [[0.73046875, 0.80078125, 0.30078125], [0.2001953125, 0.62109375, 0.296875]]],
    'saturation': [[[0.0, 0.470703125, 0.9296875], [0.41796875, 0.0, 0.7109375]], [[0.80078125, 0.05078125, 0.0947265625], [0.60546875, 0.62109375, 0.0]]],
}


def test_rgb_to_hsv_hue_rounds_as_the_kernel():
    hsv = tf.image.rgb_to_hsv([[1.0, 0.5, 0.25], [0.25, 0.5, 1.0], [0.7, 0.3, 0.9]])
    np.testing.assert_array_equal(hsv.numpy(), np.array([[0.055555559694767, 0.75, 1.0], [0.6111111044883728, 0.75, 1.0], [0.7777777910232544, 0.6666666269302368, 0.8999999761581421]], np.float32))
    keras_hsv = keras.ops.image.rgb_to_hsv(np.array([[[1.0, 0.5, 0.25]]], np.float32))
    np.testing.assert_array_equal(keras_hsv.numpy(), np.array([[[0.055555559694767, 0.75, 1.0]]], np.float32))


def test_hsv_to_rgb_rounds_as_the_kernel():
    expected = np.array([[0.4269530475139618, 0.9713044762611389, 0.3288635313510895], [0.7556700110435486, 0.7765668034553528, 0.12206777185201645], [0.20565243065357208, 0.20368605852127075, 0.19499792158603668]], np.float32)
    np.testing.assert_array_equal(tf.image.hsv_to_rgb(HSV).numpy(), expected)
    np.testing.assert_array_equal(keras.ops.image.hsv_to_rgb(HSV[None]).numpy(), expected[None])
    half = keras.ops.image.hsv_to_rgb(HSV[None].astype(np.float16))
    assert half.dtype == tf.float16
    np.testing.assert_array_equal(half.numpy(), np.array([[[0.426513671875, 0.97119140625, 0.32861328125], [0.75537109375, 0.7763671875, 0.1220703125], [0.2056884765625, 0.2037353515625, 0.195068359375]]], np.float16))


@pytest.mark.parametrize('name', sorted(ADJUST))
def test_float64_images_are_adjusted_in_float32(name):
    out = ADJUST[name](IMAGE)
    assert out.dtype == tf.float64
    np.testing.assert_array_equal(out.numpy(), np.array(FLOAT64[name]))


@pytest.mark.parametrize('name', sorted(ADJUST))
def test_bfloat16_images_are_adjusted_in_float32(name):
    out = ADJUST[name](tf.constant(IMAGE, tf.bfloat16))
    assert out.dtype == tf.bfloat16
    np.testing.assert_array_equal(out.numpy().astype(np.float32), np.array(BFLOAT16[name], np.float32))


def test_bfloat16_images_convert_to_uint8():
    x = tf.constant(IMAGE, tf.bfloat16)
    np.testing.assert_array_equal(tf.image.convert_image_dtype(x, tf.uint8).numpy(), [[[25, 133, 238], [112, 12, 182]], [[205, 77, 84], [156, 159, 51]]])
    np.testing.assert_array_equal(tf.image.convert_image_dtype(x * 2, tf.uint8, saturate=True).numpy(), [[[51, 255, 255], [225, 25, 255]], [[255, 154, 169], [255, 255, 102]]])


def test_keras_hsv_checks_rank_and_dtype_then_the_kernel_checks_channels():
    with pytest.raises(FailedPreconditionError, match='input must have 3 channels but input only has 1 channels'):
        keras.ops.image.rgb_to_hsv(np.ones((2, 2, 1), np.float32))
    with pytest.raises(ValueError, match='Invalid images dtype: expected float dtype. Received: images.dtype=int32'):
        keras.ops.image.hsv_to_rgb(np.ones((2, 2, 3), np.int32))
    with pytest.raises(ValueError, match='Invalid images rank: expected rank 3'):
        keras.ops.image.hsv_to_rgb(np.ones((2, 3), np.float32))
