"""Building a functional model calls each layer on placeholders; those calls leave no losses.

Keras 3 keeps no ``add_loss`` / activity-regularizer loss from the symbolic calls, so
``model.losses`` holds only the weight penalties until the model runs on data. Golden
counts: the same construction under TensorFlow 2.21 / Keras 3.
"""
import numpy as np

import framework as tf
from framework import keras


class ActivityRegularizationLayer(keras.layers.Layer):
    """The Keras guide's layer: adds 1e-2 * sum(inputs) as a loss."""

    def call(self, inputs):
        self.add_loss(1e-2 * tf.reduce_sum(inputs))
        return inputs


class Outer(keras.layers.Layer):
    """A layer whose sublayers add losses when it runs."""

    def __init__(self):
        super().__init__()
        self.dense = keras.layers.Dense(3, activity_regularizer='l2')
        self.regularize = ActivityRegularizationLayer()

    def call(self, x):
        return self.regularize(self.dense(x))


def test_functional_model_losses_after_construction_and_after_calls():
    inputs = keras.Input(shape=(4,))
    x = keras.layers.Dense(3, activation='relu', activity_regularizer='l2')(inputs)
    x = ActivityRegularizationLayer()(x)
    outputs = keras.layers.Dense(2, kernel_regularizer='l2')(x)
    model = keras.Model(inputs=inputs, outputs=outputs)
    assert len(model.losses) == 1            # the kernel penalty only (TF: 1)
    model(np.ones((2, 4), 'float32'))
    assert len(model.losses) == 3            # TF: 3
    model(np.ones((2, 4), 'float32'))
    assert len(model.losses) == 3            # replaced, not accumulated (TF: 3)


def test_nested_layer_losses_after_construction():
    inputs = keras.Input(shape=(4,))
    outer = Outer()
    model = keras.Model(inputs, outer(inputs))
    assert (len(model.losses), len(outer.losses), len(outer.regularize.losses)) == (0, 0, 0)   # TF: 0 0 0
    model(np.ones((2, 4), 'float32'))
    assert (len(model.losses), len(outer.losses), len(outer.regularize.losses)) == (2, 2, 1)


def test_sequential_build_leaves_no_losses():
    with_input = keras.Sequential([keras.Input((4,)), keras.layers.Dense(3, activity_regularizer='l1'),
                                   ActivityRegularizationLayer()])
    assert len(with_input.losses) == 0                       # TF: 0
    deferred = keras.Sequential([keras.layers.Dense(3, activity_regularizer='l1'), ActivityRegularizationLayer()])
    deferred.build((None, 4))
    assert len(deferred.losses) == 0                         # TF: 0
    deferred(np.ones((2, 4), 'float32'))
    assert len(deferred.losses) == 2                         # TF: 2
