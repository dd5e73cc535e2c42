"""keras.layers.InputSpec takes Keras 3's dtype, shape, max_ndim, allow_last_axis_squeeze and optional,
checks them in Keras's order with its words (eagerly and on Keras tensors, after autocasting), and
writes Keras's config. Texts and outcomes from a TensorFlow 2.21 + Keras 3.15 run of the same calls."""
import numpy as np
import pytest

from framework import keras
from framework.keras.layers import InputSpec


class Doubling(keras.layers.Layer):
    def __init__(self, spec, **kwargs):
        super().__init__(**kwargs)
        self.input_spec = spec

    def call(self, x):
        return x * 2


def prefix(name):
    return "Input 0 with name 'None' of layer '%s' is incompatible with the layer: " % name


CASES = [
    (dict(shape=(None, 28, 28, 1), allow_last_axis_squeeze=True), np.zeros((2, 28, 28), 'float32'), None),
    (dict(shape=(None, 28, 28, 1), allow_last_axis_squeeze=True), np.zeros((2, 28, 27), 'float32'),
     'expected shape=(None, 28, 28, 1), found shape=(2, 28, 27)'),
    (dict(dtype='float32', ndim=2), np.zeros((2, 4), 'int32'), 'expected dtype=float32, found dtype=int32'),
    (dict(dtype='float32', ndim=2), np.zeros((2, 4), 'float64'), None),      # autocast to float32 first
    (dict(max_ndim=3), np.zeros((2, 4, 1, 1), 'float32'), 'expected max_ndim=3, found ndim=4'),
    (dict(shape=(None, 4)), np.zeros((3, 5), 'float32'), 'expected shape=(None, 4), found shape=(3, 5)'),
    (dict(shape=(None, 4)), np.zeros((2, 7, 3), 'float32'),
     r'expected ndim=2, found ndim=3. Full shape received: (2, 7, 3)'),
    (dict(dtype='int32'), np.zeros((2, 4), 'float32'), 'expected dtype=int32, found dtype=float32'),
    (dict(min_ndim=2, max_ndim=3, axes={-1: 4}), np.zeros((2, 7, 3), 'float32'),
     'expected axis -1 of input shape to have value 4, but received input with shape (2, 7, 3)'),
    (dict(shape=(2, None, 3)), np.zeros((3, 7, 3), 'float32'), 'expected shape=(2, None, 3), found shape=(3, 7, 3)'),
]


@pytest.mark.parametrize('kw, x, text', CASES)
@pytest.mark.parametrize('symbolic', [False, True])
def test_checks_in_keras_words(kw, x, text, symbolic):
    layer = Doubling(InputSpec(**kw), name='probe')
    value = keras.Input(batch_shape=x.shape, dtype=str(x.dtype)) if symbolic else x
    if text is None:
        assert tuple(layer(value).shape) == x.shape
    else:
        with pytest.raises(ValueError) as err:
            layer(value)
        assert str(err.value) == prefix('probe') + text


def test_config_repr_and_round_trip():
    spec = InputSpec(shape=(None, 3), dtype='float64', axes={1: 3})
    assert spec.get_config() == {'dtype': 'float64', 'shape': (None, 3), 'ndim': 2, 'max_ndim': None,
                                 'min_ndim': None, 'axes': {1: 3}, 'optional': False}
    assert repr(InputSpec.from_config(spec.get_config())) == 'InputSpec(dtype=float64, shape=(None, 3), ndim=2, axes={1: 3})'
    dense = keras.layers.Dense(3)
    dense.build((None, 4))
    assert dense.input_spec.get_config() == {'dtype': None, 'shape': None, 'ndim': None, 'max_ndim': None,
                                             'min_ndim': 2, 'axes': {-1: 4}, 'optional': False}


@pytest.mark.parametrize('kw, error, text', [
    (dict(shape=(None, -1)), ValueError, "Cannot convert '(None, -1)' to a shape. Negative dimensions are not allowed."),
    (dict(shape=(None, 2.0)), ValueError, "Cannot convert '(None, 2.0)' to a shape. Found invalid dimension '2.0' of "
                                          "type '<class 'float'>'. "),
    (dict(ndim=2, axes={3: 4}), ValueError, 'Axis 3 is greater than the maximum allowed value: 1'),
    (dict(axes={'a': 4}), TypeError, "Argument `axes` must be a dict with integer keys. Received: axes={'a': 4}"),
])
def test_bad_specs(kw, error, text):
    with pytest.raises(error) as err:
        InputSpec(**kw)
    assert str(err.value) == text


def test_optional_input_may_be_none():
    from layers.call_inputs import check_spec
    layer = Doubling([InputSpec(ndim=2), InputSpec(ndim=2, optional=True)])
    check_spec(layer, [np.zeros((2, 3)), None])
    with pytest.raises(ValueError, match='expected ndim=2, found ndim=0'):
        check_spec(Doubling([InputSpec(ndim=2), InputSpec(ndim=2)]), [np.zeros((2, 3)), None])
