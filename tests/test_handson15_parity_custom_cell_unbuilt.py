"""An RNN (or Bidirectional) on KerasTensors runs no call, as Keras 3: its output comes from
compute_output_shape and its mask from compute_mask on the symbolic mask.

Hands-On ML ch. 15's LNSimpleRNNCell has no build() of its own: Keras 3 marks it built (with a
warning) and its SimpleRNNCell and LayerNormalization are built by the first real call. So the
summary of the book's model counts 0 parameters for both RNN layers, and a print in a custom
cell's call does not show when the model is made. tapeflow ran the RNN on zeros to find its
output mask, which built the sublayers (96 and 152 parameters) and printed.

Goldens: /work/notes/progs/handson6/t_lncell.py, t_lncell3.py, t_mask_explicit.py, h6d_ts.py,
run with TF 2.21.
"""
import warnings

import numpy as np
import pytest

import framework as tf


class LNSimpleRNNCell(tf.keras.layers.Layer):
    def __init__(self, units, activation="tanh", **kwargs):
        super().__init__(**kwargs)
        self.state_size = units
        self.output_size = units
        self.simple_rnn_cell = tf.keras.layers.SimpleRNNCell(units, activation=None)
        self.layer_norm = tf.keras.layers.LayerNormalization()
        self.activation = tf.keras.activations.get(activation)

    def call(self, inputs, states):
        outputs, new_states = self.simple_rnn_cell(inputs, states)
        norm_outputs = self.activation(self.layer_norm(outputs))
        return norm_outputs, [norm_outputs]


@tf.keras.utils.register_keras_serializable(package="handson15")    # Bidirectional copies the RNN by config
class PrintCell(tf.keras.layers.Layer):
    def __init__(self, units, **kwargs):
        super().__init__(**kwargs)
        self.units = units
        self.state_size = units
        self.inner = tf.keras.layers.SimpleRNNCell(units)

    def call(self, inputs, states):
        print("cell call", inputs.shape)
        return self.inner(inputs, states)

    def get_config(self):
        return {**super().get_config(), "units": self.units}


@pytest.fixture(autouse=True)
def _quiet():
    tf.keras.backend.clear_session()        # the weight paths below name the first rnn
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")     # the unbuilt-state and input_shape warnings
        yield


def test_the_books_layer_norm_cell_model_counts_no_cell_parameters_until_called():
    tf.keras.utils.set_random_seed(42)
    model = tf.keras.Sequential([
        tf.keras.layers.RNN(LNSimpleRNNCell(8), return_sequences=True, input_shape=[None, 1]),
        tf.keras.layers.RNN(LNSimpleRNNCell(8), return_sequences=True),
        tf.keras.layers.Dense(5)])
    assert [layer.count_params() for layer in model.layers] == [0, 0, 45]
    assert model.count_params() == 45
    model(np.ones((1, 2, 1), np.float32))
    assert [layer.count_params() for layer in model.layers] == [96, 152, 45]


def test_a_functional_rnn_leaves_its_cell_sublayers_unbuilt():
    tf.keras.utils.set_random_seed(42)
    inp = tf.keras.layers.Input(shape=[None, 1])
    rnn = tf.keras.layers.RNN(LNSimpleRNNCell(3), return_sequences=True)
    out = rnn(inp)
    assert out.shape == (None, None, 3)
    assert (rnn.built, rnn.cell.built, rnn.cell.simple_rnn_cell.built, rnn.cell.layer_norm.built) == \
        (True, True, False, False)
    model = tf.keras.Model(inp, out)
    assert len(model.weights) == 0
    model(np.ones((1, 2, 1), np.float32))
    assert [w.path for w in model.weights] == [
        'rnn/ln_simple_rnn_cell/simple_rnn_cell/kernel', 'rnn/ln_simple_rnn_cell/simple_rnn_cell/recurrent_kernel',
        'rnn/ln_simple_rnn_cell/simple_rnn_cell/bias', 'rnn/ln_simple_rnn_cell/layer_normalization/gamma',
        'rnn/ln_simple_rnn_cell/layer_normalization/beta']


@pytest.mark.parametrize("masked", [False, True])
def test_a_custom_cell_does_not_run_when_the_model_is_made(capsys, masked):
    tf.keras.utils.set_random_seed(3)
    if masked:      # Embedding(mask_zero): the RNN's output mask is the input's, found with no run
        inp = tf.keras.layers.Input(shape=[4], dtype="int32")
        seq = tf.keras.layers.Embedding(5, 2, mask_zero=True)(inp)
    else:
        inp = seq = tf.keras.layers.Input(shape=[4, 2])
    rnn = tf.keras.layers.RNN(PrintCell(3), return_sequences=True)
    out = rnn(seq)
    assert capsys.readouterr().out == ""
    assert len(rnn.weights) == 0
    assert out._keras_mask.shape == (None, 4) if masked else not hasattr(out, "_keras_mask")


def test_a_bidirectional_custom_cell_rnn_is_not_run(capsys):
    inp = tf.keras.layers.Input(shape=[4, 2])
    bi = tf.keras.layers.Bidirectional(tf.keras.layers.RNN(PrintCell(3)))
    out = bi(inp)
    assert out.shape == (None, 6)
    assert len(bi.weights) == 0
    assert capsys.readouterr().out == ""


def test_an_explicit_mask_is_handed_on_and_masks_follow_return_state():
    inp = tf.keras.layers.Input(shape=[4, 2])
    given = tf.keras.layers.Input(shape=[4], dtype="bool")
    out = tf.keras.layers.LSTM(3, return_sequences=True)(inp, mask=given)
    assert out._keras_mask is given
    tokens = tf.keras.layers.Input(shape=[5], dtype="int32")
    embedded = tf.keras.layers.Embedding(6, 3, mask_zero=True)(tokens)
    forward, backward = tf.keras.layers.Bidirectional(tf.keras.layers.LSTM(2, return_sequences=True),
                                                      merge_mode=None)(embedded)
    assert forward._keras_mask.shape == backward._keras_mask.shape == (None, 5)
    outs = tf.keras.layers.LSTM(2, return_sequences=True, return_state=True)(embedded)
    assert [hasattr(t, "_keras_mask") for t in outs] == [True, False, False]
