"""keras.ops / tf.nn average pooling and keras.ops 3-D pools, against TF 2.21 / Keras 3.15.

1. A one-channel image (MNIST-like) averaged in 2x2 or 3x3 windows: TF's AvgPool adds a window's taps one
   by one in row-major order. tapeflow's numpy sum over the window axes did so only while the channels
   were the inner loop; with one channel it added each window row apart, (a + b) + (c + d), and 16 of 72
   values of a 2x2 pool of a (2, 12, 12, 1) batch were a last bit off (float32, float64 and float16).
2. keras.ops.max_pool / average_pool of a (batch, depth, height, width, channels) volume: Keras hands it
   to tf.nn's 3-D pools; tapeflow refused it ('supports 1-D and 2-D inputs').

Goldens: /work/notes/progs/kerasops/g_ap.py run with TF 2.21 (float.hex of each value).
"""
import numpy as np

import framework as tf

keras = tf.keras


def _hex(t):
    return [float(v).hex() for v in np.asarray(t).ravel()]


def _squares():
    return (np.arange(36, dtype='float32').reshape(1, 6, 6, 1) / 7) ** 2


def test_one_channel_2x2_average_pooling_adds_taps_in_row_major_order():
    assert _hex(keras.layers.AveragePooling2D(2)(_squares())) == [
        '0x1.c14e5e0000000p-2', '0x1.9cbc140000000p-1', '0x1.56343e0000000p+0', '0x1.45e0a60000000p+2',
        '0x1.9c14e60000000p+2', '0x1.fcbc160000000p+2', '0x1.f3eb180000000p+3', '0x1.1f2f060000000p+4',
        '0x1.47053a0000000p+4']


def test_one_channel_3x3_same_avg_pool2d():
    out = _hex(tf.nn.avg_pool2d(_squares(), 3, 1, 'SAME'))
    assert out[:12] == [
        '0x1.c14e5e0000000p-2', '0x1.0c30c40000000p-1', '0x1.6a3b360000000p-1', '0x1.dd2b8a0000000p-1',
        '0x1.3280de0000000p+0', '0x1.56343e0000000p+0', '0x1.5b6db60000000p+0', '0x1.80dee80000000p+0',
        '0x1.cf3cf20000000p+0', '0x1.1406f80000000p+1', '0x1.45a8ec0000000p+1', '0x1.5f58d00000000p+1']
    assert out[-6:] == ['0x1.f3eb180000000p+3', '0x1.03280e0000000p+4', '0x1.15c4ca0000000p+4',
                        '0x1.2908b40000000p+4', '0x1.3cf3ce0000000p+4', '0x1.47053a0000000p+4']


def test_one_channel_float64_average_pool_of_2x3_windows():
    squares = (np.arange(36, dtype='float64').reshape(1, 6, 6, 1) / 7) ** 2
    assert _hex(keras.ops.average_pool(squares, (2, 3))) == [
        '0x1.0c30c30c30c30p-1', '0x1.3280dee95c4cap+0', '0x1.5afe422d4766cp+2', '0x1.e422d4766bf8fp+2',
        '0x1.03280dee95c4dp+4', '0x1.3cf3cf3cf3cf4p+4']


def _volume():
    return np.arange(60, dtype='float32').reshape(1, 3, 4, 5, 1) / 7


def test_keras_ops_max_pool_of_a_volume():
    out = keras.ops.max_pool(_volume(), 2)
    assert tuple(out.shape) == (1, 1, 2, 2, 1)
    np.testing.assert_array_equal(out.numpy().ravel(),
                                  np.array([3.7142856121063232, 4.0, 5.142857074737549, 5.4285712242126465],
                                           'float32'))


def test_keras_ops_average_pool_of_a_volume_same_padding():
    out = keras.ops.average_pool(_volume(), (2, 3, 2), strides=1, padding='same')
    assert tuple(out.shape) == (1, 3, 4, 5, 1)
    assert _hex(out)[:12] == [
        '0x1.db6db80000000p+0', '0x1.0000000000000p+1', '0x1.1249240000000p+1', '0x1.24924a0000000p+1',
        '0x1.2db6dc0000000p+1', '0x1.1b6db60000000p+1', '0x1.2db6da0000000p+1', '0x1.4000000000000p+1',
        '0x1.5249260000000p+1', '0x1.5b6db80000000p+1', '0x1.76db6e0000000p+1', '0x1.8924920000000p+1']


def test_keras_ops_average_pool_of_a_channels_first_volume():
    w = _volume().transpose(0, 4, 1, 2, 3) * np.ones((1, 2, 1, 1, 1), 'float32')
    out = keras.ops.average_pool(w, 2, data_format='channels_first')
    assert tuple(out.shape) == (1, 2, 1, 2, 2)
    np.testing.assert_array_equal(out.numpy().ravel(), np.array(
        [1.8571429252624512, 2.142857074737549, 3.2857141494750977, 3.5714285373687744] * 2, 'float32'))
