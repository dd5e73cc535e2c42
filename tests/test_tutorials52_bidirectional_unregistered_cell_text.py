"""Bidirectional(RNN(<unregistered custom cell>)): TF 2.21's TypeError shows the RNN's config without
its 'cell' (Keras's RNN.from_config pops it from the dict the error prints). Printed by TF 2.21
(progs/tutorials52/rnn6.py):
    TypeError: <class 'keras.src.layers.rnn.rnn.RNN'> could not be deserialized properly. ...
    config={'module': 'keras.layers', 'class_name': 'RNN', 'config': {'name': 'forward_rnn_1', ...,
    'unroll': False, 'zero_output_for_mask': False}, 'registered_name': None}.

    Exception encountered: Could not locate class 'C'. ...
tapeflow's config showed "'cell': {'module': None, 'class_name': 'C', ...}" inside it.
"""
import pytest

from framework.keras import layers, ops


class C(layers.Layer):
    def __init__(self, ss, **kwargs):
        super().__init__(**kwargs)
        self.state_size = ss

    def call(self, inputs, states):
        return ops.sum(inputs, -1, keepdims=True), states


def test_shown_config_has_no_cell():
    with pytest.raises(TypeError) as info:
        layers.Bidirectional(layers.RNN(C(2), return_sequences=True))
    text = str(info.value)
    shown, _, encountered = text.partition('Exception encountered:')
    assert "could not be deserialized properly" in shown
    assert "'unroll': False, 'zero_output_for_mask': False}, 'registered_name': None}." in shown
    assert "'cell'" not in shown
    assert "Could not locate class 'C'" in encountered
