"""The time-series tutorial calls its multi-step dense model (Flatten, Dense) on a wider window and
prints the error: Keras 3.15 words the input-spec check "Input 0 with name 'None' of layer 'dense'"
and lists Sequential.call's ``**kwargs`` among the arguments received. Expected texts were printed
by TensorFlow 2.21 + Keras 3.15 running the same code.
"""
import numpy as np
import pytest

from framework import keras


def _flatten_dense():
    keras.backend.clear_session()
    model = keras.Sequential([keras.layers.Flatten(), keras.layers.Dense(1)])
    model(np.zeros((2, 3, 11), 'float32'))           # builds Dense for 33 features
    return model


def test_a_wider_window_names_the_dense_layer_and_the_kwargs_as_keras_does():
    with pytest.raises(ValueError) as err:
        _flatten_dense()(np.zeros((32, 24, 11), 'float32'))
    text = str(err.value)
    assert ("\x1b[1mInput 0 with name 'None' of layer 'dense' is incompatible with the layer: expected axis -1 of "
            "input shape to have value 33, but received input with shape (32, 264)\x1b[0m") in text
    assert text.startswith('Exception encountered when calling Sequential.call().\n\n')
    assert text.endswith("  • training=None\n  • mask=None\n  • kwargs=<class 'inspect._empty'>")


@pytest.mark.parametrize('layer, x, expected', [
    (keras.layers.Dense(3), np.ones(3), "expected min_ndim=2, found ndim=1. Full shape received: (3,)"),
    (keras.layers.LSTM(2), np.ones((4, 3)), "expected ndim=3, found ndim=2. Full shape received: (4, 3)"),
], ids=['dense', 'lstm'])
def test_a_layer_called_directly_raises_the_spec_error_unwrapped(layer, x, expected):
    with pytest.raises(ValueError) as err:
        layer(x)
    assert str(err.value) == ("Input 0 with name 'None' of layer '%s' is incompatible with the layer: %s"
                              % (layer.name, expected))


def test_sequential_takes_other_keywords_and_gives_them_to_no_layer():
    # Keras 3's Sequential.call(inputs, training=None, mask=None, **kwargs) passes on only the
    # context arguments a layer registered, so seq(x, foo=1) is seq(x)
    model = _flatten_dense()
    x = np.arange(66, dtype='float32').reshape(2, 3, 11)
    np.testing.assert_array_equal(model(x, foo=1).numpy(), model(x).numpy())


def test_a_named_spec_says_its_name():
    spec = keras.layers.InputSpec(ndim=2, name='age')
    assert spec.name == 'age' and 'name' not in spec.get_config()
    layer = keras.layers.Dense(2)
    layer.input_spec = spec
    with pytest.raises(ValueError, match="^Input 0 with name 'age' of layer 'dense_?[0-9]*' is incompatible"):
        layer(np.ones((2, 3, 4)))
