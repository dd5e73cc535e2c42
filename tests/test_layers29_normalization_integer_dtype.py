"""Normalization with an integer dtype (dtype='int32', 'uint8', ...) computes as Keras 3 on TF 2.21 does.

Keras's call runs keras.ops: ``sqrt`` of the integer variance computes in floatx and ``divide`` /
``multiply`` promote to it, so the output is float32, while ``inputs - mean`` stays in the integer dtype
(uint8 wraps around). tapeflow ran TF's Sqrt on the integers and raised its InvalidArgumentError.
Goldens: /work/notes/progs/layers29/p10.py under TF 2.21 (p10.tf.out); the values are exact (subtract,
sqrt and divide round correctly on every CPU).
"""
import numpy as np
import pytest

from framework import keras

X = np.array([[1.5, 2.25, 3.], [4., 5., 6.], [7., 9., 1.]], 'float32')
GIVEN = dict(mean=[1., 2., 3.], variance=[1., 4., 9.])
NORMALIZED = [[0.0, 0.0, 0.0], [3.0, 1.5, 1.0], [6.0, 3.5, -0.6666666865348816]]
INVERTED = [[2.0, 6.0, 12.0], [5.0, 12.0, 21.0], [8.0, 20.0, 6.0]]
ADAPTED = [[-1.3416407108306885, -1.1338934898376465, 0.0], [0.0, 0.0, 1.5],
           [1.3416407108306885, 1.5118579864501953, -1.0]]
ADAPTED_INVERTED = [[6.236067771911621, 10.291501998901367, 9.0], [12.9442720413208, 18.228755950927734, 15.0],
                    [19.652477264404297, 28.8117618560791, 5.0]]
SCALAR = [[-0.5773502588272095, 0.0, 0.5773502588272095], [1.154700517654419, 1.732050895690918, 2.309401035308838],
          [2.886751413345337, 4.041451930999756, -0.5773502588272095]]


@pytest.mark.parametrize('dtype', ['int16', 'int32', 'int64'])
@pytest.mark.parametrize('kwargs, expected', [
    (GIVEN, NORMALIZED), (dict(GIVEN, invert=True), INVERTED), (dict(mean=2, variance=3), SCALAR)],
    ids=['given', 'given_invert', 'scalar'])
def test_given_statistics_of_integer_layer_give_float32(dtype, kwargs, expected):
    layer = keras.layers.Normalization(dtype=dtype, **kwargs)
    out = layer(X.astype('int32'))
    assert out.dtype == 'float32'
    assert np.asarray(out).tolist() == expected


@pytest.mark.parametrize('dtype', ['int16', 'int32', 'int64'])
@pytest.mark.parametrize('invert, expected', [(False, ADAPTED), (True, ADAPTED_INVERTED)], ids=['plain', 'invert'])
def test_adapted_integer_layer_truncates_statistics_and_gives_float32(dtype, invert, expected):
    layer = keras.layers.Normalization(dtype=dtype, invert=invert)
    layer.adapt(X)
    assert [(w.name, w.dtype, np.asarray(w).tolist()) for w in layer.weights] == [
        ('mean', dtype, [4, 5, 3]), ('variance', dtype, [5, 7, 4]), ('count', 'int64', 0)]
    for inputs in (X, X.astype('int32')):
        out = layer(inputs)
        assert out.dtype == 'float32'
        assert np.asarray(out).tolist() == expected


def test_uint8_layer_subtracts_with_wrap_around():
    # Keras subtracts in uint8: 1 - 3 wraps to 254, and 254 / 3 is the last value's 84.666664
    given = keras.layers.Normalization(dtype='uint8', **GIVEN)
    assert np.asarray(given(X.astype('int32'))).tolist() == [[0.0, 0.0, 0.0], [3.0, 1.5, 1.0],
                                                             [6.0, 3.5, 84.66666412353516]]
    scalar = keras.layers.Normalization(dtype='uint8', mean=2, variance=3)
    assert np.asarray(scalar(X.astype('int32'))).tolist() == [
        [147.2243194580078, 0.0, 0.5773502588272095], [1.154700517654419, 1.732050895690918, 2.309401035308838],
        [2.886751413345337, 4.041451930999756, 147.2243194580078]]


def test_symbolic_call_keeps_the_integer_dtype():
    # Keras's symbolic output is the compute dtype (its compute_output_spec), as TF 2.21 prints
    layer = keras.layers.Normalization(dtype='int32', **GIVEN)
    out = layer(keras.Input((3,)))
    assert (out.dtype, tuple(out.shape)) == ('int32', (None, 3))
