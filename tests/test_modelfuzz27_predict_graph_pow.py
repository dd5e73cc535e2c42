"""A Pow with a constant exponent in predict: TF 2.21's predict step is a tf.function, so grappler's
ConvertPow rewrites it there too (x ** 2 as Square, 3 as x * Square(x), 0.5 as Sqrt, -0.5 as Rsqrt, -1 as
Reciprocal); tapeflow rewrote it only in train / test steps and tf.functions, so sparse_plus (Keras's
(1 / 4) * pow(x + 1, 2)) and a layer's ops.power predicted Eigen's pow bits. And a rewritten pow(x, -1) is
TF's Reciprocal kernel (Eigen's estimate and Newton step), which tapeflow computed as 1 / x.

Goldens: TF 2.21 on this AMD EPYC (AVX2), /work/notes/progs/modelfuzz27/red/gold_pow.py; before the fix each of
these seven lines differed (red/powpred.py: 60-81 of 256 predictions per exponent, red/actbn.py's
sparse_plus -> BatchNormalization 32 of 192).
"""
import numpy as np
import pytest

import framework as tf
from framework import keras

X = np.array([[-1.7, -0.93, -0.31, 0.07], [0.44, 0.81, 0.97, 1.3]], 'float32')
POSITIVE = np.abs(X) + 0.1
POWER_PREDICT = {
    2: ['0x1.9eb8540000000p+1', '0x1.0f97240000000p+0', '0x1.5844d00000000p-3', '0x1.d97f640000000p-6',
        '0x1.2a99320000000p-2', '0x1.a7fcba0000000p-1', '0x1.25182c0000000p+0', '0x1.f5c28e0000000p+0'],
    3: ['0x1.753f800000000p+2', '0x1.17bcf40000000p+0', '0x1.1a4ce80000000p-4', '0x1.41fa780000000p-8',
        '0x1.427c7e0000000p-3', '0x1.81d4100000000p-1', '0x1.399c6e0000000p+0', '0x1.5f3b640000000p+1'],
    0.5: ['0x1.5775c60000000p+0', '0x1.03cfc60000000p+0', '0x1.47d7080000000p-1', '0x1.a634be0000000p-2',
          '0x1.783ddc0000000p-1', '0x1.e86ab80000000p-1', '0x1.08cef80000000p+0', '0x1.2ee73e0000000p+0'],
    -0.5: ['0x1.7d9f4c0000000p-1', '0x1.f87d140000000p-1', '0x1.8fce0a0000000p+0', '0x1.3672120000000p+1',
           '0x1.5c5f320000000p+0', '0x1.0c5c660000000p+0', '0x1.eef8160000000p-1', '0x1.b0b8100000000p-1'],
    -1: ['0x1.1c71c60000000p-1', '0x1.f116600000000p-1', '0x1.3831f40000000p+1', '0x1.78787a0000000p+2',
         '0x1.da12f60000000p+0', '0x1.1951920000000p+0', '0x1.de81300000000p-1', '0x1.6db6dc0000000p-1'],
}


def _hexes(values):
    return [float(v).hex() for v in np.ravel(values)]


class Power(keras.layers.Layer):
    def __init__(self, exponent, **kwargs):
        super().__init__(**kwargs)
        self.exponent = exponent

    def call(self, inputs):
        return keras.ops.power(inputs, self.exponent)


def test_sparse_plus_predicts_with_square_and_eager_keeps_pow(epyc_cpu):
    model = keras.Sequential([keras.Input((4,)), keras.layers.Activation('sparse_plus')])
    assert _hexes(model.predict(X, verbose=0)) == [
        '0x0.0p+0', '0x1.4120580000000p-10', '0x1.e786c20000000p-4', '0x1.25182c0000000p-2',
        '0x1.096bba0000000p-1', '0x1.a3573c0000000p-1', '0x1.f0c1560000000p-1', '0x1.4ccccc0000000p+0']
    assert _hexes(keras.activations.sparse_plus(tf.constant(X))) == [      # Eigen's pow: two values an ulp up
        '0x0.0p+0', '0x1.4120580000000p-10', '0x1.e786c20000000p-4', '0x1.25182e0000000p-2',
        '0x1.096bbc0000000p-1', '0x1.a3573c0000000p-1', '0x1.f0c1560000000p-1', '0x1.4ccccc0000000p+0']


@pytest.mark.parametrize('exponent', sorted(POWER_PREDICT))
def test_a_layers_power_predicts_as_grappler_rewrites_it(epyc_cpu, exponent):
    model = keras.Sequential([keras.Input((4,)), Power(exponent)])
    assert _hexes(model.predict(POSITIVE, verbose=0)) == POWER_PREDICT[exponent]


def test_traced_pow_minus_one_is_the_reciprocal_kernel(epyc_cpu):
    traced = tf.function(lambda t: tf.pow(t, -1.0))(tf.constant(POSITIVE))
    assert _hexes(traced) == POWER_PREDICT[-1]
    assert _hexes(traced) == _hexes(tf.math.reciprocal(tf.constant(POSITIVE)))
