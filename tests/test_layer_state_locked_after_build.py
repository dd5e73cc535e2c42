"""Keras 3 locks a layer's state when its build ends: a weight or a sublayer made later (in call, or
by hand on a built layer) is refused with its ValueError; sequential and functional models stay open,
and a layer marked built in __init__ (no build ran) is not locked. Outcomes printed by TF 2.21
(progs/me38/lock.py)."""
import numpy as np
import pytest

import framework as tf
from framework import keras

LOCKED = 'You cannot add new elements of state (variables or sub-layers) to a layer that is already built.'


class WeightInCall(keras.layers.Layer):
    def call(self, x):
        self.w = self.add_weight(shape=(2,), initializer='ones')
        return x * self.w


class WeightInBuildAndCall(keras.layers.Layer):
    def build(self, input_shape):
        self.v = self.add_weight(shape=(2,), initializer='ones')

    def call(self, x):
        self.w = self.add_weight(shape=(2,), initializer='ones')
        return x * self.w


class SublayerInCall(keras.layers.Layer):
    def call(self, x):
        self.d = keras.layers.Dense(2)
        return self.d(x)


class WeightInModelCall(keras.Model):
    def call(self, x):
        self.w = self.add_weight(shape=(2,), initializer='ones')
        return x * self.w


@pytest.mark.parametrize('cls', [WeightInCall, WeightInBuildAndCall, SublayerInCall, WeightInModelCall])
def test_state_made_in_call_is_refused_in_the_call_banner(cls):
    layer = cls()
    with pytest.raises(ValueError) as info:
        layer(tf.ones([1, 2]))
    assert 'Exception encountered when calling %s.call()' % cls.__name__ in str(info.value)
    assert LOCKED in str(info.value)
    with pytest.raises(ValueError, match='already built'):      # and again at the next call
        layer(tf.ones([1, 2]))


def test_by_hand_on_a_built_layer():
    dense = keras.layers.Dense(2)
    dense.build((None, 3))
    with pytest.raises(ValueError, match='already built'):
        dense.add_weight(shape=(1,), name='extra')
    dense(tf.ones([1, 3]))
    with pytest.raises(ValueError, match='already built'):
        dense.extra = keras.layers.Dense(3)
    with pytest.raises(ValueError, match='already built'):
        dense.extra = keras.Variable(np.ones(2))
    with pytest.raises(ValueError, match='already built'):
        dense.extras = [keras.layers.Dense(3)]
    with dense.unlocked_state():
        dense.blocks = []
    with pytest.raises(ValueError, match='already built'):
        dense.blocks.append(keras.layers.Dense(3))
    with pytest.raises(ValueError, match='already built'):
        dense.blocks.extend([keras.layers.Dense(3)])
    dense.blocks.append(tf.ones([2]))       # not state
    assert len(dense.blocks) == 1
    assert len(dense.weights) == 2 and not hasattr(dense, 'extra')
    dense.kernel_again = dense.kernel      # what it has may be set again
    dense.note = 'text'                     # and what is not state
    base = keras.layers.Layer()
    base.build((None, 2))
    with pytest.raises(ValueError, match='already built'):
        base.add_weight(shape=(1,))


def test_models_stay_open_and_built_in_init_is_not_locked():
    inputs = keras.Input((2,))
    functional = keras.Model(inputs, keras.layers.Dense(2)(inputs))
    functional.add_weight(shape=(1,))
    sequential = keras.Sequential([keras.Input((2,)), keras.layers.Dense(2)])
    sequential.add_weight(shape=(1,))
    sequential.add(keras.layers.Dense(3))
    assert len(functional.weights) == 3 and len(sequential.weights) == 5

    class BuiltInInit(keras.layers.Layer):
        def __init__(self):
            super().__init__()
            self.built = True

        def call(self, x):
            self.w = self.add_weight(shape=(2,), initializer='ones')
            return x * self.w
    assert BuiltInInit()(tf.ones([1, 2])).shape == (1, 2)
    model = WeightInModelCall()
    model.build((None, 2))
    with pytest.raises(ValueError, match='already built'):
        model.add_weight(shape=(1,))


def test_weights_added_after_super_build_or_built_flag_inside_build():
    class MoreThanDense(keras.layers.Dense):
        def build(self, input_shape):
            super().build(input_shape)       # Keras 3 locks only when the outer build ends
            self.extra = self.add_weight(shape=(1,), initializer='ones', name='extra')

        def call(self, x):
            return super().call(x) * self.extra

    class BuiltMidBuild(keras.layers.Layer):
        def build(self, input_shape):
            self.v = self.add_weight(shape=(2,), initializer='ones')
            self.built = True
            self.u = self.add_weight(shape=(2,), initializer='ones')

        def call(self, x):
            return x * self.v * self.u
    layer = MoreThanDense(2)
    layer(tf.ones([1, 3]))
    assert [w.name for w in layer.weights] == ['kernel', 'bias', 'extra']
    assert len(BuiltMidBuild()(tf.ones([1, 2])).shape) == 2
    model = keras.Sequential([keras.Input((3,)), MoreThanDense(2)])
    model.compile('adam', 'mse')
    model.fit(np.ones((4, 3)), np.ones((4, 2)), verbose=0)
    assert len(model.weights) == 3
