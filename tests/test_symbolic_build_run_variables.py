"""A subclassed model built by running its call (its sublayer unbuilt), where the sublayer's build makes
tf.Variable(tf.random.normal(...)) as the 'Introduction to modules, layers and models' guide's
FlexibleDense does: Keras 3's symbolic run fails there, so TF 2.21 prints the prints before that point
again, then the real call's, and records no build config for the model (printed by TF 2.21)."""
import numpy as np
import pytest

import framework as tf
from framework import keras


def _model(make):
    class Flex(keras.layers.Layer):
        def build(self, input_shape):
            shape = (int(input_shape[-1]), 3)
            self.w = self.add_weight(shape=shape) if make is None else make(shape)

        def call(self, x):
            print('Flex call', tuple(x.shape))
            return tf.matmul(x, self.w)

    class M1(keras.Model):
        def __init__(self):
            super().__init__()
            self.d = Flex()

        def call(self, x):
            print('M1 call', tuple(x.shape))
            return self.d(x)
    return M1()


@pytest.mark.parametrize('make', [lambda s: tf.Variable(tf.random.normal(s)), lambda s: tf.Variable(tf.zeros(s))])
def test_variable_from_a_tensor_fails_the_symbolic_run(make, capsys):
    m = _model(make)
    m(tf.constant([[2., 2., 2.]]))
    assert capsys.readouterr().out == 'M1 call (1, 3)\nM1 call (1, 3)\nFlex call (1, 3)\n'
    assert m.built and m.get_build_config() is None
    assert m.d.get_build_config() == {'input_shape': (1, 3)}


@pytest.mark.parametrize('make', [None, lambda s: tf.Variable(np.ones(s, 'float32')),
                                  lambda s: tf.Variable([[1.0] * s[1]] * s[0])])
def test_weights_and_plain_values_keep_the_run(make, capsys):
    m = _model(make)
    m(tf.constant([[2., 2., 2.]]))
    assert capsys.readouterr().out == 'M1 call (1, 3)\nFlex call (1, 3)\n' * 2
    assert m.get_build_config() == {'input_shape': (1, 3)}
