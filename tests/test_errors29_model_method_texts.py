"""Model methods given bad input, with TF 2.21's class and text (probe notes/progs/errors29 j1, j2, j14)."""
import numpy as np
import pytest

import framework as tf
from framework import keras

layers = keras.layers


def _sequential():
    return keras.Sequential([keras.Input((3,)), layers.Dense(2), layers.Dense(1)])


def _functional():
    inputs = keras.Input((3,))
    return keras.Model(inputs, [layers.Dense(1)(inputs), layers.Dense(2)(inputs)])


@pytest.mark.parametrize('model, x', [
    (_sequential, lambda: np.ones((0, 3))),
    (_sequential, lambda: tf.ones((0, 3))),
    (_functional, lambda: np.ones((0, 3))),
    (_sequential, lambda: tf.data.Dataset.from_tensor_slices(np.ones((0, 3), 'float32')).batch(2)),
])
def test_predict_of_no_samples_is_keras_unbound_local_error(model, x):
    # Keras 3 fails on its own unset local; still a ValueError, as tapeflow raised before
    with pytest.raises(UnboundLocalError) as caught:
        model().predict(x(), batch_size=4, verbose=0)
    assert str(caught.value) == "cannot access local variable 'batch_outputs' where it is not associated with a value"
    assert type(caught.value).__name__ == 'UnboundLocalError'
    assert isinstance(caught.value, ValueError)
    assert 'nothing to predict' in caught.value.__notes__[0]


def test_functional_summary_with_an_unknown_keyword_names_model_summary():
    with pytest.raises(TypeError) as caught:
        _functional().summary(show_shapes=True)
    assert str(caught.value) == "Model.summary() got an unexpected keyword argument 'show_shapes'"
