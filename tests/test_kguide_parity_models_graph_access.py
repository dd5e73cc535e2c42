"""Graph access and summary lines from the Sequential / Functional guides, as Keras 3 gives them.

Golden values printed by TensorFlow 2.21 / Keras 3.15 (/opt/tfref) for the same programs.
"""
import numpy as np

from framework import keras
from framework.keras import layers


def test_sequential_input_and_output_follow_its_first_symbolic_call():
    # TF: after y = inner(x), inner.input is x (name=x) and inner.output is y, not the
    # Sequential's own Input and last-layer output
    inner = keras.Sequential([keras.Input((8,), name='seq_in'), layers.Dense(4)], name='inner')
    x = keras.Input((8,), name='x')
    y = inner(x)
    assert inner.input is x and inner.output is y
    assert inner.inputs[0].name == 'seq_in'         # inputs stay the model's own (TF prints them so)
    model = keras.Model(x, inner.output)             # joins the caller's graph
    np.testing.assert_allclose(model(np.ones((2, 8), 'float32')).numpy(),
                               inner(np.ones((2, 8), 'float32')).numpy())


def test_deferred_sequential_input_is_the_calling_tensor():
    inner = keras.Sequential([layers.Dense(4)], name='inner2')
    x = keras.Input((8,), name='x')
    y = inner(x)
    assert inner.input is x and inner.output is y


def test_summary_wider_than_the_console_is_cropped_as_rich_crops_it(monkeypatch):
    # TF (stdout a file, so rich's console is 80 wide): summary(line_length=90, show_trainable=True)
    # prints each table line cut at 80 characters, its right border and Trainable column lost.
    monkeypatch.setenv('COLUMNS', '80')
    model = keras.Sequential([keras.Input((8,)), layers.Dense(4, name='i1')], name='m')
    lines = []
    model.summary(line_length=90, show_trainable=True, print_fn=lines.append)
    text = lines[0].splitlines()
    assert text[0] == 'Model: "m"'
    assert {len(line) for line in text[1:-3]} == {80}
    assert text[1] == '┏' + '━' * 35 + '┳' + '━' * 27 + '┳' + '━' * 15
    assert text[4] == '│ i1 (Dense)                        │ (None, 4)                 │            36 '
    assert text[-3] == ' Total params: 36 (144.00 B)'


def test_summary_within_the_console_is_whole(monkeypatch):
    monkeypatch.setenv('COLUMNS', '200')
    model = keras.Sequential([keras.Input((8,)), layers.Dense(4, name='i1')], name='m')
    lines = []
    model.summary(line_length=90, show_trainable=True, print_fn=lines.append)
    assert {len(line) for line in lines[0].splitlines()[1:-3]} == {90}


def test_get_layer_index_error_and_input_spec_repr_read_as_keras():
    model = keras.Sequential([keras.Input((4,)), layers.Dense(3, name='a'), layers.Dense(2)], name='s')
    try:
        model.get_layer(index=10)
    except ValueError as err:
        assert str(err) == 'Was asked to retrieve layer at index 10 but model only has 2 layers.'
    else:
        raise AssertionError('get_layer(index=10) did not raise')
    # TF: InputSpec(min_ndim=2, axes={-1: 4})
    assert repr(model.layers[0].input_spec) == 'InputSpec(min_ndim=2, axes={-1: 4})'
    assert repr(layers.InputSpec(ndim=3)) == 'InputSpec(ndim=3)'
