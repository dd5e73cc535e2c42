"""L1 / L2 / L1L2 penalise as Keras 3's ``ops.cast(penalty, x.dtype) * ...``: a Python-float penalty is
float32 first, so a float64 weight sees float64(float32(0.03)) (~1e-8 relative off before); zero
penalties give Keras's constant +0 (no gradient, NaN ignored); get() reads Keras's identifiers.

Golden bytes (hex) from TensorFlow 2.21 + Keras 3.15 (np.random.RandomState(2).randn(4, 3) weights).
"""
import warnings

import numpy as np
import pytest

import framework as tf
from framework import keras

W = np.random.RandomState(2).randn(4, 3)


def hexed(t):
    return np.asarray(t).tobytes().hex()


@pytest.mark.parametrize('make, want', [
    (lambda: keras.regularizers.L1(0.03), ('6bdbff72bbcfd93f', 'dc7dce3e', '7436')),
    (lambda: keras.regularizers.L2(0.03), ('75d532f42bd6e33f', '5fb11e3f', 'f638')),
    (lambda: keras.regularizers.L1L2(0.01, 0.02), ('35884c8bbc86e13f', 'e4350c3f', '6238')),
])
def test_penalties_in_each_dtype(make, want):
    r = make()
    got = (hexed(r(W)), hexed(r(W.astype('float32'))), hexed(r(W.astype('float16'))))
    assert got == want


def test_configs_keep_the_given_numbers():
    assert keras.regularizers.L2(0.03).get_config() == {'l2': 0.03}
    assert keras.regularizers.L1L2(0.01, 0.02).get_config() == {'l1': 0.01, 'l2': 0.02}
    assert keras.regularizers.L1(0.03).get_config() == {'l1': 0.029999999329447746}    # a float32 tensor in Keras
    r = keras.regularizers.L2(0.03)
    r.l2 = 0.5                                  # the factor follows the attribute
    assert float(r(np.ones((2,), 'float64'))) == 1.0


def test_zero_l1l2_is_a_constant_positive_zero():
    v = tf.Variable(np.array([[-1., 2.], [-3., -4.]], 'float32'))
    with tf.GradientTape() as tape:
        r = keras.regularizers.L1L2()(v)
    with warnings.catch_warnings():
        warnings.simplefilter('ignore')
        assert tape.gradient(r, v) is None
    assert r.dtype == tf.float32 and hexed(r) == '00000000'
    got = keras.regularizers.L1L2()(np.array([np.nan, -1.]))
    assert got.dtype == tf.float64 and hexed(got) == '0000000000000000'


@pytest.mark.parametrize('name, cls', [('l1l2', 'L1L2'), ('L1L2', 'L1L2'), ('regularizer', 'Regularizer'),
                                       ('Regularizer', 'Regularizer'), ('orthogonal_regularizer', 'OrthogonalRegularizer')])
def test_get_reads_keras_identifiers(name, cls):
    assert type(keras.regularizers.get(name)).__name__ == cls


def test_get_l1_l2_is_not_an_identifier():
    with pytest.raises(ValueError, match='Could not interpret regularizer identifier: l1_l2'):
        keras.regularizers.get('l1_l2')
    assert keras.regularizers.l1_l2 is not None         # the attribute stays
