"""Gradients TensorFlow computes as one-row products or whole-column sums, in its order.

TF's MatMul gradient for b is MatMul(a, g, transpose_a=True): with one column in a (a Dense
layer fed one feature) that is a one-row product, which TF sums in its matrix-vector order
(ops/one_row_product.py), as tapeflow's forward one-row products already were. A Dense(1)
bias's gradient sums a (batch, 1) column, which TF reduces as a whole tensor. Goldens: the same
programs under TF 2.21 (numpy's order gave the values in the comments)."""
import numpy as np
import pytest

import framework as tf
from framework import keras
from helpers_one_row import one_column_gradient_draws


@pytest.fixture(autouse=True)
def _onednn_off(monkeypatch):
    # The goldens come from a TF without oneDNN; with it (an AMX Xeon's default) TF's one-row
    # products are fused chains: tests/test_kerasio_onednn_one_row_product.py
    monkeypatch.setenv('TF_ENABLE_ONEDNN_OPTS', '0')


def test_the_gradient_of_b_in_a_one_column_product():
    a, b, w, _, _, _ = one_column_gradient_draws()
    a, b = tf.Variable(a), tf.Variable(b)
    with tf.GradientTape() as tape:
        c = tf.reduce_sum(tf.matmul(a, b) * w)
    # numpy's order gave -0.7544564008712769, -12.234800338745117, 2.824643135070801
    assert tape.gradient(c, b).numpy().ravel().tolist() == [
        -2.653921365737915, -0.75445556640625, -12.234798431396484, 2.824641704559326, 3.165079116821289]


def test_a_one_feature_dense_kernel_gradient():
    _, _, _, x, y, weights = one_column_gradient_draws()
    dense = keras.layers.Dense(1, kernel_initializer=keras.initializers.Constant(0.7),
                               bias_initializer=keras.initializers.Constant(0.1))
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.reduce_mean(tf.abs(dense(x) - y), axis=-1) * weights)
    kernel_grad, _ = tape.gradient(loss, dense.trainable_variables)
    assert kernel_grad.numpy().item() == -0.14212772250175476     # numpy's order: -0.14212770760059357


def test_a_dense_1_bias_gradient_sums_its_column_in_tensorflows_order():
    w = np.random.default_rng(0).normal(size=(26, 1)).astype(np.float32)
    dense = keras.layers.Dense(1)
    x = np.ones((26, 3), np.float32)
    dense(x)
    with tf.GradientTape() as tape:
        loss = tf.reduce_sum(dense(x) * w)
    assert tape.gradient(loss, dense.bias).numpy()[0].item() == -1.741840124130249   # numpy's: -1.7418397665023804
