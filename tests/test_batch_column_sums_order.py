"""Sums over a batch's rows (reduce_sum / reduce_mean over axis 0 of (N, C), the gradient of a
broadcast ``x + b``, a BatchNormalization after a Dense layer) add in TensorFlow's order at every
size (framework/eigen_outer_sum.py), not only from 4096 values. The bias of a Dense layer feeding a
BatchNormalization has a gradient of pure rounding noise, which Adam turns into full steps: with
numpy's order a Dense + BN fit left TF's trajectory in its first epoch.

Golden bits: TF 2.21 + Keras 3 (x86-64) running the same code; numpy's order differs in 7 of the
8 column sums below."""
import numpy as np
import pytest

import framework as tf
from framework import keras

COLUMN_SUMS = [1087505094, 1067634130, 1068370440, 3231867899, 3188697076, 3226926610, 1062324446, 1079398440]


def _data():
    return np.random.RandomState(7).randn(16, 8).astype(np.float32)


def test_column_sums_and_means_of_a_small_batch():
    a = _data()
    assert tf.reduce_sum(a, 0).numpy().view(np.uint32).tolist() == COLUMN_SUMS
    assert tf.reduce_mean(a, 0).numpy().view(np.uint32).tolist() == [
        1053950662, 1034079698, 1034816008, 3198313467, 3155142644, 3193372178, 1028770014, 1045844008]


def test_broadcast_bias_gradient_sums_the_batch_in_tensorflows_order():
    a = _data()
    b = tf.Variable(np.zeros(8, np.float32))
    with tf.GradientTape() as tape:
        y = tf.reduce_sum((a + b) * a)
    assert tape.gradient(y, b).numpy().view(np.uint32).tolist() == COLUMN_SUMS


@pytest.mark.avx512_bits
def test_dense_batchnorm_adam_fit_keeps_tensorflows_trajectory():
    rng = np.random.RandomState(7)
    rng.randn(16, 8)            # (the draws of _data, as the golden program made them)
    keras.utils.set_random_seed(4)
    try:
        x = rng.rand(72, 5).astype('float32')
        y = (x.sum(1) / 5).astype('float32')[:, None]
        model = keras.Sequential([keras.Input((5,)), keras.layers.Dense(8), keras.layers.BatchNormalization(),
                                  keras.layers.Activation('relu'), keras.layers.Dense(1)])
        model.compile(optimizer='adam', loss='huber')
        model.fit(x, y, batch_size=16, epochs=1, verbose=0, shuffle=False)
    finally:
        tf.random.set_seed(None)
    bn = model.layers[1]
    assert bn.moving_mean.numpy().view(np.uint32).tolist() == [
        1005742879, 1021843500, 3167552839, 1018334401, 1002844534, 1014700786, 3156443546, 1015551004]
    assert bn.moving_variance.numpy().view(np.uint32).tolist() == [
        1064593213, 1064644679, 1064558147, 1064577517, 1064552222, 1064551793, 1064599997, 1064576906]
    # the Dense bias before BN: Adam's steps on rounding-noise gradients
    assert model.layers[0].bias.numpy().view(np.uint32).tolist() == [
        3075147466, 3091818225, 925617294, 3012351049, 3051622417, 3099957894, 941652816, 917369504]
