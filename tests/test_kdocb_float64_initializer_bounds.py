"""Float64 weights from Python-float constants see them rounded to float32 first, as Keras 3 on TF.

Keras's Constant computes ops.cast(value, dtype) and keras.random.uniform tf.cast(minval/maxval, dtype):
both convert a Python float to a float32 tensor before the cast, so Constant(0.3) fills a float64
weight with 0.30000001192092896, and uniform initializers (GlorotUniform's sqrt(6 / fans) too) span
float32-rounded bounds. A numpy float64 value keeps its bits.
Golden bytes (hex) from TensorFlow 2.21 + Keras 3.15.
"""
import numpy as np
import pytest

import framework as tf
from framework import keras


def hexed(t):
    return np.asarray(t).tobytes().hex()


@pytest.mark.parametrize('make, want', [
    (lambda: keras.initializers.GlorotUniform(seed=7)((2, 3), dtype='float64'),
     '1488efd939b5f03f30764fce1b2eb5bf081bcda1b584c13fa85b34eacd40d53ff8f5890373f5c63fc66bca3be7e3e6bf'),
    (lambda: keras.initializers.RandomUniform(minval=-0.1, maxval=0.7, seed=3)((4,), dtype='float64'),
     'dac8bfa45aa5d63f02b1d019a347bb3f5bd835269947d13fc4c521210626b3bf'),
    (lambda: keras.random.uniform((3,), minval=0.1, maxval=0.9, dtype='float64', seed=5),
     '8479451a31bcdf3f7cf48c697b63e73fb4bd36c63953c53f'),
    (lambda: keras.random.uniform((3,), minval=np.float64(0.1), maxval=0.9, dtype='float64', seed=5),
     '408e761931bcdf3ff1a961697b63e73feabd47c33953c53f'),
    (lambda: keras.random.uniform((3,), minval=0.1, maxval=0.9, dtype='float16', seed=5), '4b390c304838'),
])
def test_uniform_bounds_are_cast_through_float32(make, want):
    assert hexed(make()) == want


@pytest.mark.parametrize('value, shape, dtype, want', [
    (0.3, (2,), 'float64', '000000403333d33f000000403333d33f'),
    ([0.1, 0.2], (2, 2), 'float64', '000000a09999b93f000000a09999c93f000000a09999b93f000000a09999c93f'),
    (np.float64(0.3), (2,), 'float64', '333333333333d33f333333333333d33f'),
    (0.3, (2,), 'float16', 'cd34cd34'),
    (7, (2,), 'float64', '0000000000001c400000000000001c40'),
])
def test_constant_casts_its_value_as_keras(value, shape, dtype, want):
    assert hexed(keras.initializers.Constant(value)(shape, dtype=dtype)) == want


def test_constant_broadcast_error_kept():
    # TF 2.21: the Mul kernel's InvalidArgumentError (Keras multiplies value by ones(shape))
    with pytest.raises(tf.errors.InvalidArgumentError, match=r'Incompatible shapes: \[3\] vs\. \[2,2\] \[Op:Mul\] name: '):
        keras.initializers.Constant([1., 2., 3.])((2, 2))
