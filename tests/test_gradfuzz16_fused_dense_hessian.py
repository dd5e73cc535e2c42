"""A Hessian-vector product through Dense(4, activation='tanh') has TF 2.21's bits: the fused affine + activation
node (ops/dense_activation.py) records one pre-activation gradient (TF's one TanhGrad feeding MatMul's and
BiasAdd's gradients), so an outer tape sums the three contributions before differentiating it once. It recorded
one copy per input, each differentiated apart: 17 of 21 values up to 3.7e-6 off.

Golden values printed by TF 2.21 (notes/progs/gradfuzz16/t18.py, t20.py) with these weights:
    m = keras.Sequential([keras.Input((3,)), keras.layers.Dense(4, activation='tanh'), keras.layers.Dense(1)])
    with tf.GradientTape() as t2:
        with tf.GradientTape() as t1: loss = tf.reduce_mean(m(x) ** 2)
        s = tf.add_n([tf.reduce_sum(g * 0.1) for g in t1.gradient(loss, m.trainable_variables)])
    t2.gradient(s, m.trainable_variables)
"""
import pytest
import numpy as np

import framework as tf
from framework import keras

WEIGHTS = [np.array([-0.44624561071395874, 0.6711212396621704, 0.8117601871490479, -0.29026615619659424,
                     -0.8675614595413208, -0.7215096950531006, 0.08342134952545166, -0.8953086733818054,
                     0.5490086078643799, -0.40332502126693726, 0.27207493782043457, -0.6972284317016602],
                    np.float32).reshape(3, 4),
           np.zeros(4, np.float32),
           np.array([0.19994258880615234, -0.2139914631843567, 0.6814450025558472, 0.1389690637588501],
                    np.float32).reshape(4, 1),
           np.zeros(1, np.float32)]
TF = [['0x1.4fcaaep-5', '-0x1.eaf0bep-8', '0x1.5acfc8p-10', '0x1.0349a4p-7', '0x1.0390cap-4', '-0x1.f2f87ep-7',
       '0x1.ab5cp-6', '0x1.0ba1a4p-6', '0x1.5f3c4p-4', '-0x1.783c5p-6', '0x1.a08582p-5', '0x1.959e74p-6'],
      ['0x1.ca5944p-4', '-0x1.3ce028p-5', '0x1.fb1ac4p-4', '0x1.58f80cp-5'],
      ['0x1.4f9d9ap-4', '-0x1.19f88p-7', '0x1.7e9194p-3', '-0x1.394312p-3'],
      ['0x1.2b6f08p-2']]


# TF 2.21's bits on the AVX-512 Xeon, which numpy's and OpenBLAS's rounding there decides too
@pytest.mark.avx512_bits
def test_hessian_vector_product_through_fused_tanh_dense_is_tf_bits():
    keras.backend.clear_session()
    m = keras.Sequential([keras.Input((3,)), keras.layers.Dense(4, activation='tanh'), keras.layers.Dense(1)])
    m.set_weights(WEIGHTS)
    x = tf.constant(np.arange(6, dtype=np.float32).reshape(2, 3) / 5)
    variables = m.trainable_variables
    with tf.GradientTape() as outer:
        with tf.GradientTape() as inner:
            loss = tf.reduce_mean(m(x) ** 2)
        s = tf.add_n([tf.reduce_sum(g * 0.1) for g in inner.gradient(loss, variables)])
    got = [[float(v).hex() for v in h.numpy().ravel()] for h in outer.gradient(s, variables)]
    assert got == [[float.fromhex(v).hex() for v in row] for row in TF]


def test_first_order_gradients_unchanged_and_shared_rule_released():
    keras.backend.clear_session()
    m = keras.Sequential([keras.Input((3,)), keras.layers.Dense(4, activation='tanh')])
    m.set_weights(WEIGHTS[:2])
    x = tf.constant(np.arange(6, dtype=np.float32).reshape(2, 3) / 5)
    with tf.GradientTape(persistent=True) as tape:
        y = tf.reduce_sum(m(x))
    first = [g.numpy() for g in tape.gradient(y, m.trainable_variables)]
    again = [g.numpy() for g in tape.gradient(y, m.trainable_variables)]
    for a, b in zip(first, again):
        np.testing.assert_array_equal(a, b)
    kernel, bias = WEIGHTS[0], WEIGHTS[1]
    dz = 1 - np.tanh(x.numpy() @ kernel + bias) ** 2
    np.testing.assert_allclose(first[0], x.numpy().T @ dz, rtol=1e-6)
    np.testing.assert_allclose(first[1], dz.sum(0), rtol=1e-6)
