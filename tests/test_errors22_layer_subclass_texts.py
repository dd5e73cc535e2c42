"""errors22: a user's layer misused, as Keras 3.15 words it (printed by TF 2.21, /work/notes/progs/errors22/e4.py).

- A layer whose call returns a NumPy array on symbolic inputs: Keras's Node refuses it, ValueError 'All operation
  outputs must be tensors. ...' (tapeflow: a TypeError of its own words, now a note).
- Assigning to ``trainable_weights`` names that property (tapeflow's alias named 'trainable_variables')."""
import numpy as np
import pytest

from framework import keras


class _ReturnsAnArray(keras.layers.Layer):
    def call(self, x):
        return np.ones(3)


def test_a_layer_returning_an_array_on_keras_tensors():
    keras.backend.clear_session()
    with pytest.raises(ValueError) as caught:
        _ReturnsAnArray()(keras.Input((2,)))
    assert str(caught.value) == ('All operation outputs must be tensors. Operation <_ReturnsAnArray '
                                 'name=__returns_an_array, built=True> returned a non-tensor. '
                                 'Non-tensor received: [1. 1. 1.]')


@pytest.mark.parametrize('name', ['trainable_weights', 'trainable_variables', 'non_trainable_weights', 'weights'])
def test_weight_lists_cannot_be_assigned(name):
    layer = keras.layers.Dense(2)
    with pytest.raises(AttributeError) as caught:
        setattr(layer, name, [])
    assert str(caught.value) == "property '%s' of 'Dense' object has no setter" % name
