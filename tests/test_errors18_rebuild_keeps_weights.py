"""Building a built layer again by hand raises Keras 3.15's ValueError and changes nothing (TF 2.21:
the layer keeps its weights, their values and its weight count)."""
import numpy as np
import pytest

from framework import keras

LOCKED = ('You cannot add new elements of state (variables or sub-layers) to a layer that is already built. All '
          'state must be created in the `__init__()` method or in the `build()` method.')


@pytest.mark.parametrize('make, first, second', [
    (lambda: keras.layers.Dense(2), (None, 3), (None, 3)),
    (lambda: keras.layers.Dense(2), (None, 3), (None, 4)),
    (lambda: keras.layers.Conv1D(2, 3), (None, 5, 2), (None, 5, 4)),
    (lambda: keras.layers.BatchNormalization(), (None, 3), (None, 4)),
])
def test_second_build_raises_and_keeps_the_weights(make, first, second):
    layer = make()
    layer.build(first)
    before = [w.numpy().copy() for w in layer.weights]
    with pytest.raises(ValueError) as caught:
        layer.build(second)
    assert str(caught.value) == LOCKED
    assert layer.built
    assert len(layer.weights) == len(before)
    assert all(np.array_equal(a, w.numpy()) for a, w in zip(before, layer.weights))


def test_a_layer_of_a_sequential_built_again():
    model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(2)])
    with pytest.raises(ValueError, match='already built'):
        model.layers[0].build((None, 3))
    assert model.layers[0].kernel.shape == (3, 2) and len(model.weights) == 2


def test_a_build_that_adds_nothing_may_run_again():
    layer = keras.layers.Embedding(3, 2)
    layer.build()
    layer.build()
    assert len(layer.weights) == 1
