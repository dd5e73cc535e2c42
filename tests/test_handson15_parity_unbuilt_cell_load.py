"""Loading Hands-On ML's LNSimpleRNNCell model fails with Keras 3's words for a never-built layer.

The cell has no build() of its own, so on load Keras 3 marks it built and leaves its SimpleRNNCell
and LayerNormalization unbuilt; their saved weights then fail Layer._check_load_own_variables with
"Layer '...' was never built and thus it doesn't have any variables ...". tapeflow gave the count
check's text ("expected 0 variables, but received 2 variables during loading. Expected: []").

Golden: /work/notes/progs/handson6/t_neverbuilt.py run with TF 2.21.
"""
import warnings

import numpy as np
import pytest

import framework as tf


class LNSimpleRNNCell(tf.keras.layers.Layer):
    def __init__(self, units, activation="tanh", **kwargs):
        super().__init__(**kwargs)
        self.units = units
        self.state_size = units
        self.output_size = units
        self.simple_rnn_cell = tf.keras.layers.SimpleRNNCell(units, activation=None)
        self.layer_norm = tf.keras.layers.LayerNormalization()
        self.activation = tf.keras.activations.get(activation)

    def call(self, inputs, states):
        outputs, new_states = self.simple_rnn_cell(inputs, states)
        norm_outputs = self.activation(self.layer_norm(outputs))
        return norm_outputs, [norm_outputs]

    def get_config(self):
        return {**super().get_config(), "units": self.units}


TF_TEXT = (
    "A total of 2 objects could not be loaded. Example error message for object <LayerNormalization "
    "name=layer_normalization_1, built=False>:\n\nLayer 'layer_normalization_1' was never built and thus it "
    "doesn't have any variables. However the weights file lists 2 variables for this layer.\nIn most cases, this "
    "error indicates that either:\n\n1. The layer is owned by a parent layer that implements a `build()` method, "
    "but calling the parent's `build()` method did NOT create the state of the child layer "
    "'layer_normalization_1'. A `build()` method must create ALL state for the layer, including the state of any "
    "children layers.\n\n2. You need to implement the `def build_from_config(self, config)` method on layer "
    "'layer_normalization_1', to specify how to rebuild it during loading. In this case, you might also want to "
    "implement the method that generates the build config at saving time, `def get_build_config(self)`. The "
    "method `build_from_config()` is meant to create the state of the layer (i.e. its variables) upon "
    "deserialization.\n\nList of objects that could not be loaded:\n[<LayerNormalization "
    "name=layer_normalization_1, built=False>, <SimpleRNNCell name=simple_rnn_cell_1, built=False>]")


def test_the_books_layer_norm_cell_model_fails_to_load_in_keras_words(tmp_path):
    tf.keras.backend.clear_session()        # the layer names in the text
    tf.keras.utils.set_random_seed(42)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")     # the cell's unbuilt-state warning
        model = tf.keras.Sequential([tf.keras.layers.Input(shape=[None, 2]), tf.keras.layers.RNN(LNSimpleRNNCell(4)),
                                     tf.keras.layers.Dense(1)])
        model(np.ones((1, 3, 2), np.float32))
        path = str(tmp_path / "ln.keras")
        model.save(path)
        with pytest.raises(ValueError) as info:
            tf.keras.models.load_model(path, custom_objects={"LNSimpleRNNCell": LNSimpleRNNCell})
    assert str(info.value) == TF_TEXT
