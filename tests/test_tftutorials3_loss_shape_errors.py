"""The classification tutorials' usual label mistakes raise Keras 3.15's words, with the shapes as
its traced step sees them (None batch inside fit; concrete when a loss object is called eagerly);
mismatched x / y lengths give Keras's cardinality message (printed by TF 2.21,
notes/progs/tftutorials3/fiterr.py)."""
import numpy as np
import pytest

import framework as tf
from framework import keras

X = np.random.RandomState(0).rand(8, 4).astype('float32')
Y_INT = np.arange(8) % 3
Y_HOT = np.eye(3)[Y_INT]


def _fit_error(loss, y):
    keras.utils.set_random_seed(0)
    model = keras.Sequential([keras.Input((4,)), keras.layers.Dense(3)])
    model.compile('adam', loss)
    with pytest.raises(ValueError) as info:
        model.fit(X, y, epochs=1, verbose=0)
    return str(info.value)


def test_inside_fit_the_batch_axis_is_none():
    assert _fit_error(keras.losses.SparseCategoricalCrossentropy(from_logits=True), Y_HOT) == (
        'Argument `output` must have rank (ndim) `target.ndim - 1`. Received: target.shape=(None, 3), '
        'output.shape=(None, 3)')
    assert _fit_error(keras.losses.CategoricalCrossentropy(from_logits=True), Y_INT) == (
        'Arguments `target` and `output` must have the same rank (ndim). Received: target.shape=(None,), '
        'output.shape=(None, 3)')
    assert _fit_error('binary_crossentropy', Y_INT) == (
        'Arguments `target` and `output` must have the same rank (ndim). Received: target.shape=(None,), '
        'output.shape=(None, 3)')
    assert _fit_error('mse', Y_HOT[:5]) == ("Data cardinality is ambiguous. Make sure all arrays contain the same "
                                            "number of samples.'x' sizes: 8\n'y' sizes: 5\n")


def test_an_eager_loss_call_shows_its_shapes():
    with pytest.raises(ValueError) as info:
        keras.losses.BinaryCrossentropy()(np.ones((3, 2)), np.ones((3, 3)))
    assert str(info.value) == ('Arguments `target` and `output` must have the same shape. Received: '
                               'target.shape=(3, 2), output.shape=(3, 3)')
    with pytest.raises(ValueError) as info:
        keras.losses.SparseCategoricalCrossentropy(from_logits=True)(np.eye(3), tf.ones((3, 3)))
    assert str(info.value) == ('Argument `output` must have rank (ndim) `target.ndim - 1`. Received: '
                               'target.shape=(3, 3), output.shape=(3, 3)')
