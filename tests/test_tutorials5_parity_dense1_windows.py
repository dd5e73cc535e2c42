"""Dense(1) on (batch, time, features) windows (the time-series tutorial's linear and dense models):
Keras 3 adds the bias with ops.add, whose gradient reduce_sums the (batch, time, 1) gradient over its
size-1-stripped shape as one tensor (Eigen's order), not row after row. The expected float32 bits were
printed by TensorFlow 2.21 for the same tape (tf.GradientTape over keras.layers.Dense(1))."""
import numpy as np
import pytest

import framework as tf
from framework import keras


@pytest.mark.parametrize('seed, bits', [(1, 1072128440), (2, 1060401036), (3, 1073894693), (4, 1086487139)])
def test_bias_gradient_of_a_dense1_on_windows(seed, bits):
    rng = np.random.RandomState(seed)
    x = rng.normal(size=(8, 4, 3)).astype('float32')
    w = rng.normal(size=(8, 4, 1)).astype('float32')
    layer = keras.layers.Dense(1)
    layer.build((None, 4, 3))
    with tf.GradientTape() as tape:
        loss = tf.reduce_sum(layer(x) * w)
    grad = tape.gradient(loss, layer.bias).numpy()
    assert grad.view(np.int32).tolist() == [bits]
    # the same sum as a plain reduce_sum of the column (what TF's AddV2 gradient computes)
    assert grad[0] == tf.reduce_sum(w).numpy()


def test_numpy_units_refused_in_keras_words():
    # the autoencoder tutorial's Dense(tf.math.reduce_prod(shape).numpy()): TF 2.21 prints this text
    with pytest.raises(ValueError) as info:
        keras.layers.Dense(np.int32(784))
    assert str(info.value) == ('Received an invalid value for `units`, expected a positive integer. '
                               'Received: units=784')
    assert any('int(units)' in note for note in info.value.__notes__)
