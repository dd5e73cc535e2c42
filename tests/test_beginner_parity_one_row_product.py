"""A one-row product (a single sample through Dense, predict(x[:1])) sums as TF's CPU kernel does.

Golden values: TF 2.21 (tensorflow-cpu, x86-64) on the same operands, printed with
float(tf.matmul(a, b).numpy()[0][i]) and with the Keras program in
test_single_sample_predict_prints_tf_digits run under TF (imports changed).
numpy's BLAS gives other last bits for each case here (checked when the test was written).
"""

import numpy as np
import pytest

import framework as tf
from framework import keras
from framework.ops.one_row_product import one_row_matmul
from helpers_one_row import one_row_operands


@pytest.fixture(autouse=True)
def _fresh_names(monkeypatch):
    # The goldens come from a TF without oneDNN (Eigen's kernel); with oneDNN on (an AMX Xeon's
    # default) TF's one-row product is a fused chain: tests/test_kerasio_onednn_one_row_product.py
    monkeypatch.setenv('TF_ENABLE_ONEDNN_OPTS', '0')
    # these models take auto-names ('dense_7'); leave the counters as found for tests that print names
    yield
    keras.backend.clear_session()


# (K, N, dtype, columns checked, TF's values there)
CASES = [
    (13, 4, np.float32, None, [-4.225186824798584, -6.243386268615723, -8.1819486618042, -10.016146659851074]),
    # K >= 128: blocks of 16 rows
    (200, 3, np.float32, None, [4.046488285064697, 4.493222236633301, 4.882625102996826]),
    # one column: all K in one run
    (200, 1, np.float32, None, [8.204229354858398]),
    # a kernel row of 8100 * 4 bytes >= 32000: blocks of 4 rows
    (130, 8100, np.float32, [0, 1, 2, 3, 4, 5, 8099],
     [-1.4541491270065308, -1.3523077964782715, -1.233219027519226, -1.0983997583389282,
      -0.9495687484741211, -0.788625955581665, 0.12233501672744751]),
    (300, 5, np.float64, None, [-5.968674413761341, -6.982887338157285, -7.9080306122043655,
                                -8.732303646267786, -9.445192492838292]),
]


@pytest.mark.parametrize('depth,width,dtype,columns,expected', CASES)
def test_one_row_matmul_has_tf_bits(depth, width, dtype, columns, expected):
    a, b = one_row_operands(depth, width, dtype)
    columns = list(range(width)) if columns is None else columns
    for got in (tf.matmul(a, b).numpy()[0], tf.matmul(a.T.copy(), b, transpose_a=True).numpy()[0],
                one_row_matmul(np, a, b)[0]):
        assert got.dtype == dtype
        assert [float(got[i]) for i in columns] == expected


def test_dense_layer_on_one_sample_uses_the_same_sums():
    a, b = one_row_operands(200, 3, np.float32)
    layer = keras.layers.Dense(3, use_bias=False)
    layer.build((None, 200))
    layer.kernel.assign(b)
    assert layer(a).numpy()[0].tolist() == CASES[1][4]


def test_other_products_are_numpy_matmul():
    a, b = one_row_operands(20, 6, np.float32)
    two_rows = np.concatenate([a, a[:, ::-1]])
    np.testing.assert_array_equal(one_row_matmul(np, two_rows, b), np.matmul(two_rows, b))
    ints = np.arange(6).reshape(1, 6)
    np.testing.assert_array_equal(one_row_matmul(np, ints, ints.T), [[55]])


def test_a_sum_of_zeros_is_positive_zero():
    got = one_row_matmul(np, np.array([[-0.0, 0.0]], np.float32), np.array([[1.0], [-1.0]], np.float32))
    assert np.signbit(got[0, 0]) == False     # noqa: E712  (TF: +0.0; numpy's -0.0 + -0.0 would be -0.0)


def test_single_sample_predict_prints_tf_digits(capsys, monkeypatch):
    # a TF without oneDNN printed these: with it, its softmax (and one-row product) round otherwise
    monkeypatch.setenv('TF_ENABLE_ONEDNN_OPTS', '0')
    keras.utils.set_random_seed(11)
    model = keras.Sequential([keras.Input((150,)), keras.layers.Dense(24, activation='relu'),
                              keras.layers.Dense(5, activation='softmax')])
    x = np.linspace(-1.0, 1.0, 150, dtype='float32')[None, :]
    print(model.predict(x, verbose=0))
    print(model(x))
    out = capsys.readouterr().out
    # TF 2.21 printed these lines for the same program (numpy's BLAS gave 0.09677433)
    assert out.splitlines() == [
        '[[0.09677432 0.09447122 0.4442393  0.27092463 0.09359056]]',
        'tf.Tensor([[0.09677432 0.09447122 0.4442393  0.27092463 0.09359056]], shape=(1, 5), dtype=float32)',
    ]
