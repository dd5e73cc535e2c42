"""An error inside a compiled metric keeps Keras's own message; the metric is named in a note.

The overfit-and-underfit and imbalanced-data tutorials pass (N,) labels with a Dense(1) model and a
BinaryCrossentropy metric; on TF 2.21 + Keras 3 fit ends with (printed by TensorFlow for this program)
``ValueError: Arguments `target` and `output` must have the same rank (ndim). Received:
target.shape=(None,), output.shape=(None, 1)``. tapeflow printed the metric's name before it."""
import numpy as np
import pytest

from framework import keras

TEXT = ('Arguments `target` and `output` must have the same rank (ndim). Received: target.shape=(None,), '
        'output.shape=(None, 1)')


def _model(metric):
    model = keras.Sequential([keras.Input(shape=(3,)), keras.layers.Dense(1)])
    model.compile(optimizer='adam', loss=keras.losses.BinaryCrossentropy(from_logits=True), metrics=[metric])
    return model


def test_fit_with_vector_labels_raises_keras_text():
    x = np.zeros((10, 3), 'float32')      # a partial last batch: the trace leaves the batch axis open
    y = np.zeros((10,), 'float32')
    with pytest.raises(ValueError) as info:
        _model(keras.metrics.BinaryCrossentropy(from_logits=True, name='binary_crossentropy')).fit(
            x, y, batch_size=4, epochs=1, verbose=0)
    assert str(info.value) == TEXT
    assert any("metric 'binary_crossentropy' (BinaryCrossentropy)" in note for note in info.value.__notes__)


def test_metric_update_state_raises_keras_text():
    metric = keras.metrics.BinaryCrossentropy(name='cross entropy')
    with pytest.raises(ValueError) as info:
        metric.update_state(np.zeros((4,), 'float32'), np.zeros((4, 1), 'float32'))
    assert str(info.value).startswith('Arguments `target` and `output` must have the same rank (ndim).')
    assert any("metric 'cross entropy'" in note for note in info.value.__notes__)
