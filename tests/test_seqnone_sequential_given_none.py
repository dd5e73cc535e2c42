"""Sequential models given None, as Keras 3.15 refuses them.

Golden texts measured with TensorFlow 2.21 + Keras 3.15 (/opt/tfref) by calling each model on None
and printing ``str(error)``; tapeflow used to say "Attempt to convert a value (None) ..." for all of
them. A built Sequential's inner Functional names its Input; an unbuilt one hands None to its first
layer, whose refusal is worded as Sequential.call()'s error unless that layer's call worded it.
"""
import numpy as np
import pytest

from framework import keras

ARGUMENTS = ("\n\nArguments received by Sequential.call():\n  • inputs=None\n  • training=%s\n  • mask=None\n"
             "  • kwargs=<class 'inspect._empty'>")


def _sequential_text(message, training=None):
    return ('Exception encountered when calling Sequential.call().\n\n\x1b[1m%s\x1b[0m' % message
            + ARGUMENTS % training)


def _not_optional(name):
    return "The input '%s' is not optional, but None was passed. Please provide a valid tensor." % name


def _raised(model, **kwargs):
    with pytest.raises(ValueError) as info:
        model(None, **kwargs)
    return str(info.value)


def test_sequential_with_named_input_says_that_input_is_not_optional():
    model = keras.Sequential([keras.Input((3,), name='feat'), keras.layers.Dense(2)])
    assert _raised(model) == _sequential_text(_not_optional('feat'))
    assert _raised(model, training=True) == _sequential_text(_not_optional('feat'), training=True)


def test_sequential_built_by_a_call_or_by_build_names_its_traced_input():
    called = keras.Sequential([keras.layers.Dense(2)])
    called(np.ones((1, 3), 'float32'))
    name = called._graph_ends[0][0].name
    assert name.startswith('keras_tensor')
    assert _raised(called) == _sequential_text(_not_optional(name))
    built = keras.Sequential([keras.layers.Dense(2, input_shape=(3,))])
    assert _raised(built) == _sequential_text(_not_optional(built._graph_ends[0][0].name))


def test_unbuilt_sequential_words_its_first_layers_refusal():
    dense = keras.layers.Dense(2, name='first_dense')
    assert _raised(keras.Sequential([dense])) == _sequential_text(
        "Inputs to a layer should be tensors. Got 'None' (of type <class 'NoneType'>) as input for layer "
        "'first_dense'.")


def test_unbuilt_sequential_passes_a_first_layers_worded_call_error_through():
    model = keras.Sequential([keras.layers.ReLU(), keras.layers.Dense(2)])
    assert _raised(model) == (
        "Exception encountered when calling ReLU.call().\n\n\x1b[1mAttempt to convert a value (None) with an "
        "unsupported type (<class 'NoneType'>) to a Tensor.\x1b[0m\n\nArguments received by ReLU.call():\n"
        "  • inputs=None")


def test_unbuilt_sequential_around_a_built_one_gives_the_inner_input_error():
    inner = keras.Sequential([keras.Input((3,), name='inner_in'), keras.layers.Dense(2)])
    assert _raised(keras.Sequential([inner])) == _sequential_text(_not_optional('inner_in'))


def test_plain_layers_given_none_keep_their_texts():
    assert _raised(keras.layers.Dense(2, name='d_none')) == (
        "Inputs to a layer should be tensors. Got 'None' (of type <class 'NoneType'>) as input for layer "
        "'d_none'.")
    inp = keras.Input((3,), name='fin')
    model = keras.Model(inp, keras.layers.Dense(2)(inp))
    assert _raised(model) == _not_optional('fin')
