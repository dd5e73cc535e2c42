"""Losses and metrics given mismatched shapes raise TensorFlow's InvalidArgumentError.

TensorFlow 2.21 + Keras 3 (/opt/tfref, 2026-12-02) raise InvalidArgumentError from the
kernel that meets the shapes ("Incompatible shapes: [2,3] vs. [2,4]", "Received a label
value of 5 which is outside the valid range of [0, 3)"); tapeflow checks first and names
the loss or metric. Its InvalidArgumentError is also the ValueError tapeflow raised before.
"""
import numpy as np
import pytest

import framework as tf
from framework import keras


def ones(*shape):
    return tf.ones(shape)


@pytest.mark.parametrize('call, words', [
    (lambda: keras.losses.MeanSquaredError()(ones(2, 3), ones(2, 4)), 'mean_squared_error: y_true of shape'),
    (lambda: keras.losses.MeanSquaredError()(ones(2), tf.zeros((2, 3))), 'mean_squared_error: y_true of shape'),
    (lambda: keras.losses.MeanSquaredError()(ones(2, 3), tf.zeros((2, 3)), sample_weight=ones(5)),
     r'Incompatible shapes: \[2\] vs. \[5\] \[Op:Mul\]'),      # TF's kernel text; tapeflow's words are a note
    (lambda: keras.losses.SparseCategoricalCrossentropy()(np.array([5, 0]), ones(2, 3) / 3),
     r'sparse_categorical_crossentropy: labels must lie in \[0, 3\)'),
    (lambda: keras.metrics.Accuracy().update_state(ones(2, 3), ones(2, 4)), 'accuracy: y_true of shape'),
    (lambda: keras.metrics.MeanAbsoluteError().update_state(ones(2, 3), ones(2, 4)),
     'mean_absolute_error: y_true of shape'),
    (lambda: keras.metrics.Mean().update_state(ones(3), sample_weight=ones(4)),
     r'Incompatible shapes: \[4\] vs. \[3\] \[Op:BroadcastTo\]'),
], ids=['mse', 'mse_broadcast', 'mse_sample_weight', 'scce_range', 'accuracy', 'mae_metric', 'mean_sample_weight'])
def test_mismatched_shapes_raise_invalid_argument_naming_the_loss_or_metric(call, words):
    with pytest.raises(tf.errors.InvalidArgumentError, match=words):
        call()


def test_a_failed_metric_update_leaves_the_totals_as_they_were():
    metric = keras.metrics.Mean()
    metric.update_state([1., 3.])
    with pytest.raises(tf.errors.InvalidArgumentError):
        metric.update_state(ones(3), sample_weight=ones(4))
    assert float(metric.result()) == 2.0


@pytest.mark.parametrize('make, words', [
    (lambda: keras.layers.Permute(None), "Permute 'permute.*': `dims` must be a tuple"),
    (lambda: keras.layers.StackedRNNCells(None), "StackedRNNCells 'stacked_rnn_cells.*': `cells` must be a list"),
], ids=['Permute', 'StackedRNNCells'])
def test_layer_constructors_name_themselves_for_none(make, words):
    # Keras 3 answers both with "TypeError: 'NoneType' object is not iterable".
    with pytest.raises(TypeError, match=words):
        make()
