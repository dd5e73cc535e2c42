"""Conv1D and Conv3D with a window larger than their input are refused at build, in Keras 3's words.

Golden texts measured with TF 2.21 / Keras 3.15 (keras.layers.Conv1D(2, 5)(np.ones((1, 3, 2))) and the
others below, printing str(error) and layer.built); Keras's compute_conv_output_shape raises them from
build, before any weight is made, so the layer is left unbuilt with no weights.
"""
import numpy as np
import pytest

from framework import keras

L = keras.layers


def _refusal(make, shape, call=True):
    layer = make()
    with pytest.raises(ValueError) as caught:
        if call:
            layer(np.ones(shape, 'float32'))
        else:
            layer.build(shape)
    assert (layer.built, len(layer.weights)) == (False, 0)
    return str(caught.value)


@pytest.mark.parametrize('make, shape, call, text', [
    (lambda: L.Conv1D(2, 5), (1, 3, 2), True,
     "`inputs shape=(1, 3, 2)`, `kernel shape=(5, 2, 2)`, `dilation_rate=[1]`, `strides=(1,)`, `padding=valid`."),
    (lambda: L.Conv1D(2, 5), (None, 3, 2), False,
     "`inputs shape=(None, 3, 2)`, `kernel shape=(5, 2, 2)`, `dilation_rate=[1]`, `strides=(1,)`, `padding=valid`."),
    (lambda: L.Conv1D(2, 5, data_format='channels_first'), (None, 2, 3), False,
     "`inputs shape=(None, 2, 3)`, `kernel shape=(5, 2, 2)`, `dilation_rate=[1]`, `strides=(1,)`, `padding=valid`."),
    (lambda: L.Conv1D(2, 2, dilation_rate=3), (1, 3, 2), True,
     "`inputs shape=(1, 3, 2)`, `kernel shape=(2, 2, 2)`, `dilation_rate=[3]`, `strides=(1,)`, `padding=valid`."),
    (lambda: L.Conv1D(2, 4, strides=2), (1, 3, 2), True,
     "`inputs shape=(1, 3, 2)`, `kernel shape=(4, 2, 2)`, `dilation_rate=[1]`, `strides=(2,)`, `padding=valid`."),
    (lambda: L.Conv1D(2, 1), (1, 0, 2), True,
     "`inputs shape=(1, 0, 2)`, `kernel shape=(1, 2, 2)`, `dilation_rate=[1]`, `strides=(1,)`, `padding=valid`."),
    (lambda: L.Conv3D(2, 3), (1, 2, 4, 4, 1), True,
     "`inputs shape=(1, 2, 4, 4, 1)`, `kernel shape=(3, 3, 3, 1, 2)`, `dilation_rate=[1 1 1]`, "
     "`strides=(1, 1, 1)`, `padding=valid`."),
    (lambda: L.Conv3D(2, (3, 1, 1)), (None, 2, 4, 4, 1), False,
     "`inputs shape=(None, 2, 4, 4, 1)`, `kernel shape=(3, 1, 1, 1, 2)`, `dilation_rate=[1 1 1]`, "
     "`strides=(1, 1, 1)`, `padding=valid`."),
    (lambda: L.Conv3D(2, 3, data_format='channels_first'), (None, 1, 2, 4, 4), False,
     "`inputs shape=(None, 1, 2, 4, 4)`, `kernel shape=(3, 3, 3, 1, 2)`, `dilation_rate=[1 1 1]`, "
     "`strides=(1, 1, 1)`, `padding=valid`."),
])
def test_window_larger_than_input_is_refused_at_build(make, shape, call, text):
    assert _refusal(make, shape, call) == 'Computed output size would be zero or negative. Received ' + text


@pytest.mark.parametrize('padding', ['same', 'causal'])
def test_padded_conv1d_with_a_large_window_still_runs(padding):
    """TF 2.21: Conv1D(2, 5, padding='same' / 'causal') on (1, 3, 2) gives shape (1, 3, 2), built."""
    layer = L.Conv1D(2, 5, padding=padding)
    assert tuple(layer(np.ones((1, 3, 2), 'float32')).shape) == (1, 3, 2)
    assert layer.built and len(layer.weights) == 2
