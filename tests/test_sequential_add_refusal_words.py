"""Sequential.add of something that is no layer, in Keras 3's words as TF 2.21 prints them (each expected text was
printed by TF 2.21: `keras.Sequential().add(v)` under tensorflow-cpu 2.21, Keras 3.15)."""
import pytest

import framework as tf
from framework import keras

START = 'Only instances of `keras.Layer` can be added to a Sequential model. Received: '


@pytest.mark.parametrize('make, shown', [
    (lambda: tf.ones([2]), "[1. 1.] (of type <class 'tensorflow.python.framework.ops.EagerTensor'>)"),
    (lambda: 3, "3 (of type <class 'int'>)"),
    (lambda: keras.layers.Dense, "<class 'keras.src.layers.core.dense.Dense'> (of type <class 'type'>)"),
])
def test_a_value_that_is_no_layer_is_shown_as_keras_formats_it(make, shown):
    model = keras.Sequential()
    with pytest.raises(ValueError) as caught:
        model.add(make())
    assert str(caught.value) == START + shown
    assert model.layers == []


def test_a_layer_given_a_keras2_batch_keyword_is_refused_with_what_to_do():
    # TF 2.21: ValueError "Unrecognized keyword arguments passed to LSTM: {'batch_input_shape': (4, 10, 1)}"
    with pytest.raises(ValueError, match=r"^Unrecognized keyword arguments passed to LSTM: "
                                         r"\{'batch_input_shape': \(4, 10, 1\)\}") as caught:
        keras.layers.LSTM(8, batch_input_shape=(4, 10, 1), stateful=True)
    assert 'keras.Input(shape=..., batch_size=...)' in caught.value.__notes__[0]
