"""A subclassed model whose call takes its inputs as one (wide, deep) pair loads and clones built.

Hands-On ML ch. 10's WideAndDeepModel unpacks ``input_wide, input_deep = inputs``. Its .keras file
holds ``build_config = {'input_shape': [[2, 2], [2, 3]]}``; Keras 3 builds the loaded model by
running call on KerasTensors of that structure. tapeflow ran call on zeros of one shape only, so
load_model and clone_model raised TypeError "'list' object cannot be interpreted as an integer".
Keras records the build shapes in the structure of the call's argument: a tuple of inputs gives a
tuple of shapes (tapeflow gave a list).

Goldens: /work/notes/progs/handson5/t_structured.py run with TF 2.21.
"""
import numpy as np

import framework as tf


class WideAndDeep(tf.keras.Model):
    def __init__(self, units=3, **kwargs):
        super().__init__(**kwargs)
        self.units = units
        self.hidden = tf.keras.layers.Dense(units, activation="relu", name="hidden")
        self.main_output = tf.keras.layers.Dense(1, name="main_output")

    def call(self, inputs):
        input_wide, input_deep = inputs
        return self.main_output(tf.keras.layers.concatenate([input_wide, self.hidden(input_deep)]))

    def get_config(self):
        return {**super().get_config(), "units": self.units}


XW = np.array([[1., -2.], [0.5, 3.]], "float32")
XD = np.array([[1., 0., 2.], [-1., 4., 0.5]], "float32")
WEIGHTS = [np.arange(9, dtype="float32").reshape(3, 3) / 10 - 0.3, np.array([0.1, -0.2, 0.3], "float32"),
           np.array([[0.5], [-0.25], [1.], [0.75], [-0.5]], "float32"), np.array([0.2], "float32")]
TF_PREDICTION = [1.2999999523162842, -0.02500002086162567]


def _model(name):
    model = WideAndDeep(3, name=name)
    model((XW, XD))
    model.set_weights(WEIGHTS)
    return model


def test_the_build_shapes_keep_the_structure_of_the_inputs():
    assert _model("wd_tuple").get_build_config() == {'input_shape': ((2, 2), (2, 3))}
    listed = WideAndDeep(3, name="wd_list")
    listed([XW, XD])
    assert listed.get_build_config() == {'input_shape': [(2, 2), (2, 3)]}


def test_load_model_builds_a_model_of_two_inputs(tmp_path):
    model = _model("wd_saved")
    assert model.predict((XW, XD), verbose=0).ravel().tolist() == TF_PREDICTION
    path = str(tmp_path / "wide_and_deep.keras")
    model.save(path)
    loaded = tf.keras.models.load_model(path, custom_objects={"WideAndDeep": WideAndDeep})
    assert loaded.built
    assert loaded.get_build_config() == {'input_shape': [[2, 2], [2, 3]]}
    assert [w.path for w in loaded.weights] == ['hidden/kernel', 'hidden/bias', 'main_output/kernel',
                                                'main_output/bias']
    assert loaded.predict((XW, XD), verbose=0).ravel().tolist() == TF_PREDICTION


def test_clone_model_builds_a_model_of_two_inputs():
    clone = tf.keras.models.clone_model(_model("wd_cloned"))
    assert clone.built
    assert [tuple(w.shape) for w in clone.weights] == [(3, 3), (3,), (5, 1), (1,)]


class DictInputs(tf.keras.Model):
    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.hidden = tf.keras.layers.Dense(2, name="hidden")
        self.out = tf.keras.layers.Dense(1, name="out")

    def call(self, inputs):
        return self.out(tf.keras.layers.concatenate([inputs["wide"], self.hidden(inputs["deep"])]))


XW3 = np.array([[1., -2.], [0.5, 3.], [1., 1.]], "float32")
XD3 = np.array([[1., 0., 2.], [-1., 4., 0.5], [0., 1., 0.]], "float32")


def test_load_model_builds_a_model_called_on_a_dict(tmp_path):
    model = DictInputs(name="dict_inputs")
    expected = model({"wide": XW3, "deep": XD3}).numpy()
    assert model.get_build_config() == {'input_shape': {'wide': (3, 2), 'deep': (3, 3)}}
    path = str(tmp_path / "dict_inputs.keras")
    model.save(path)
    loaded = tf.keras.models.load_model(path, custom_objects={"DictInputs": DictInputs})
    assert loaded.built
    assert loaded.get_build_config() == {'input_shape': {'wide': [3, 2], 'deep': [3, 3]}}
    assert [w.path for w in loaded.weights] == ['hidden/kernel', 'hidden/bias', 'out/kernel', 'out/bias']
    np.testing.assert_array_equal(loaded({"wide": XW3, "deep": XD3}).numpy(), expected)
    assert len(tf.keras.models.clone_model(model).weights) == 4


def test_fit_on_batches_of_varying_length_builds_for_any_batch():
    # 9 samples in batches of 4: Keras traces the step on a None batch, and the model records it
    pair = WideAndDeep(2, name="wd_fit")
    pair.compile(loss="mse", optimizer="sgd")
    pair.fit((np.tile(XW3, (3, 1)), np.tile(XD3, (3, 1))), np.ones((9, 1), "float32"), batch_size=4, verbose=0)
    assert pair.get_build_config() == {'input_shape': ((None, 2), (None, 3))}
    assert pair.hidden.get_build_config() == {'input_shape': (None, 3)}
    keyed = DictInputs(name="dict_fit")
    keyed.compile(loss="mse", optimizer="sgd")
    keyed.fit({"wide": np.tile(XW3, (3, 1)), "deep": np.tile(XD3, (3, 1))}, np.ones((9, 1), "float32"),
              batch_size=4, verbose=0)
    assert keyed.get_build_config() == {'input_shape': {'wide': (None, 2), 'deep': (None, 3)}}
