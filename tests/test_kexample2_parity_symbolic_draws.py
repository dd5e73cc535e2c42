"""keras.io's "Variational AutoEncoder" draws epsilon in a Sampling layer with
``keras.random.normal(seed=self.seed_generator)``. Keras 3 builds the functional encoder by
tracing that call in a graph that never runs, so the SeedGenerator stays at (1337, 0) and the
first training step draws (1337, 0)'s values. tapeflow's run on zeros advanced it to (1337, 1):
every epsilon was one draw late and the VAE's kl_loss differed from the first epoch (0.0092 vs
0.0076). The same holds for tf.random ops with the global seed, tf.random.Generator and the
unseeded keras.random stream; weights first made inside the trace are made eagerly in Keras, so
their initializer's SeedGenerator does advance.

Expected values: TensorFlow 2.21 / Keras 3.15 running the same program
(/work/notes/progs/kexamples2/g1_symbolic_draws.py).
"""
import numpy as np

import framework as tf
from framework import keras
from framework.keras import layers, ops


class Noisy(layers.Layer):
    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.gen = keras.random.SeedGenerator(11)

    def call(self, x):
        return x + keras.random.normal(ops.shape(x), seed=self.gen) + keras.random.uniform(ops.shape(x))


class LazyDense(layers.Layer):
    """A sublayer first built inside the symbolic call, its initializer seeded by a generator."""

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.gen = keras.random.SeedGenerator(5)
        self.inner = layers.Dense(2, kernel_initializer=keras.initializers.RandomNormal(seed=self.gen))

    def call(self, x):
        return self.inner(x)


class TfRandom(layers.Layer):
    def call(self, x):
        return x + tf.random.normal(tf.shape(x)) + tf.random.get_global_generator().normal(tf.shape(x))


def _build():
    keras.utils.set_random_seed(3)
    tf.random.get_global_generator().reset_from_seed(9)
    inputs = keras.Input((3,))
    noisy, lazy = Noisy(), LazyDense()
    model = keras.Model(inputs, TfRandom()(lazy(noisy(inputs))))
    return model, noisy, lazy


def test_functional_construction_moves_no_random_state():
    _, noisy, lazy = _build()
    assert noisy.gen.state.numpy().tolist() == [11, 0]
    assert lazy.gen.state.numpy().tolist() == [5, 1]        # the kernel's initializer drew, eagerly
    np.testing.assert_allclose(lazy.inner.kernel.numpy(), [[-0.1027689203619957, 0.05790938809514046],
                                                           [0.009580431506037712, -0.006488945335149765],
                                                           [0.04534235969185829, -0.03614981099963188]],
                               rtol=1e-6)
    np.testing.assert_allclose(keras.random.uniform((2,)).numpy(), [0.49793148040771484, 0.015926837921142578],
                               rtol=1e-6)
    np.testing.assert_allclose(tf.random.normal((2,)).numpy(), [-0.8296372294425964, -1.8266271352767944],
                               rtol=1e-6)
    np.testing.assert_allclose(tf.random.get_global_generator().normal((2,)).numpy(),
                               [-0.6039788722991943, -0.17669269442558289], rtol=1e-6)


def test_first_real_call_draws_the_generator_first_values():
    model, noisy, _ = _build()
    keras.random.uniform((2,))
    tf.random.normal((2,))
    tf.random.get_global_generator().normal((2,))
    np.testing.assert_allclose(model(np.ones((1, 3), 'float32')).numpy(),
                               [[1.2846680879592896, -0.6325950622558594]], rtol=1e-5)
    assert noisy.gen.state.numpy().tolist() == [11, 1]
