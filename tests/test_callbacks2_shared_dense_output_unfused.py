"""A traced Dense output that two consumers read is not fused with the activation after it, as in TF 2.21.

TF's remapper fuses MatMul + BiasAdd + Tanh / Sigmoid / Elu into oneDNN's kernel only where the BiasAdd
has that one consumer. A functional model that also outputs the Dense's result (or feeds it to a second
layer) predicts Eigen's activation, the eager values; tapeflow fused there too (55 of 128 tanh values off).
Goldens: TF 2.21 + Keras 3.15 running /work/notes/progs/callbacks2/n11.py (checksums: the sum of the
outputs' float32 bit patterns).
"""
import copy

import numpy as np
import pytest

from framework import keras

pytestmark = pytest.mark.usefixtures('xeon_cpu')

X = np.linspace(-3, 3, 64, dtype='float32').reshape(8, 8)


# TF 2.21's bits on the AVX-512 Xeon, which numpy's and OpenBLAS's rounding there decides too
@pytest.mark.avx512_bits
@pytest.mark.parametrize('activation, fused_off, fused_checksum, unfused_checksum', [
    ('tanh', 55, 280748615765, 280748615782),
    ('sigmoid', 74, 135035824236, 135035824176),
    ('elu', 32, 280840445872, 280840445764),
])
def test_second_consumer_keeps_the_activation_unfused(activation, fused_off, fused_checksum, unfused_checksum):
    keras.utils.set_random_seed(1)
    inp = keras.Input((8,))
    d = keras.layers.Dense(16)(inp)
    one = keras.Model(inp, keras.layers.Activation(activation)(d))
    two = keras.Model(inp, [keras.layers.Activation(activation)(d), d])
    add = keras.Model(inp, keras.layers.Add()([keras.layers.Activation(activation)(d), d]))
    eager = np.asarray(one(X))
    fused = one.predict(X, verbose=0)
    unfused = two.predict(X, verbose=0)[0]
    assert int((fused != eager).sum()) == fused_off
    assert int((unfused != eager).sum()) == 0
    assert int(fused.view(np.uint32).sum(dtype=np.uint64)) == fused_checksum
    assert int(unfused.view(np.uint32).sum(dtype=np.uint64)) == unfused_checksum
    assert np.array_equal(copy.deepcopy(two).predict(X, verbose=0)[0], unfused)     # a copy knows its own nodes
    # read by the Activation and by Add: unfused too
    assert np.array_equal(add.predict(X, verbose=0), unfused + two.predict(X, verbose=0)[1])
