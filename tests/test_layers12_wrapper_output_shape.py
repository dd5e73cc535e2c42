"""keras.layers.Wrapper has no compute_output_shape in Keras 3: a subclass that changes the wrapped
layer's output gets its symbolic shape from its own call. TF 2.21 (/work/notes/progs/layers12/wrap2.py):
((None, 1), (None, 2), (2, 2), 19). tapeflow took the wrapped Dense's (None, 3), built the next Dense for
3 features and failed on the first real call."""
import numpy as np
import pytest

from framework import keras

L = keras.layers


class FirstUnit(L.Wrapper):
    def call(self, x):
        return self.layer(x)[:, :1]


def test_subclass_symbolic_shape_comes_from_its_call():
    keras.backend.clear_session()
    inputs = keras.Input((4,))
    first = FirstUnit(L.Dense(3))(inputs)
    model = keras.Model(inputs, L.Dense(2)(first))
    assert tuple(first.shape) == (None, 1)
    assert model.output_shape == (None, 2)
    assert tuple(model(np.ones((2, 4), 'float32')).shape) == (2, 2)
    assert model.count_params() == 15 + 4


def test_spectral_normalization_still_gives_its_layers_shape():
    layer = L.SpectralNormalization(L.Dense(3))
    assert tuple(layer.compute_output_shape((None, 5))) == (None, 3)
    assert tuple(layer(keras.Input((5,))).shape) == (None, 3)


def test_spectral_normalization_output_keeps_the_wrapped_layers_mask():
    # TF 2.21: SpectralNormalization does not support masking (it warns), but its eager output is the wrapped
    # Dense's own tensor (ops.cast of the same dtype is a no-op), which carries the Embedding's mask
    import warnings
    tokens = np.array([[1, 2, 0, 0], [3, 0, 0, 0]])
    embedded = L.Embedding(6, 3, mask_zero=True)(tokens)
    with warnings.catch_warnings():
        warnings.simplefilter('ignore')
        out = L.SpectralNormalization(L.Dense(2))(embedded)
    assert out._keras_mask.numpy().tolist() == [[True, True, False, False], [True, False, False, False]]


def test_spectral_normalization_takes_a_float_power_iterations_as_keras():
    # TF 2.21: accepted and kept (get_config 1.5); inference runs; a training call fails in range()
    layer = L.SpectralNormalization(L.Dense(2), power_iterations=1.5)
    assert layer.get_config()['power_iterations'] == 1.5
    assert tuple(layer(np.ones((2, 3), 'float32')).shape) == (2, 2)
    with pytest.raises(TypeError, match="'float' object cannot be interpreted as an integer"):
        layer(np.ones((2, 3), 'float32'), training=True)
    with pytest.raises(ValueError) as err:
        L.SpectralNormalization(L.Dense(2), power_iterations=0)
    assert str(err.value) == '`power_iterations` should be greater than zero. Received: `power_iterations=0`'
