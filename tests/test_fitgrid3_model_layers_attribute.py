"""Only a model has Keras's `layers` (TF 2.21 / Keras 3.15, probe /work/notes/progs/fitgrid3/misc/fg3_ly.py):
a plain layer has no such attribute, so a custom Layer may keep its own `self.layers = [...]` (tapeflow
raised "property 'layers' of 'Block' object has no setter"), and summary(expand_nested=True) opens only
what has `layers`: a MultiHeadAttention stays one row (tapeflow listed its query/key/value/... sublayers)."""
import numpy as np
import pytest

from framework import keras


class Block(keras.layers.Layer):
    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.layers = [keras.layers.Dense(3), keras.layers.Dense(2)]

    def call(self, x):
        for layer in self.layers:
            x = layer(x)
        return x


def summary_text(model, monkeypatch):
    monkeypatch.setenv('COLUMNS', '80')
    lines = []
    model.summary(expand_nested=True, print_fn=lambda text, **_: lines.append(text))
    return lines[0]


def test_a_plain_layer_has_no_layers_attribute():
    assert not hasattr(keras.layers.Dense(1), 'layers')


def test_a_custom_layer_keeps_its_own_layers_list(monkeypatch):
    keras.backend.clear_session()       # the layer names below count from zero
    inputs = keras.Input((4,))
    model = keras.Model(inputs, Block()(inputs))
    assert len(model.weights) == 4
    assert model.predict(np.ones((1, 4)), verbose=0).shape == (1, 2)
    text = summary_text(model, monkeypatch)
    assert '│    └ dense (Dense)              │ (None, 3)              │            15 │' in text
    assert '│    └ dense_1 (Dense)            │ (None, 2)              │             8 │' in text


def test_expand_nested_leaves_multi_head_attention_closed(monkeypatch):
    q, v = keras.Input((4, 6)), keras.Input((5, 6))
    model = keras.Model([q, v], keras.layers.MultiHeadAttention(2, 3)(q, v))
    text = summary_text(model, monkeypatch)
    assert '└' not in text.splitlines()[-5] and text.count('├') == 2     # three rows, none nested


def test_a_model_still_lists_its_layers_and_refuses_a_new_list():
    class Net(keras.Model):
        def __init__(self):
            super().__init__()
            self.hidden = keras.layers.Dense(2)

        def call(self, x):
            return self.hidden(x)

    net = Net()
    assert [layer.name for layer in net.layers] == [net.hidden.name]
    with pytest.raises(AttributeError, match=r'^`Model.layers` attribute is reserved and should not be used\. '
                                             r'Please use another name\.$'):
        net.layers = []


def test_sequential_and_functional_refuse_a_new_layers_list_in_keras_words():
    seq = keras.Sequential([keras.layers.Dense(1)])
    with pytest.raises(AttributeError) as caught:
        seq.layers = []
    assert str(caught.value) == ('`Sequential.layers` attribute is reserved and should not be used. Use `add()` and '
                                 '`pop()` to change the layers in this model.')
    inputs = keras.Input((2,))
    functional = keras.Model(inputs, keras.layers.Dense(1)(inputs))
    with pytest.raises(AttributeError) as caught:
        functional.layers = []
    assert str(caught.value) == '`Model.layers` attribute is reserved and should not be used. Please use another name.'
    assert len(functional.layers) == 2 and len(seq.layers) == 1
