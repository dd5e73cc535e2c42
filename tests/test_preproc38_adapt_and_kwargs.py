"""Keyword mistakes name the class Keras 3.15 names (TF 2.21 texts)."""
import pytest

from framework import keras

layers = keras.layers


@pytest.mark.parametrize('make, data, name', [
    (layers.StringLookup, ['a'], 'StringLookup'),
    (layers.IntegerLookup, [1], 'IntegerLookup'),
])
def test_lookup_adapt_takes_no_batch_size(make, data, name):
    with pytest.raises(TypeError, match=r"^%s.adapt\(\) got an unexpected keyword argument 'batch_size'$" % name):
        make().adapt(data, batch_size=2)


def test_lookup_adapt_steps_still_work():
    import framework as tf
    layer = layers.StringLookup()
    layer.adapt(tf.data.Dataset.from_tensor_slices(['b', 'a', 'b', 'c']).batch(1), steps=3)
    assert layer.get_vocabulary() == ['[UNK]', 'b', 'a']


def test_random_rotation_has_no_value_range():
    with pytest.raises(ValueError, match=r"^Unrecognized keyword arguments passed to RandomRotation: "
                                         r"\{'value_range': \(0, 1\)\}"):
        layers.RandomRotation(0.2, value_range=(0, 1))
