"""Shape-preserving layers answer compute_output_shape with the shape as given, as Keras 3 in TF 2.21
(`return input_shape`): a list stays a list. tapeflow returned a tuple.

Printed by TF 2.21 (/work/notes/progs/modelfuzz14/p54.py):
    keras.layers.ReLU().compute_output_shape([None, 4, 5]) -> [None, 4, 5]  (a list; a tuple stays a tuple)
    same for Activation, Dropout, LeakyReLU, Softmax, ELU, BatchNormalization, LayerNormalization, Masking,
    SpatialDropout1D, Rescaling; Dense(3) gives the tuple (None, 4, 3) either way.
"""
import pytest

from framework import keras

_LAYERS = {
    'Activation': lambda: keras.layers.Activation('relu'), 'Dropout': lambda: keras.layers.Dropout(0.1),
    'ReLU': keras.layers.ReLU, 'LeakyReLU': keras.layers.LeakyReLU, 'Softmax': keras.layers.Softmax,
    'ELU': keras.layers.ELU, 'BatchNormalization': keras.layers.BatchNormalization,
    'LayerNormalization': keras.layers.LayerNormalization, 'Masking': keras.layers.Masking,
    'SpatialDropout1D': lambda: keras.layers.SpatialDropout1D(0.1), 'Rescaling': lambda: keras.layers.Rescaling(2.0),
}


@pytest.mark.parametrize('name', sorted(_LAYERS))
@pytest.mark.parametrize('shape', [[None, 4, 5], (None, 4, 5)])
def test_shape_comes_back_as_given(name, shape):
    out = _LAYERS[name]().compute_output_shape(shape)
    assert type(out) is type(shape) and list(out) == [None, 4, 5]


def test_dense_still_answers_a_tuple():
    assert keras.layers.Dense(3).compute_output_shape([None, 4, 5]) == (None, 4, 3)
