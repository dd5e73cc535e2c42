"""A trace writes the global seed into its random ops (TF 2.21): a later tf.random.set_seed restarts the
trace's kernels but keeps their seeds, so a tf.function or Keras predict traced under seed 1 draws seed 1's
values after set_seed(2) too (progs/predicteager/p15_reseed.py, p16_reseed_fn.py; tapeflow took seed 2's)."""
import numpy as np

import framework as tf
from framework import keras


def test_a_function_keeps_the_global_seed_of_its_trace():
    @tf.function
    def noisy(x):
        return x + tf.random.uniform(tf.shape(x))

    tf.random.set_seed(1)
    np.testing.assert_allclose(noisy(tf.zeros((2,))), [0.8127, 0.0786], atol=1e-4)
    tf.random.set_seed(2)
    np.testing.assert_allclose(noisy(tf.zeros((2,))), [0.8127, 0.0786], atol=1e-4)


def test_predict_keeps_the_global_seed_of_its_trace():
    class Noise(keras.layers.Layer):
        def call(self, x):
            return x + tf.random.uniform(tf.shape(x)) + tf.random.normal(tf.shape(x), seed=9)

    keras.utils.set_random_seed(1)
    model = keras.Sequential([keras.layers.Input((2,)), Noise()])
    want = [[0.4651, -1.4129], [-0.7052, 1.0624]]
    np.testing.assert_allclose(model.predict(np.zeros((2, 2)), verbose=0), want, atol=1e-4)
    tf.random.set_seed(2)
    np.testing.assert_allclose(model.predict(np.zeros((2, 2)), verbose=0), want, atol=1e-4)
