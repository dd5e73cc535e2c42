"""Nadam's u_product variable as Keras 3 makes it: backend.Variable(1.0), so trainable (TF 2.21
prints True for `o.variables[-1].trainable`), though no tape watches it."""
import numpy as np

import framework as tf
from framework import keras


def test_u_product_is_trainable_and_unwatched():
    o = keras.optimizers.Nadam()
    v = tf.Variable([1.0])
    o.build([v])
    u_product = o.variables[-1]
    assert u_product.trainable is True
    with tf.GradientTape() as tape:
        y = u_product * 2.0
    assert tape.gradient(y, u_product) is None          # not watched on read
    o.apply_gradients([(tf.constant([0.5]), v)])
    np.testing.assert_allclose(u_product.numpy(), 0.9 * (1 - 0.5 * 0.96), rtol=1e-6)
