"""Embedding and LayerNormalization refuse numpy integers where Keras 3 asks for a Python int, as on TF 2.21.

Keras 3 checks isinstance(input_dim, int) and isinstance(axis, int); np.int64 (what np.max(ids) + 1 gives) is no
int there. tapeflow accepted numpy integers. Texts from TF 2.21 (probe /work/notes/progs/layers21/cfg.py).
"""
import numpy as np
import pytest

from framework import keras


@pytest.mark.parametrize('argument, value, text', [
    ('input_dim', np.int64(5), '`input_dim` must be a positive integer. Received: input_dim=5 (of type int64).'),
    ('output_dim', np.int32(3), '`output_dim` must be a positive integer. Received: output_dim=3 (of type int32).'),
])
def test_embedding_refuses_numpy_integers(argument, value, text):
    sizes = dict(input_dim=5, output_dim=3)
    sizes[argument] = value
    with pytest.raises(ValueError) as caught:
        keras.layers.Embedding(**sizes)
    assert str(caught.value) == text


def test_embedding_takes_python_ints():
    layer = keras.layers.Embedding(int(np.int64(5)), 3)
    assert (layer.get_config()['input_dim'], layer.get_config()['output_dim']) == (5, 3)


def test_layer_normalization_refuses_a_numpy_integer_axis():
    with pytest.raises(TypeError) as caught:
        keras.layers.LayerNormalization(axis=np.int64(1))
    # TF 2.21 (numpy 2): "... but received: np.int64(1)" (Keras's %r of the value)
    assert str(caught.value) == ("Expected an int or a list/tuple of ints for the argument 'axis', but received: %r"
                                 % (np.int64(1),))
    assert keras.layers.LayerNormalization(axis=1).get_config()['axis'] == 1


@pytest.mark.parametrize('slope', [1, 0, True, np.float32(0.2), np.int64(2)])
def test_leaky_relu_keeps_its_slope_as_given(slope):
    # TF 2.21: get_config()['negative_slope'] is the value given (1 stays an int); tapeflow stored float(slope)
    layer = keras.layers.LeakyReLU(slope)
    value = layer.get_config()['negative_slope']
    assert type(value) is type(slope) and value == slope
    expected = [-2.0 * float(slope), -0.5 * float(slope), 0.0, 1.5]
    np.testing.assert_allclose(np.asarray(layer(np.float32([-2.0, -0.5, 0.0, 1.5]))), expected, rtol=1e-7)
