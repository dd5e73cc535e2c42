"""A layer opens its scope at the path where it was built, as Keras 3's name scope does from the
layer's ``_parent_path``. A custom layer without a build of its own, loaded in a Sequential, is built
at load outside the model, so the Dense its call makes sits at 'nc/dense_2' (TF 2.21), not under the
model's name; so do the optimizer's slots. Goldens: notes/progs/handson5/t_paths.py under TF 2.21."""
import numpy as np

import framework as tf


class NoBuild(tf.keras.layers.Layer):
    def __init__(self, units, **kwargs):
        super().__init__(**kwargs)
        self.units = units
        self.d = tf.keras.layers.Dense(units)

    def call(self, x):
        return self.d(x)

    def get_config(self):
        return {**super().get_config(), "units": self.units}


class WithBuild(NoBuild):
    def build(self, input_shape):
        self.d.build(input_shape)


CUSTOM = {"NoBuild": NoBuild, "WithBuild": WithBuild}


def test_a_reloaded_sequential_roots_lazily_built_weights_at_the_layer(tmp_path):
    tf.keras.backend.clear_session()
    model = tf.keras.Sequential([tf.keras.layers.Input(shape=[4]), NoBuild(2, name="nc"), WithBuild(3, name="wb")],
                                name="seq")
    assert [w.path for w in model.weights] == ['seq/nc/dense/kernel', 'seq/nc/dense/bias',
                                                'seq/wb/dense_1/kernel', 'seq/wb/dense_1/bias']
    model.save(str(tmp_path / "m.keras"))
    loaded = tf.keras.models.load_model(str(tmp_path / "m.keras"), custom_objects=CUSTOM)
    assert [w.path for w in loaded.weights] == ['nc/dense_2/kernel', 'nc/dense_2/bias',
                                                 'wb/dense_3/kernel', 'wb/dense_3/bias']
    loaded.compile(optimizer="adam", loss="mse")
    loaded.fit(np.ones((4, 4)), np.ones((4, 3)), verbose=0)
    assert [v.path for v in loaded.optimizer.variables][2:4] == ['adam/nc_dense_2_kernel_momentum',
                                                                  'adam/nc_dense_2_kernel_velocity']


def test_a_sequential_built_by_a_call_reloads_with_the_layer_at_the_top(tmp_path):
    tf.keras.backend.clear_session()
    model = tf.keras.Sequential([NoBuild(2, name="nc3")], name="seq2")
    model(np.ones((1, 4), "float32"))
    assert [w.path for w in model.weights] == ['seq2/nc3/dense/kernel', 'seq2/nc3/dense/bias']
    model.save(str(tmp_path / "m3.keras"))
    loaded = tf.keras.models.load_model(str(tmp_path / "m3.keras"), custom_objects=CUSTOM)
    assert [w.path for w in loaded.weights] == ['nc3/dense_1/kernel', 'nc3/dense_1/bias']
    np.testing.assert_array_equal(loaded(np.ones((1, 4), "float32")).numpy(), model(np.ones((1, 4), "float32")).numpy())


def test_a_functional_model_keeps_its_paths(tmp_path):
    tf.keras.backend.clear_session()
    inp = tf.keras.layers.Input(shape=[4])
    model = tf.keras.Model(inp, WithBuild(3, name="wb2")(NoBuild(2, name="nc2")(inp)), name="func")
    assert [w.path for w in model.weights] == ['nc2/dense_1/kernel', 'nc2/dense_1/bias',
                                                'wb2/dense/kernel', 'wb2/dense/bias']
