"""A custom layer whose input_spec lists several InputSpecs refuses a call with another number of
inputs, as Keras 3's assert_input_compatibility does (tapeflow checked only one spec against many
inputs, so Linear's two specs let one tensor through to call). Texts from TF 2.21 / Keras 3.15."""
import pytest

import framework as tf
from framework import keras

IS = keras.layers.InputSpec


class Spec(keras.layers.Layer):
    def __init__(self, spec, **kwargs):
        super().__init__(**kwargs)
        self.input_spec = spec

    def call(self, x):
        return x


def test_two_specs_refuse_one_tensor():
    x = tf.ones((2, 3))
    with pytest.raises(ValueError) as caught:
        Spec([IS(ndim=2), IS(ndim=2)], name='two')(x)
    assert str(caught.value).startswith('Layer "two" expects 2 input(s), but it received 1 input tensors. Inputs '
                                        'received: [<tf.Tensor: shape=(2, 3), dtype=float32, numpy=')


def test_named_specs_ask_for_a_dict():
    with pytest.raises(ValueError) as caught:
        Spec([IS(ndim=2, name='p'), IS(ndim=2, name='q')], name='named')(tf.ones((2, 3)))
    assert str(caught.value) == ("Layer \"named\" expects 2 named input(s) with keys ['p', 'q'], but it received 1 "
                                 "input tensors. Pass inputs as a dict, e.g. `layer({'p': ..., 'q': ...})`.")


def test_three_tensors_for_two_specs_and_a_fitting_tuple():
    x = tf.ones((2, 3))
    with pytest.raises(ValueError, match='^Layer "three" expects 2 input\\(s\\), but it received 3 input tensors'):
        Spec([IS(ndim=2), IS(ndim=2)], name='three')([x, x, x])
    assert Spec([IS(ndim=2), IS(ndim=2)], name='fits')((x, x))[1].shape == (2, 3)
