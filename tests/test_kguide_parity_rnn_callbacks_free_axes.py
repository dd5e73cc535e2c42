"""A custom layer's symbolic outputs keep the free axes its inputs have past the batch (a
sequence's steps), as in the masking guide's TemporalSoftmax model.

Shapes printed by Keras 3 (TensorFlow 2.21) for the same constructions
(/work/notes/progs/kguides_rnn_callbacks/mask2.py, shp.py). tapeflow ran such
layers on zeros with every free axis 1 long and reported that 1: the guide's
summary showed (None, 1, 1) for TemporalSoftmax where Keras shows (None, None, 1).
"""
import numpy as np

from framework import keras
from framework.keras import layers, ops


class TemporalSoftmax(layers.Layer):
    """The masking guide's layer: a softmax over the steps a mask keeps."""
    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.supports_masking = True

    def call(self, inputs, mask=None):
        broadcast_float_mask = ops.expand_dims(ops.cast(mask, 'float32'), -1)
        inputs_exp = ops.exp(inputs) * broadcast_float_mask
        inputs_sum = ops.sum(inputs_exp * broadcast_float_mask, axis=-1, keepdims=True)
        return inputs_exp / inputs_sum


class DropFirstStep(layers.Layer):
    def call(self, x):
        return x[:, 1:]


class MeanOverSteps(layers.Layer):
    def call(self, x):
        return ops.mean(x, axis=1)


class DoubledStepsAndSum(layers.Layer):
    def call(self, x):
        return ops.concatenate([x, x], axis=1), ops.sum(x, axis=-1)


def test_masking_guide_temporal_softmax_keeps_the_steps_free():
    inputs = keras.Input(shape=(None,), dtype='int32')
    x = layers.Embedding(input_dim=10, output_dim=4, mask_zero=True)(inputs)
    x = layers.Dense(1)(x)
    outputs = TemporalSoftmax()(x)
    assert outputs.shape == (None, None, 1)
    assert outputs._keras_mask.shape == (None, None)
    model = keras.Model(inputs, layers.Dense(2)(outputs))
    assert model.output_shape == (None, None, 2)
    tokens = np.array([[1, 2, 0, 0, 0, 0, 0], [3, 4, 5, 0, 0, 0, 0]])
    assert model(tokens).shape == (2, 7, 2)


def test_custom_layers_outputs_follow_the_free_steps():
    inputs = keras.Input((None, 4))
    assert DropFirstStep()(inputs).shape == (None, None, 4)
    assert MeanOverSteps()(inputs).shape == (None, 4)
    assert [t.shape for t in DoubledStepsAndSum()(inputs)] == [(None, None, 4), (None, None)]
    assert DropFirstStep()(keras.Input((5, 4))).shape == (None, 4, 4)      # fixed steps stay fixed


class Double(layers.Layer):
    def call(self, x):
        return x * 2


def test_sequential_output_shape_keeps_the_free_steps():
    # Keras 3: (None, None, 2) for both; tapeflow's compute_output_shape ran once at length 1
    # and gave (None, 1, 2), and (None, 0, 2) after the Lambda's x[:, 1:].
    model = keras.Sequential([keras.Input((None, 4)), Double(), layers.Dense(2)])
    assert model.output_shape == (None, None, 2)
    model = keras.Sequential([keras.Input((None, 4)), layers.Lambda(lambda x: x[:, 1:]), layers.Dense(2)])
    assert model.output_shape == (None, None, 2)
    assert Double().compute_output_shape((None, 5, 4)) == (None, 5, 4)
