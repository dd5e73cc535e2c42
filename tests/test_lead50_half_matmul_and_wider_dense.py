"""16-bit matrix products on an AVX2 CPU without oneDNN, and Dense's own call on wider float inputs.

TF 2.21 on an AMD EPYC (oneDNN off) computes a bfloat16 / float16 MatMul or BatchMatMul as its float32
product of the widened operands, cast back: float16 rounded to nearest, bfloat16 truncated (tapeflow rounded
bfloat16 to nearest: half the values one bfloat16 step off). The goldens below are TF's on that CPU; the
``epyc_cpu`` fixture (conftest.py) gives tapeflow that CPU's flags wherever the test runs.

Keras's Dense.call runs ops.matmul(inputs, kernel), which meets the dtypes on Keras's lattice: called
directly (as TimeDistributed or a custom layer's call does) on float64 data, a float32 Dense computes and
returns float64 (tapeflow cast the data to float32).
"""
import numpy as np
import pytest

import framework as tf
from framework import keras

A = np.array([[0.3, -1.2, 2.5, 0.7], [1.1, 0.05, -0.6, 2.2], [-0.9, 1.7, 0.4, -1.3]], np.float32)
B = np.array([[0.25, -0.5], [1.5, 0.75], [-1.25, 0.6], [0.9, -2.1]], np.float32)
# TF 2.21 (AMD EPYC): tf.matmul of the bfloat16 casts of A and B
BF16_PRODUCT = [[-4.21875, -1.0078125], [3.078125, -5.46875], [0.6640625, 4.65625]]


def as_floats(x):
    return tf.cast(x, tf.float32).numpy().tolist()


def test_bfloat16_matmul_truncates_the_float32_product(epyc_cpu):
    a, b = tf.cast(A, tf.bfloat16), tf.cast(B, tf.bfloat16)
    assert as_floats(tf.matmul(a, b)) == BF16_PRODUCT
    # rounding to nearest would give -1.015625, -5.5, 4.6875 (TF's kernel keeps the top 16 bits)
    assert as_floats(tf.matmul(tf.stack([a, a * 2]), tf.stack([b, b]))) == [
        BF16_PRODUCT, [[-8.4375, -2.015625], [6.15625, -10.9375], [1.328125, 9.3125]]]


def test_float16_matmul_rounds_the_float32_product(epyc_cpu):
    product = tf.matmul(tf.cast(A, tf.float16), tf.cast(B, tf.float16))
    assert product.dtype == tf.float16
    assert as_floats(product) == [[-4.21875, -1.0205078125], [3.078125, -5.48828125], [0.65576171875, 4.6953125]]


def test_bfloat16_matmul_gradient_truncates_too(epyc_cpu):
    v = tf.Variable(tf.cast(A, tf.bfloat16))
    with tf.GradientTape() as tape:
        z = tf.reduce_sum(tf.matmul(v, tf.cast(B, tf.bfloat16)) * tf.constant([[0.3, -0.7]] * 3, tf.bfloat16))
    assert as_floats(tape.gradient(z, v)) == [[0.423828125, -0.0732421875, -0.79296875, 1.7265625]] * 3


def test_mixed_bfloat16_dense(epyc_cpu):
    dense = keras.layers.Dense(2, dtype='mixed_bfloat16', kernel_initializer=keras.initializers.Constant(B),
                               bias_initializer='ones', name='bf16_dense')
    out = dense(A)
    assert out.dtype == tf.bfloat16
    assert as_floats(out) == [[-3.21875, -0.0078125], [4.0625, -4.46875], [1.6640625, 5.65625]]


@pytest.mark.parametrize('activation', [None, 'relu', 'elu', 'tanh', 'sigmoid', 'softmax', 'gelu'])
def test_dense_call_on_float64_computes_in_float64(activation):
    dense = keras.layers.Dense(3, activation=activation, kernel_initializer='ones', bias_initializer='ones',
                               name='wide_dense')
    dense.build((2, 4))
    x = np.arange(8).reshape(2, 4) / 7.
    out = dense.call(tf.constant(x))
    assert out.dtype == tf.float64          # TF 2.21: float64 for every activation
    expected = keras.activations.get(activation)(tf.constant(x @ np.ones((4, 3)) + 1.0))
    np.testing.assert_allclose(out.numpy(), expected.numpy(), rtol=1e-15)
    # through __call__ the data is cast to the compute dtype first, in Keras and here
    assert dense(tf.constant(x)).dtype == tf.float32


@pytest.mark.parametrize('policy, data, expected', [
    ('float32', 'float16', 'float32'), ('float32', 'int64', 'float32'), ('float32', 'bool', 'float32'),
    ('mixed_float16', 'float64', 'float64'), ('mixed_float16', 'bfloat16', 'float32'),
    ('float64', 'float16', 'float64'), ('bfloat16', 'float64', 'float64'), ('bfloat16', 'float16', 'float32'),
    ('bfloat16', 'int32', 'bfloat16'), ('bfloat16', 'bfloat16', 'bfloat16'),
])
def test_dense_call_dtype_follows_keras_promotion(policy, data, expected):
    # TF 2.21's dtypes of Dense(3, dtype=policy).call(data cast to dtype)
    dense = keras.layers.Dense(3, dtype=policy, kernel_initializer='ones', name='promoting_dense')
    dense.build((2, 4))
    out = dense.call(tf.cast(tf.constant(np.arange(8).reshape(2, 4) / 7.), data))
    assert out.dtype.name == expected


def test_time_distributed_float64_dense_returns_float64():
    # TimeDistributed calls its layer's call on the (batch * time, ...) rows: TF 2.21 float64 here
    layer = keras.layers.TimeDistributed(keras.layers.Dense(2, kernel_initializer='ones'), dtype='float64')
    out = layer(np.ones((2, 3, 4)))
    assert out.dtype == tf.float64
    assert out.numpy().tolist() == [[[4.0, 4.0]] * 3] * 2
