"""BinaryAccuracy / binary_accuracy with a string threshold: Keras 3.15 converts it to a string tensor and
keras.ops.greater's type promotion refuses it with its ValueError.

Golden text: /work/notes/progs/errors13/ba1.py under TF 2.21 + Keras 3.15; the sed port prints the same."""
import numpy as np
import pytest

from framework import keras

Y_TRUE, Y_PRED = np.array([[1.], [0.]]), np.array([[0.7], [0.2]])
TEXT = "dtype='string' is not a valid dtype for Keras type promotion."


@pytest.mark.parametrize('threshold', ['a', b'a', '0.5'])
def test_string_threshold_is_keras_promotion_error(threshold):
    metric = keras.metrics.BinaryAccuracy(threshold=threshold)
    with pytest.raises(ValueError) as info:
        metric.update_state(Y_TRUE, Y_PRED)
    assert str(info.value) == TEXT
    with pytest.raises(ValueError) as info:
        keras.metrics.binary_accuracy(Y_TRUE, Y_PRED, threshold=threshold)
    assert str(info.value) == TEXT


def test_number_threshold_still_scores():
    assert float(keras.metrics.binary_accuracy(Y_TRUE, Y_PRED, threshold=0.5).numpy().mean()) == 1.0
