"""keras.layers.HashedCrossing and tf.sparse.cross_hashed, which Keras 3's structured-data examples
use to cross categorical features (FeatureSpace.cross builds on them); tapeflow had neither.
Every expected value was printed by TensorFlow 2.21 / Keras 3 for the same inputs.
"""
import numpy as np
import pytest

import framework as tf
from framework import keras
from framework.keras import layers

INTS = np.array([1, 2, 3, 1], 'int64')
WORDS = np.array(['x', 'y', 'x', 'z'])


def test_sparse_cross_hashed_over_strings_ints_and_a_sparse_input():
    a = tf.constant([['a', 'b'], ['c', 'd']])
    b = tf.constant([[1, 2], [3, -4]], dtype=tf.int64)
    c = tf.constant([['x'], ['y']])
    out = tf.sparse.cross_hashed([a, b, c], num_buckets=0)
    assert out.indices.numpy().tolist() == [[0, 0], [0, 1], [0, 2], [0, 3], [1, 0], [1, 1], [1, 2], [1, 3]]
    assert out.dense_shape.numpy().tolist() == [2, 4]
    assert out.values.numpy().tolist() == [43144969564918260, 1839699824895794331, 4349492317895472794,
                                           6301967332433211314, 7419679847427722464, 8656122973697782819,
                                           6126342735281479, 6302969633612432250]
    assert tf.sparse.cross_hashed([a, b, c], num_buckets=1000).values.numpy().tolist() == \
        [67, 331, 601, 121, 271, 819, 286, 57]
    assert tf.sparse.cross_hashed([b, a], num_buckets=7, hash_key=12345).values.numpy().tolist() == \
        [5, 0, 2, 2, 0, 1, 2, 3]
    sparse = tf.sparse.SparseTensor([[0, 0], [1, 0], [1, 1]], tf.constant(['p', 'q', 'r']), [2, 3])
    assert tf.sparse.cross_hashed([sparse, b], num_buckets=100).values.numpy().tolist() == [72, 95, 64, 54, 16, 53]


@pytest.mark.parametrize('first, second, bins, expected', [
    (INTS, WORDS, 5, [4, 4, 4, 3]),
    (INTS, WORDS, 64, [35, 28, 51, 47]),
    (WORDS, np.array(['p', 'q', 'r', 's']), 1000, [452, 692, 615, 244]),
    (INTS, INTS * 7, 1000, [889, 704, 977, 889]),
])
def test_hashed_crossing_bins(first, second, bins, expected):
    out = layers.HashedCrossing(num_bins=bins)((first, second))
    assert out.dtype == 'int64' and out.numpy().tolist() == expected


def test_one_hot_shapes_scalars_config_and_symbolic_outputs():
    one_hot = layers.HashedCrossing(num_bins=4, output_mode='one_hot')
    out = one_hot((INTS[:, None], WORDS[:, None]))
    assert out.dtype == 'float32' and out.numpy().argmax(-1).tolist() == [3, 0, 3, 3]
    assert layers.HashedCrossing(num_bins=4, output_mode='one_hot')((INTS, WORDS)).shape == (4, 4)
    scalar = layers.HashedCrossing(num_bins=7)((np.array(3), np.array('k')))
    assert scalar.shape == () and int(scalar) == 4
    layer = layers.HashedCrossing(num_bins=5)
    assert layer.get_config() == {'num_bins': 5, 'output_mode': 'int', 'sparse': False, 'name': layer.name,
                                  'dtype': 'int64'}
    ints, words = keras.Input(shape=(1,), dtype='int64'), keras.Input(shape=(1,), dtype='string')
    encoded = layers.HashedCrossing(num_bins=64, output_mode='one_hot')((ints, words))
    assert encoded.shape == (None, 64) and encoded.dtype == 'float32'
    indices = layers.HashedCrossing(num_bins=64)((ints, words))
    assert indices.shape == (None, 1) and indices.dtype == 'int64'
    model = keras.Model([ints, words], encoded)
    assert model([INTS[:, None], WORDS[:, None]]).numpy().argmax(-1).tolist() == [35, 28, 51, 47]


@pytest.mark.parametrize('call', [
    lambda: layers.HashedCrossing(3)(INTS),
    lambda: layers.HashedCrossing(3)((INTS,)),
    lambda: layers.HashedCrossing(3, output_mode='count'),
    lambda: layers.HashedCrossing(3)((INTS, INTS[:2])),
])
def test_bad_calls_raise_value_error_naming_the_layer(call):
    with pytest.raises(ValueError, match='HashedCrossing'):
        call()
