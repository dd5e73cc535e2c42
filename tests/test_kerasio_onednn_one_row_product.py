"""Where TensorFlow runs oneDNN (TF_ENABLE_ONEDNN_OPTS=1, TF's default on AVX-512 VNNI / AMX
Xeons), a float32 one-row product is a fused multiply-add chain over k in order from +0
(ops/one_row_product.py), not Eigen's matrix-vector order: a single sample through Dense
(predict(x[:1]), keras.io examples' last cells) and a one-feature Dense's kernel gradient.

Golden values: the same programs under /opt/tfref/bin/python (TF 2.21, Keras 3.15.1) on an
AMX Xeon with oneDNN on, printed with .tolist(); tests/test_beginner_parity_one_row_product.py
and tests/test_one_row_gradients.py hold the oneDNN-off values of the same programs.
"""
import numpy as np
import pytest

import framework as tf
from framework import keras
from framework.ops.one_row_product import one_row_matmul
from helpers_one_row import one_column_gradient_draws, one_row_operands


@pytest.fixture(autouse=True)
def _onednn_on(monkeypatch):
    monkeypatch.setenv('TF_ENABLE_ONEDNN_OPTS', '1')
    yield
    keras.backend.clear_session()


CASES = [
    (13, 4, [-4.225186347961426, -6.243387222290039, -8.1819486618042, -10.016146659851074]),
    (200, 3, [4.046497821807861, 4.4932637214660645, 4.882596492767334]),
    (200, 1, [8.204225540161133]),
    (4096, 128, [-1.1400222778320312, -0.9702630043029785, -0.7881282567977905, -0.5959460735321045]),
]


@pytest.mark.parametrize('depth,width,expected', CASES)
def test_one_row_products_are_fused_chains(depth, width, expected):
    a, b = one_row_operands(depth, width, np.float32)
    for got in (tf.matmul(a, b).numpy()[0], tf.matmul(a.T.copy(), b, transpose_a=True).numpy()[0]):
        assert got[:4].tolist() == expected


def test_float64_keeps_eigens_order():
    # oneDNN's MatMul is float32 only: TF's float64 product is Eigen's, as with oneDNN off
    a, b = one_row_operands(300, 5, np.float64)
    assert tf.matmul(a, b).numpy()[0].tolist() == [-5.968674413761341, -6.982887338157285, -7.9080306122043655,
                                                   -8.732303646267786, -9.445192492838292]


def test_a_chain_of_zero_products_is_positive_zero():
    got = one_row_matmul(np, np.array([[-0.0, 0.0]], np.float32), np.array([[1.0], [-1.0]], np.float32))
    assert got[0, 0] == 0 and not np.signbit(got[0, 0])


def test_single_sample_predict_prints_tf_digits(capsys):
    keras.utils.set_random_seed(11)
    model = keras.Sequential([keras.Input((150,)), keras.layers.Dense(24, activation='relu'),
                              keras.layers.Dense(5, activation='softmax')])
    x = np.linspace(-1.0, 1.0, 150, dtype='float32')[None, :]
    print(model.predict(x, verbose=0))
    print(model(x))
    assert capsys.readouterr().out.splitlines() == [
        '[[0.09677435 0.09447123 0.4442392  0.27092463 0.09359056]]',
        'tf.Tensor([[0.09677435 0.09447123 0.4442392  0.27092463 0.09359056]], shape=(1, 5), dtype=float32)',
    ]


def test_gradients_computed_after_the_tape_closes_take_the_chain():
    a, b, w, x, y, weights = one_column_gradient_draws()
    a, b = tf.Variable(a), tf.Variable(b)
    with tf.GradientTape() as tape:
        c = tf.reduce_sum(tf.matmul(a, b) * w)
    assert tape.gradient(c, b).numpy().ravel().tolist() == [
        -2.653921127319336, -0.7544558048248291, -12.234798431396484, 2.8246426582336426, 3.165079116821289]
    dense = keras.layers.Dense(1, kernel_initializer=keras.initializers.Constant(0.7),
                               bias_initializer=keras.initializers.Constant(0.1))
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.reduce_mean(tf.abs(dense(x) - y), axis=-1) * weights)
    kernel_grad, _ = tape.gradient(loss, dense.trainable_variables)
    assert kernel_grad.numpy().item() == -0.14212770760059357
