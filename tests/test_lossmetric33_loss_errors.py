"""Loss errors in Keras 3.15's words (TF 2.21 reference)."""
import numpy as np
import pytest

from framework import keras


def test_sparse_categorical_crossentropy_on_another_axis_is_refused_in_keras_words():
    labels, scores = np.array([0, 1, 2]), np.full((3, 3), 1 / 3, 'float32')
    for call in (lambda: keras.losses.SparseCategoricalCrossentropy(axis=0)(labels, scores),
                 lambda: keras.losses.sparse_categorical_crossentropy(labels, scores, axis=0),
                 lambda: keras.ops.sparse_categorical_crossentropy(labels, scores, axis=0)):
        with pytest.raises(ValueError, match=r'^Only axis=-1 is currently supported. Received: axis=0'):
            call()
