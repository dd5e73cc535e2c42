"""Float32 sums over leading axes add in TensorFlow's order (framework/eigen_outer_sum.py).

keras.io's "Timeseries classification from scratch" puts BatchNormalization after Conv1D layers
with biases: the bias gradient is then rounding noise that Adam scales up to full steps, so the
last bits of BatchNormalization's moments and of bias gradients decide the validation loss
(0.695845 here against TF's 0.695863 after one epoch before this change; 0.695862 after it).
Every expected value below was printed by TensorFlow 2.21 for the same numpy inputs
(np.random.RandomState(0), drawn in this order); numpy's own order gives other last bits.
"""
import numpy as np

import framework as tf

RNG = np.random.RandomState(0)
ROWS_512 = RNG.normal(0, 1, (512, 16)).astype(np.float32)
STEPS = RNG.normal(0, 1, (32, 50, 16)).astype(np.float32)
BATCH_256 = RNG.normal(0, 1, (256, 20)).astype(np.float32)
MIDDLE = RNG.normal(0, 1, (3, 2000, 8)).astype(np.float32)


def exactly(values, expected):
    np.testing.assert_array_equal(np.asarray(values), np.array(expected, np.float32))


def test_reduce_sum_over_the_batch_axis():
    exactly(tf.reduce_sum(ROWS_512, axis=0),
            [-12.380859375, 13.31944751739502, -45.178348541259766, 14.620536804199219, -36.48601531982422,
             8.352378845214844, -18.461637496948242, -10.972183227539062, 13.242805480957031,
             -3.5746850967407227, 41.4192008972168, 30.065574645996094, -18.13035774230957,
             -44.28011703491211, -7.404191970825195, -52.71044158935547])


def test_moments_over_batch_and_steps_as_batch_normalization_takes_them():
    mean, variance = tf.nn.moments(tf.constant(STEPS), axes=[0, 1])
    exactly(mean[:8], [-0.007968110032379627, 0.012518500909209251, 0.025677373632788658, 0.014423863962292671,
                       -0.02610175311565399, 0.005901313852518797, 0.0007715880637988448, 0.018921373412013054])
    exactly(variance[:8], [0.9878048896789551, 1.0286858081817627, 1.0362153053283691, 0.9438154697418213,
                           1.041886806488037, 0.9614277482032776, 0.9847294092178345, 0.9781153798103333])


def test_a_broadcast_bias_gradient_sums_the_batch_in_tensorflows_order():
    bias = tf.Variable(np.zeros(20, np.float32))
    with tf.GradientTape() as tape:
        y = tf.reduce_sum((BATCH_256 + bias) * BATCH_256)
    # 16 columns in two whole packets, then 4 added row by row
    exactly(tape.gradient(y, bias),
            [-1.9802377223968506, -13.827330589294434, -23.93280029296875, 24.965232849121094,
             -0.16098284721374512, 11.196853637695312, -13.66539192199707, 12.051616668701172,
             -10.53603744506836, 1.6519594192504883, -1.5900940895080566, -9.700298309326172,
             11.29149341583252, 5.090335845947266, -18.20460319519043, -2.254387378692627,
             -26.104541778564453, 16.06549835205078, 0.89701247215271, 8.520102500915527])


def test_a_middle_axis_sums_per_outer_row():
    exactly(tf.reduce_sum(MIDDLE, axis=1)[0],
            [-33.755393981933594, 9.484646797180176, 34.571311950683594, 52.41483688354492,
             -53.4129524230957, -7.12631368637085, -24.66667366027832, 12.918058395385742])


def test_keepdims_and_other_dtypes_keep_their_shapes_and_values():
    kept = tf.reduce_mean(STEPS, axis=[0, 1], keepdims=True)
    assert kept.shape == (1, 1, 16)
    exactly(kept[0, 0], tf.reduce_mean(STEPS, axis=[0, 1]))
    doubles = STEPS.astype(np.float64)
    np.testing.assert_array_equal(tf.reduce_sum(doubles, axis=0).numpy(), doubles.sum(axis=0))
