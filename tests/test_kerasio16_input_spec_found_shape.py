"""A functional model refuses a call as Keras 3's InputSpec does: on the tensor as given, a last
axis of size 1 dropped on both sides, sizes compared as far as both shapes go, and the message
naming that squeezed shape. Golden messages from TF 2.21 + Keras 3 (kerasio16/d2.py, d3.py):
the keras.io ESPCN example's predict on a (1, 10, 9, 1) image for Input(shape=(8, 8, 1)) says
"found shape=(1, 10, 9)"; tapeflow said (1, 10, 9, 1) and refused (2, 1) for Input(shape=(5,)),
which Keras lets through (it compares (2,) with (None, 5) on the batch axis only).
"""
import re

import numpy as np
import pytest

from framework import keras


def _model(input_shape):
    inp = keras.Input(input_shape, name='x')
    return keras.Model(inp, keras.layers.Flatten()(inp) * 2.0)


@pytest.mark.parametrize('input_shape,x_shape,found', [
    ((8, 8, 1), (1, 10, 9, 1), '(1, 10, 9)'),
    ((4, 1), (2, 5), '(2, 5)'),
    ((4, 1), (2, 5, 1), '(2, 5)'),
    ((2, 1), (3, 1, 1), '(3, 1)'),
    ((3,), (2, 5, 1), '(2, 5)'),
    ((4,), (2, 5, 2, 1), '(2, 5, 2)'),
])
@pytest.mark.parametrize('how', ['call', 'predict'])
def test_found_shape_is_the_given_one_less_a_last_axis_of_one(input_shape, x_shape, found, how):
    model = _model(input_shape)
    x = np.ones(x_shape, 'float32')
    expected = '(None, %s)' % ', '.join(map(str, input_shape)) if len(input_shape) > 1 else '(None, %d)' % input_shape
    words = "Input 0 with name 'x' of layer '%s' is incompatible with the layer: expected shape=%s, found shape=%s" % (
        model.name, expected, found)
    with pytest.raises(ValueError, match='^' + re.escape(words)):
        model(x) if how == 'call' else model.predict(x, verbose=0)


def test_fit_names_the_batch_as_none():
    model = _model((8, 8, 1))
    model.compile('sgd', 'mse')
    with pytest.raises(ValueError, match=re.escape('expected shape=(None, 8, 8, 1), found shape=(None, 10, 9)')):
        model.fit(np.ones((1, 10, 9, 1), 'float32'), np.ones((1, 64), 'float32'), verbose=0)


def test_a_last_axis_of_one_for_a_wider_input_passes_as_in_keras():
    # Keras compares (2,) (the (2, 1) given, squeezed) with (None, 5): only the batch axis, so it runs
    model = _model((5,))
    out = model(np.arange(2, dtype='float32').reshape(2, 1))
    np.testing.assert_array_equal(np.asarray(out), [[0.0], [2.0]])
    assert model.predict(np.ones((3, 1), 'float32'), verbose=0).shape == (3, 1)


def test_matching_shapes_still_run():
    model = _model((4, 1))
    assert model(np.ones((2, 4, 1), 'float32')).shape == (2, 4)
    assert model(np.ones((2, 4), 'float32')).shape == (2, 4)      # a last axis of 1 added, as Keras does
