"""A custom layer called on a dict of inputs inside a functional model reloads with its dict of shapes.

Keras 3 records such a layer's build shape as {'input_shape': {'a': [None, 2], 'b': [None, 3]}} and
load_model passes that dict to ``build``. tapeflow passed ``tuple(dict)``, the keys ('a', 'b'): a
layer whose build reads ``input_shape["b"]`` failed with "tuple indices must be integers or slices,
not str", and one without a build recorded ('a', 'b') as its build shape.

Goldens: /work/notes/progs/handson5/t_dictlayer.py run with TF 2.21.
"""
import numpy as np

import framework as tf


class Merge(tf.keras.layers.Layer):
    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.d = tf.keras.layers.Dense(2, name="inner")

    def call(self, inputs):
        return tf.concat([inputs["a"], self.d(inputs["b"])], axis=-1)


class MergeBuilt(Merge):
    def build(self, input_shape):
        self.seen = input_shape
        self.d.build(input_shape["b"])


X = {"a": np.array([[1., 2.]], "float32"), "b": np.array([[0.5, -1., 3.]], "float32")}


def _reloaded(cls, tmp_path):
    a = tf.keras.layers.Input(shape=[2], name="a")
    b = tf.keras.layers.Input(shape=[3], name="b")
    model = tf.keras.Model({"a": a, "b": b}, cls(name="merge")({"a": a, "b": b}))
    assert model.layers[-1].get_build_config() == {'input_shape': {'a': (None, 2), 'b': (None, 3)}}
    path = str(tmp_path / "dict_layer.keras")
    model.save(path)
    loaded = tf.keras.models.load_model(path, custom_objects={"Merge": Merge, "MergeBuilt": MergeBuilt})
    np.testing.assert_array_equal(loaded(X).numpy(), model(X).numpy())
    return loaded


def test_a_layer_with_its_own_build_gets_the_dict(tmp_path):
    loaded = _reloaded(MergeBuilt, tmp_path)
    assert loaded.layers[-1].seen == {'a': [None, 2], 'b': [None, 3]}
    assert loaded.layers[-1].get_build_config() == {'input_shape': {'a': [None, 2], 'b': [None, 3]}}
    assert [w.path for w in loaded.weights] == ['merge/inner/kernel', 'merge/inner/bias']


def test_a_layer_without_build_records_the_dict(tmp_path):
    loaded = _reloaded(Merge, tmp_path)
    assert loaded.layers[-1].get_build_config() == {'input_shape': {'a': [None, 2], 'b': [None, 3]}}
    assert [w.path for w in loaded.weights] == ['merge/inner/kernel', 'merge/inner/bias']


def test_build_from_config_by_hand_passes_the_dict():
    # Keras 3's Layer.build_from_config calls build(config['input_shape']) as it is
    layer = MergeBuilt(name="by_hand")
    layer.build_from_config({'input_shape': {'a': [None, 2], 'b': [None, 3]}})
    assert layer.built and layer.seen == {'a': [None, 2], 'b': [None, 3]}
    assert layer.d.kernel.shape == (3, 2)
