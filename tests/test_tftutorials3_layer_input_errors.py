"""Errors raised while a layer converts, checks or builds for its inputs come out as Keras 3.15
raises them from Layer.__call__: unworded (only errors from call() itself get Keras's
"Exception encountered when calling ..." text); the layer rides along in a note. The regression
tutorial's np.array(train_features) of bool dummy columns is an object array, which
Normalization refuses. Messages printed by TF 2.21 (notes/progs/tftutorials3/lerr.py)."""
import numpy as np
import pytest

import framework as tf
from framework import keras

OBJECTS = np.array([[1, True], [2, False]], dtype=object)


class BuildFails(keras.layers.Layer):
    def build(self, input_shape):
        raise ValueError('bad build %s' % (input_shape,))

    def call(self, x):
        return x


@pytest.mark.parametrize('make', [lambda: keras.layers.Normalization(), lambda: keras.layers.Dense(2),
                                  lambda: keras.Sequential([keras.layers.Dense(2)])])
def test_an_object_array_is_refused_in_tensorflows_words(make):
    layer = make()
    with pytest.raises(ValueError) as info:
        layer(OBJECTS)
    assert str(info.value) == 'Failed to convert a NumPy array to a Tensor (Unsupported object type int).'
    assert any(layer.name in note for note in info.value.__notes__)


@pytest.mark.parametrize('wrap', [lambda layer: layer, lambda layer: keras.Sequential([layer])])
def test_a_failed_build_is_raised_as_it_is(wrap):
    model = wrap(BuildFails())
    with pytest.raises(ValueError) as info:
        model(tf.ones((2, 3)))
    assert str(info.value) == 'bad build (2, 3)'


def test_only_the_innermost_layer_adds_its_note():
    inner = keras.layers.Dense(2)
    with pytest.raises(ValueError) as info:
        keras.Sequential([inner])(OBJECTS)
    assert len([note for note in info.value.__notes__ if 'raised by layer' in note]) == 1
