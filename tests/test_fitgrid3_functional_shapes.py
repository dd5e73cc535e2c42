"""A functional model's input_shape / output_shape map over its flat inputs / outputs, as Keras 3.15's do:
a dict of inputs or outputs gives a list in sorted-key order, and a one-entry dict its lone shape
(TF 2.21, probe /work/notes/progs/fitgrid3/io/w01.py). tapeflow kept the dict."""
import pytest

from framework import keras


@pytest.fixture
def graph():
    a, b = keras.Input((3,), name='zeta'), keras.Input((2,), name='alpha')
    h = keras.layers.Concatenate()([a, b])
    return a, b, keras.layers.Dense(1, name='z_out')(h), keras.layers.Dense(2, name='a_out')(h)


def test_dict_inputs_and_outputs_give_lists_in_key_order(graph):
    a, b, o1, o2 = graph
    model = keras.Model({'zeta': a, 'alpha': b}, {'zz': o1, 'aa': o2})
    assert model.input_shape == [(None, 2), (None, 3)]
    assert model.output_shape == [(None, 2), (None, 1)]


def test_list_inputs_with_dict_outputs(graph):
    a, b, o1, o2 = graph
    model = keras.Model([a, b], {'zz': o1, 'aa': o2})
    assert model.input_shape == [(None, 3), (None, 2)]
    assert model.output_shape == [(None, 2), (None, 1)]


def test_a_one_entry_dict_gives_its_shape(graph):
    a, b, o1, _ = graph
    assert keras.Model([a, b], {'single': o1}).output_shape == (None, 1)
    assert keras.Model([a, b], [o1]).output_shape == (None, 1)
