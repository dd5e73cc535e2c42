"""keras.ops.tile takes int(r.numpy()) of every scalar tensor among its repeats, as Keras 3's TF backend does, so
float, bool and string scalar tensors tile (errors41's left item).

Printed by TF 2.21 (notes/progs/errors42/tile.py), x of shape (2, 3):
    keras.ops.tile(x, (tf.constant(1.0), 1)).shape     -> (2, 3)
    keras.ops.tile(x, (tf.constant(2.5), 1)).shape     -> (4, 3)
    keras.ops.tile(x, tf.constant([2.0, 1.0])).shape   -> (4, 3)   (iterated: scalar tensors)
    keras.ops.tile(x, (tf.constant('2'), 1)).shape     -> (4, 3)
    keras.ops.tile(x, tf.constant([True, True])).shape -> (2, 3)
    keras.ops.tile(x, np.array([2.0, 1.0]))            -> tf.tile's Tmultiples refusal (numpy floats stay floats)
tapeflow refused every float tensor: 'keras.ops.tile: repeats must be an integer, got <tf.Tensor: ... numpy=1.0>'.
"""
import numpy as np
import pytest

import framework as tf
from framework import keras

X = np.array([[3., 1., 2.], [0., 5., 4.]], 'float32')


@pytest.mark.parametrize('repeats, shape', [
    ((tf.constant(1.0), 1), (2, 3)), ((tf.constant(2.5), 1), (4, 3)), (tf.constant([2.0, 1.0]), (4, 3)),
    ((tf.constant('2'), 1), (4, 3)), (tf.constant([True, True]), (2, 3)), (tf.constant([2, 1]), (4, 3)),
])
def test_scalar_tensors_among_repeats_are_ints(repeats, shape):
    assert tuple(keras.ops.tile(X, repeats).shape) == shape


def test_tiled_values():
    np.testing.assert_array_equal(keras.ops.tile(X, (tf.constant(2.0), 1)).numpy(), np.tile(X, (2, 1)))


def test_numpy_floats_are_still_refused():
    with pytest.raises(tf.errors.InvalidArgumentError, match="Value for attr 'Tmultiples' of double"):
        keras.ops.tile(X, np.array([2.0, 1.0]))
