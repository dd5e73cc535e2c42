"""Two ways of writing a custom layer, as Keras 3 (TF 2.21) takes them (notes/progs/me27/nosuper.py):
``def build(self):`` with no shape parameter is called with none (tapeflow passed the shape: TypeError
'B.build() takes 1 positional argument but 2 were given'), and ``add_weight`` before
``super().__init__()`` is Keras's RuntimeError (tapeflow: AttributeError "no attribute '_dtype'")."""
import numpy as np
import pytest

import framework as tf

FORGOT = ("In layer '%s', you forgot to call `super().__init__()` as the first statement in the `__init__()` "
          "method. Go add it!")


def test_a_build_without_a_shape_parameter_is_called_with_none():
    class B(tf.keras.layers.Layer):
        def build(self):
            self.w = self.add_weight(shape=(2,), initializer='ones')

        def call(self, x):
            return x * self.w

    layer = B()
    assert layer(tf.ones((1, 2))).numpy().tolist() == [[1.0, 1.0]]
    assert layer.built and [w.shape for w in layer.weights] == [(2,)]
    assert layer.get_build_config() == {'shapes_dict': {}}


def test_a_build_taking_keywords_only_is_called_with_none():
    class K(tf.keras.layers.Layer):
        def build(self, **kwargs):
            self.seen = kwargs

        def call(self, x):
            return x

    layer = K()
    layer(np.ones((1, 3), 'float32'))
    assert layer.seen == {}


def test_add_weight_before_super_init_says_so():
    class L(tf.keras.layers.Layer):
        def __init__(self):
            self.w = self.add_weight(shape=(2,), initializer='ones')
            super().__init__()

    with pytest.raises(RuntimeError) as caught:
        L()
    assert str(caught.value) == FORGOT % 'L'


def test_calling_a_layer_whose_init_skipped_super_says_so():
    class M(tf.keras.layers.Layer):
        def __init__(self):
            self.units = 2

        def call(self, x):
            return x * 2

    with pytest.raises(RuntimeError) as caught:
        M()(tf.ones((1, 2)))
    assert str(caught.value) == FORGOT % 'M'


@tf.keras.utils.register_keras_serializable(package='test_build_without_shape')
class NoShapeScale(tf.keras.layers.Layer):
    def build(self):
        self.w = self.add_weight(shape=(2,), initializer='ones')

    def call(self, x):
        return x * self.w


def test_a_build_without_a_shape_in_a_sequential_with_an_input_saves_and_loads(tmp_path):
    # TF 2.21 (notes/progs/me27/bseq.py): {'shapes_dict': {}} before and after the round trip
    model = tf.keras.Sequential([tf.keras.Input((2,)), NoShapeScale()])
    assert model.layers[0].get_build_config() == {'shapes_dict': {}}
    model.save(str(tmp_path / 'm.keras'))
    loaded = tf.keras.models.load_model(str(tmp_path / 'm.keras'))
    assert loaded(np.ones((1, 2), 'float32')).numpy().tolist() == [[1.0, 1.0]]
    assert loaded.layers[0].get_build_config() == {'shapes_dict': {}}
