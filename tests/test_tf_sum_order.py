"""Float32 sums over trailing axes add in TensorFlow's order (framework/ops/eigen_sum.py).

numpy's pairwise sum gives another last bit for most lengths from 8 on; the
values below are TensorFlow 2.21's, printed as float.hex by /tmp-scratch runs of
tf.reduce_sum / tf.reduce_mean / keras.regularizers.l2 on the same inputs
(np.random.RandomState(7) draws, in this order).
"""
import numpy as np
import pytest

import framework as tf
from framework import keras

SUMS = {  # n: (reduce_sum, reduce_mean) of (normal(size=n) * 3).astype(float32)
    9: ('0x1.ae6b8p-2', '0x1.7e9872p-5'), 31: ('-0x1.8e5dc4p+3', '-0x1.9b378p-2'),
    32: ('-0x1.1584bp+3', '-0x1.1584bp-2'), 33: ('0x1.52794p+4', '0x1.483784p-1'),
    201: ('-0x1.458cc6p+4', '-0x1.9ea176p-4'), 1000: ('-0x1.35b54p+6', '-0x1.3d2418p-4'),
    9000: ('-0x1.065266p+7', '-0x1.dd8adap-7'),
}
ROWS = ['0x1.8322bep+3', '-0x1.153916p+5', '0x1.9db192p+4', '0x1.370782p+4', '-0x1.f34e2p-2']
MEAN3D = ['0x1.2e279ap-2', '-0x1.b0bd04p-1', '0x1.42e202p-1', '0x1.e5825ap-2', '-0x1.85b39cp-7']
SQUARES, L2 = '0x1.ac40cap+7', '0x1.569a3cp+3'


def _hex(value):
    return float(np.float32(value)).hex()


def _inputs():
    rng = np.random.RandomState(7)
    vectors = {n: (rng.normal(size=n) * 3).astype(np.float32) for n in SUMS}
    rows = (rng.normal(size=(5, 41)) * 3).astype(np.float32)
    kernel = rng.normal(size=(8, 30)).astype(np.float32)
    return vectors, rows, kernel


def test_whole_vector_sums_and_means_carry_tensorflows_bits():
    vectors, _, _ = _inputs()
    for n, (total, mean) in SUMS.items():
        assert _hex(tf.reduce_sum(vectors[n]).numpy()) == float.fromhex(total).hex(), n
        assert _hex(tf.reduce_mean(vectors[n]).numpy()) == float.fromhex(mean).hex(), n


def test_row_sums_and_trailing_axes_means_carry_tensorflows_bits():
    _, rows, _ = _inputs()
    assert [_hex(v) for v in tf.reduce_sum(rows, axis=1).numpy()] == [float.fromhex(h).hex() for h in ROWS]
    means = tf.reduce_mean(rows.reshape(5, 41, 1), axis=[1, 2]).numpy()
    assert [_hex(v) for v in means] == [float.fromhex(h).hex() for h in MEAN3D]


def test_l2_penalties_carry_tensorflows_bits():
    _, _, kernel = _inputs()
    assert _hex(tf.reduce_sum(tf.square(kernel)).numpy()) == float.fromhex(SQUARES).hex()
    assert _hex(keras.regularizers.l2(0.05)(kernel).numpy()) == float.fromhex(L2).hex()


@pytest.mark.parametrize('n', [8, 16, 40, 255, 8193])
def test_the_order_is_numpys_where_they_agree_and_the_value_is_a_float32_sum(n):
    a = np.random.default_rng(n).standard_normal(n).astype(np.float32)
    total = tf.reduce_sum(a).numpy()
    assert total.dtype == np.float32
    assert abs(float(total) - float(a.astype(np.float64).sum())) <= 1e-5 * n
