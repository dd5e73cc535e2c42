"""compute_output_shape answers as Keras 3's (TF 2.21, notes progs/layers17/revemb.py, fz2.py)."""
import numpy as np

from framework import keras


def test_reversible_embedding_output_shape_is_a_list():
    layer = keras.layers.ReversibleEmbedding(5, 3)
    # TF 2.21: [None, 3, 3] and [2, 3, 5] (tapeflow gave tuples)
    assert layer.compute_output_shape((None, 3)) == [None, 3, 3]
    assert layer.compute_output_shape((2, 3, 3), reverse=True) == [2, 3, 5]
    assert layer.compute_output_shape([None, 4]) == [None, 4, 3]


def test_reversible_embedding_symbolic_and_eager_shapes():
    layer = keras.layers.ReversibleEmbedding(5, 3)
    y = layer(keras.Input((4,), dtype='int32'))
    assert tuple(y.shape) == (None, 4, 3)
    assert tuple(layer(y, reverse=True).shape) == (None, 4, 5)
    assert tuple(layer(np.array([[1, 2]])).shape) == (1, 2, 3)
