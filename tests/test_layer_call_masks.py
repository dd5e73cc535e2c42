"""Masks around a direct layer call, as Keras 3's Layer.__call__ handles them (the masking guide).
Expected values are what Keras 3.15 prints for the same calls."""
import warnings

import numpy as np
import pytest

import framework as tf
from framework import keras
from layers import Layer


def _masked_embedding():
    return keras.layers.Embedding(10, 4, mask_zero=True)(np.array([[1, 2, 0], [3, 0, 0]]))


class TemporalSplit(Layer):
    def call(self, inputs):
        return tf.split(inputs, 2, axis=1)

    def compute_mask(self, inputs, mask=None):
        return None if mask is None else tf.split(mask, 2, axis=1)


class MaskedSoftmax(Layer):
    supports_masking = True

    def call(self, inputs, mask=None):
        self.seen = mask
        return tf.nn.softmax(inputs)


class NoMasking(Layer):
    def call(self, inputs):
        return inputs * 2.0


def test_tensor_keras_mask_attribute_reads_and_sets_the_mask():
    x = _masked_embedding()
    np.testing.assert_array_equal(x._keras_mask.numpy(), [[True, True, False], [True, False, False]])
    y = tf.constant([1.0, 2.0])
    assert not hasattr(y, '_keras_mask')        # TensorFlow: no attribute until a mask is set
    y._keras_mask = tf.constant([True, False])
    np.testing.assert_array_equal(y._keras_mask.numpy(), [True, False])


def test_user_compute_mask_result_rides_on_the_outputs_of_a_direct_call():
    x = keras.layers.Masking()(np.array([[[1.0], [0.0], [2.0], [0.0]]], 'float32'))
    first, second = TemporalSplit()(x)
    np.testing.assert_array_equal(first._keras_mask.numpy(), [[True, False]])
    np.testing.assert_array_equal(second._keras_mask.numpy(), [[True, False]])


def test_call_with_a_mask_argument_gets_the_inputs_mask_and_passes_it_on():
    layer = MaskedSoftmax()
    out = layer(_masked_embedding())
    np.testing.assert_array_equal(layer.seen.numpy(), [[True, True, False], [True, False, False]])
    np.testing.assert_array_equal(out._keras_mask.numpy(), layer.seen.numpy())


def test_dense_keeps_the_mask_on_a_direct_call():
    out = keras.layers.Dense(2)(_masked_embedding())
    np.testing.assert_array_equal(out._keras_mask.numpy(), [[True, True, False], [True, False, False]])


def test_a_layer_that_cannot_mask_warns_that_it_drops_the_mask():
    with pytest.warns(UserWarning, match="Layer 'no_masking'.*does not support masking"):
        out = NoMasking(name='no_masking')(_masked_embedding())
    assert not hasattr(out, '_keras_mask')


def test_multi_head_attention_takes_its_inputs_masks_without_warnings():
    x = _masked_embedding()
    with warnings.catch_warnings():
        warnings.simplefilter('error')
        out = keras.layers.MultiHeadAttention(2, 2)(x, x)
    np.testing.assert_array_equal(out._keras_mask.numpy(), [[True, True, False], [True, False, False]])
    assert x._keras_mask is None       # as Keras 3, which clears the inputs' masks inside the layer


def test_unmasked_calls_take_no_mask_path():
    layer = MaskedSoftmax()
    layer(tf.constant(np.ones((2, 3), 'float32')))
    assert layer.seen is None


def _number(name):
    """N of 'keras_tensor_N' ('keras_tensor' is 0)."""
    return 0 if name == 'keras_tensor' else int(name[len('keras_tensor_'):])


def test_symbolic_masks_ride_on_keras_tensors_as_in_keras():
    # Keras 3.15: Input -> 'keras_tensor_N', Embedding output 'keras_tensor_N+1', its mask
    # 'keras_tensor_N+2', of shape (None, None), dtype bool; a pass-through layer keeps that mask.
    inputs = keras.Input(shape=(None,), dtype='int32')
    x = keras.layers.Embedding(50, 4, mask_zero=True)(inputs)
    assert not hasattr(inputs, '_keras_mask')
    mask = x._keras_mask
    assert mask.shape == (None, None) and mask.dtype == 'bool' and x.shape == (None, None, 4)
    assert _number(x.name) == _number(inputs.name) + 1 and _number(mask.name) == _number(x.name) + 1
    y = keras.layers.Dense(3)(x)
    assert y._keras_mask is mask


def test_functional_model_calls_a_mask_taking_layer_with_the_mask_while_built():
    inputs = keras.Input(shape=(None,), dtype='int32')
    x = keras.layers.Dense(1)(keras.layers.Embedding(10, 4, mask_zero=True)(inputs))
    layer = MaskedSoftmax()
    model = keras.Model(inputs, layer(x))      # Keras passes the (symbolic) mask while building
    assert layer.seen is not None
    out = model(np.array([[1, 2, 0]]))
    np.testing.assert_array_equal(layer.seen.numpy(), [[True, True, False]])
    assert out.shape == (1, 3, 1)


class Wrapping(Layer):
    def __init__(self):
        super().__init__()
        self.inner = keras.layers.Dense(2)

    def call(self, inputs):
        return self.inner(inputs)


def test_first_call_of_a_layer_built_by_running_names_one_keras_tensor_as_keras():
    # Keras 3 builds such a layer (no build(), unbuilt sublayers) by one symbolic run, which takes a
    # KerasTensor name: Input names before and after the call are two apart there, as here.
    before = keras.Input(shape=(1,)).name
    Wrapping()(np.ones((1, 3), 'float32'))
    after = keras.Input(shape=(1,)).name
    assert _number(after) == _number(before) + 2
