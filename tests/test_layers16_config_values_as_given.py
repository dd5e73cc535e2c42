"""Discretization keeps bin_boundaries as given; a layer built by hand with None records it (layers15's Left 4).

Golden values printed by TF 2.21 / Keras 3 (/work/notes/progs/layers16/l4.py, l4b.py):
    d = keras.layers.Discretization(bin_boundaries=(0, 1)); d.get_config()['bin_boundaries'], d.bin_boundaries
        -> (0, 1) (0, 1); d(np.array([-1., 0.5, 2.])) -> [0 1 2]
    keras.layers.Discretization(bin_boundaries=np.array([0., 1.]))
        -> ValueError 'The truth value of an array with more than one element is ambiguous. ...'
    e = keras.layers.Embedding(5, 3); e.build(None); e.get_build_config() -> {'input_shape': None}
"""
import numpy as np
import pytest

from framework import keras


@pytest.mark.parametrize('given', [(0, 1), [0, 1.5], [np.float32(0.5), 1], []])
def test_discretization_keeps_bin_boundaries_as_given(given):
    layer = keras.layers.Discretization(bin_boundaries=given)
    # (a list is tracked, as Keras's TrackedList: equal, a list, maybe not the same object)
    assert layer.bin_boundaries == given and isinstance(layer.bin_boundaries, type(given))
    config = layer.get_config()
    assert config['bin_boundaries'] == given and isinstance(config['bin_boundaries'], type(given))
    assert [type(b) for b in config['bin_boundaries']] == [type(b) for b in given]
    again = keras.layers.Discretization.from_config(config)
    assert again.get_config()['bin_boundaries'] == given


def test_discretization_buckets_with_boundaries_as_given():
    out = keras.layers.Discretization(bin_boundaries=(0, 1))(np.array([-1., 0.5, 2.]))
    np.testing.assert_array_equal(out.numpy(), [0, 1, 2])
    out = keras.layers.Discretization(bin_boundaries=(0.5, 2))(np.array([-1., 0.5, 2.]))
    np.testing.assert_array_equal(out.numpy(), [0, 1, 2])


def test_discretization_array_of_boundaries_is_keras_truth_value_error():
    with pytest.raises(ValueError, match='The truth value of an array with more than one element is ambiguous'):
        keras.layers.Discretization(bin_boundaries=np.array([0., 1.]))


def test_adapted_discretization_boundaries_are_a_list():
    layer = keras.layers.Discretization(num_bins=3)
    layer.adapt(np.array([1., 2, 3, 4, 5, 6]))
    assert layer.get_config()['bin_boundaries'] == [2.0, 4.0]


def test_build_by_hand_with_none_records_its_shape():
    layer = keras.layers.Embedding(5, 3)
    layer.build(None)
    assert layer.get_build_config() == {'input_shape': None}
    other = keras.layers.Embedding(5, 3)
    other.build((None, 4))
    assert other.get_build_config() == {'input_shape': (None, 4)}
    assert keras.layers.Embedding(5, 3).get_build_config() is None


def test_built_when_made_layer_built_by_hand_records_each_build():
    # TF 2.21: Keras's build wrapper records every build called by hand, None included, the last winning
    layer = keras.layers.Dropout(0.1)
    assert layer.get_build_config() is None
    layer.build(None)
    assert layer.get_build_config() == {'input_shape': None}
    layer.build((None, 3))
    assert layer.get_build_config() == {'input_shape': (None, 3)}
    layer.build(None)
    assert layer.get_build_config() == {'input_shape': None}
