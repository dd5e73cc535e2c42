"""A functional model refuses inputs that do not fit its Inputs' fixed sizes, as Keras 3 does.

Keras 3.15 (TF 2.21): Model([a(3,), b(2,)], Concatenate()([a, b])).predict([x2, x3]) raises
"Input 0 with name 'a' of layer 'functional' is incompatible with the layer: expected
shape=(None, 3), found shape=(8, 2)"; here it returned a (8, 5) result. Free axes (None),
the batch axis and Keras's squeeze or expansion of a last axis of 1 still pass.
"""
import numpy as np
import pytest

from framework import keras


def _relu_model(shape, **kwargs):
    x = keras.Input(shape, **kwargs)
    return keras.Model(x, keras.layers.Activation('relu')(x))


def test_inputs_in_the_wrong_order_are_refused():
    a, b = keras.Input((3,), name='a'), keras.Input((2,), name='b')
    model = keras.Model([a, b], keras.layers.Concatenate()([a, b]))
    words = r"Input 0 with name 'a' of layer '%s' is incompatible with the layer: expected shape=\(None, 3\), " \
            r"found shape=\(8, 2\)" % model.name
    with pytest.raises(ValueError, match=words):
        model.predict([np.ones((8, 2)), np.ones((8, 3))], verbose=0)
    with pytest.raises(ValueError, match=words):
        model({'a': np.ones((8, 2), np.float32), 'b': np.ones((8, 3), np.float32)})


@pytest.mark.parametrize('shape, given, expected', [
    ((3,), (8, 5), r'expected shape=\(None, 3\), found shape=\(8, 5\)'),
    ((None, 3), (2, 7, 4), r'expected shape=\(None, None, 3\), found shape=\(2, 7, 4\)'),
    ((4, 3), (2, 5, 3), r'expected shape=\(None, 4, 3\), found shape=\(2, 5, 3\)'),
])
def test_a_fixed_size_that_differs_is_refused(shape, given, expected):
    model = _relu_model(shape)
    with pytest.raises(ValueError, match="Input 0 with name 'input_layer.*' of layer .* " + expected):
        model.predict(np.ones(given), verbose=0)


def test_a_refused_fit_trains_nothing():
    keras.utils.set_random_seed(1)
    x = keras.Input((3,), name='x')
    model = keras.Model(x, keras.layers.Dense(2)(keras.layers.Activation('relu')(x)))
    model.compile('sgd', 'mse')
    before = [w.numpy().copy() for w in model.weights]
    with pytest.raises(ValueError, match="Input 0 with name 'x'"):
        model.fit(np.ones((8, 5)), np.ones((8, 2)), verbose=0)
    assert all(np.array_equal(b, w.numpy()) for b, w in zip(before, model.weights))


@pytest.mark.parametrize('shape, given, out', [
    ((None, 3), (2, 7, 3), (2, 7, 3)),       # a free axis takes any size
    ((3,), (8, 3, 1), (8, 3)),               # Keras squeezes a last axis of 1 ...
    ((3, 1), (8, 3), (8, 3, 1)),             # ... or adds one
])
def test_what_keras_accepts_still_runs(shape, given, out):
    assert _relu_model(shape).predict(np.ones(given), verbose=0).shape == out


def test_the_batch_axis_is_free_even_when_the_input_fixes_it():
    model = _relu_model(None, batch_shape=(4, 3))       # Keras 3 leaves the batch axis out of the spec
    assert tuple(model(np.ones((8, 3), np.float32)).shape) == (8, 3)
