"""tf.config.run_functions_eagerly(True) runs Keras 3's step tf.functions as Python (TF 2.21): in predict,
evaluate and predict_on_batch a layer's call sees tf.executing_eagerly() True and its random ops draw from
the eager stream, as with run_eagerly=True (progs/predicteager/p8_rfe.py; tapeflow kept graph semantics)."""
import numpy as np

import framework as tf
from framework import keras


class Noise(keras.layers.Layer):
    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.modes = []

    def call(self, x):
        self.modes.append((tf.executing_eagerly(), tf.inside_function()))
        return x + tf.random.uniform(tf.shape(x))


def test_keras_steps_run_eagerly_under_run_functions_eagerly():
    tf.config.run_functions_eagerly(True)
    try:
        keras.utils.set_random_seed(1)
        noise = Noise()
        model = keras.Sequential([keras.layers.Input((2,)), noise])
        got = model.predict(np.zeros((3, 2)), batch_size=2, verbose=0)
        np.testing.assert_allclose(got, [[0.1651, 0.9015], [0.631, 0.4345], [0.5101, 0.4435]], atol=1e-4)
        model.compile(loss='mse')
        assert abs(model.evaluate(np.zeros((3, 2)), np.zeros((3, 2)), verbose=0) - 0.30793890357017517) < 1e-6
        np.testing.assert_allclose(model.predict_on_batch(np.zeros((1, 2))), [[0.2365, 0.2388]], atol=1e-4)
        np.testing.assert_allclose(tf.random.uniform((2,)), [0.7348, 0.1422], atol=1e-4)
        assert set(noise.modes[1:]) == {(True, False)}
    finally:
        tf.config.run_functions_eagerly(False)
