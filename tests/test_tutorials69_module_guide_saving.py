"""The "Introduction to modules, layers and models" guide's subclassed Keras model, whose FlexibleDense layers make
tf.Variables in build(): Keras 3's symbolic build run fails there, so the model keeps no build shapes, and
tf.saved_model.save finds no default signature (Keras's _default_save_signature property raises AttributeError,
which TF's getattr(..., None) reads as none). A model of Keras Dense layers still gets 'serving_default'.

Goldens: TF 2.21 printed them for /work/notes/progs/tutorials69/mod2.py and mod3.py ("_UserObject []", then
KeyError 'serving_default'; the Dense model's signature on TensorSpec(shape=(1, 3))).
"""
import pytest

import framework as tf
from framework import keras


class FlexibleDense(keras.layers.Layer):
    def __init__(self, out_features, **kwargs):
        super().__init__(**kwargs)
        self.out_features = out_features

    def build(self, input_shape):
        self.w = tf.Variable(tf.random.normal([input_shape[-1], self.out_features]), name='w')
        self.b = tf.Variable(tf.zeros([self.out_features]), name='b')

    def call(self, inputs):
        return tf.matmul(inputs, self.w) + self.b


class GuideModel(keras.Model):
    def __init__(self, keras_dense=False, **kwargs):
        super().__init__(**kwargs)
        self.dense_1 = keras.layers.Dense(3) if keras_dense else FlexibleDense(out_features=3)
        self.dense_2 = keras.layers.Dense(2) if keras_dense else FlexibleDense(out_features=2)

    def call(self, x):
        return self.dense_2(self.dense_1(x))


def test_model_of_tf_variable_layers_saves_without_signature(tmp_path):
    model = GuideModel()
    assert model(tf.constant([[2.0, 2.0, 2.0]])).shape == (1, 2)
    assert model.get_build_config() is None
    tf.saved_model.save(model, str(tmp_path / 'sm'))
    loaded = tf.saved_model.load(str(tmp_path / 'sm'))
    assert type(loaded).__name__ == '_UserObject'
    assert list(loaded.signatures.keys()) == []
    with pytest.raises(KeyError, match='serving_default'):
        loaded.signatures['serving_default']


def test_model_of_keras_dense_layers_keeps_serving_default(tmp_path):
    model = GuideModel(keras_dense=True)
    model(tf.constant([[2.0, 2.0, 2.0]]))
    assert model.get_build_config() == {'input_shape': (1, 3)}
    tf.saved_model.save(model, str(tmp_path / 'sm'))
    loaded = tf.saved_model.load(str(tmp_path / 'sm'))
    assert list(loaded.signatures.keys()) == ['serving_default']
    text = str(loaded.signatures['serving_default'])
    assert "inputs (KEYWORD_ONLY): TensorSpec(shape=(1, 3), dtype=tf.float32, name='inputs')" in text
    out = loaded.signatures['serving_default'](inputs=tf.constant([[1.0, 2.0, 3.0]]))
    assert list(out) == ['output_0'] and out['output_0'].shape == (1, 2)


def test_fit_built_model_captures_its_attribute_variables(tmp_path):
    # (TF 2.21, bfit2.py: fit's symbolic build gives the model a build shape (None, 3), and the signature's
    # graph captures a resource handle per tf.Variable its layers' calls read, 4 here; Keras lists none)
    import numpy as np
    model = GuideModel()
    model.compile(optimizer='sgd', loss='mse')
    with pytest.warns(UserWarning, match='does not have any trainable weights'):
        model.fit(np.ones((4, 3), 'float32'), np.ones((4, 2), 'float32'), epochs=1, verbose=0)
    assert model.get_build_config() == {'input_shape': (None, 3)} and model.variables == []
    tf.saved_model.save(model, str(tmp_path / 'sm'))
    serving = tf.saved_model.load(str(tmp_path / 'sm')).signatures['serving_default']
    text = str(serving).splitlines()
    assert text[:5] == ['ConcreteFunction Input Parameters:',
                        "  inputs (KEYWORD_ONLY): TensorSpec(shape=(None, 3), dtype=tf.float32, name='inputs')",
                        'Output Type:',
                        "  Dict[['output_0', TensorSpec(shape=(None, 2), dtype=tf.float32, name='output_0')]]",
                        'Captures:']
    assert len(text) == 9 and all(line.endswith(': TensorSpec(shape=(), dtype=tf.resource, name=None)')
                                  for line in text[5:])
    x = tf.constant([[1.0, 2.0, 3.0]])
    assert np.array_equal(serving(inputs=x)['output_0'].numpy(), model(x).numpy())
