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


# TF 2.21 on the same program: (loss, W, b) after each of 10 steps, as float.hex. The gradient of
# W * x sums 201 products: with numpy's order W and b drifted by an ulp from the first step on.
LINEAR_FIT = [
    ('0x1.462c700000000p+3', '0x1.248e7a0000000p+2', '0x1.c37a6a0000000p-2'),
    ('0x1.b3ada20000000p+2', '0x1.0ec2820000000p+2', '0x1.932acc0000000p-1'),
    ('0x1.2c72bc0000000p+2', '0x1.fae39e0000000p+1', '0x1.0f4c760000000p+0'),
    ('0x1.b012fe0000000p+1', '0x1.df5f960000000p+1', '0x1.4612a60000000p+0'),
    ('0x1.46ae8a0000000p+1', '0x1.c981960000000p+1', '0x1.71196c0000000p+0'),
    ('0x1.04e0e80000000p+1', '0x1.b81fd60000000p+1', '0x1.92e3f00000000p+0'),
    ('0x1.b793340000000p+0', '0x1.aa4e100000000p+1', '0x1.ad6c200000000p+0'),
    ('0x1.843f9a0000000p+0', '0x1.9f50bc0000000p+1', '0x1.c23ff00000000p+0'),
    ('0x1.642fee0000000p+0', '0x1.9693020000000p+1', '0x1.d298520000000p+0'),
    ('0x1.5028160000000p+0', '0x1.8f9eb40000000p+1', '0x1.df6b580000000p+0'),
]


def test_a_scalar_weights_gradient_sums_in_tensorflows_order():
    rng = np.random.RandomState(3)
    x = rng.normal(size=201).astype(np.float32)
    y = x * 3.0 + 2.0 + rng.normal(size=201).astype(np.float32)
    W, b = tf.Variable(5.0), tf.Variable(0.0)
    for expected in LINEAR_FIT:
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(tf.square(y - (W * x + b)))
        dw, db = tape.gradient(loss, [W, b])
        W.assign_sub(0.1 * dw)
        b.assign_sub(0.1 * db)
        assert tuple(_hex(v.numpy()) for v in (loss, W, b)) == expected


def test_metrics_and_fused_losses_sum_in_tensorflows_order():
    # TF 2.21 / Keras 3: MeanAbsoluteError over 77 samples, Mean of a (45, 13) array, Sum of 45
    # values and mean_squared_error's last-axis means over 12 values (Keras sums with ops.sum).
    rng = np.random.RandomState(11)
    y = rng.normal(size=(77, 1)).astype('float32')
    p = (rng.normal(size=(77, 1)) * 2).astype('float32')
    v = rng.normal(size=(45, 13)).astype('float32')
    mae = keras.metrics.MeanAbsoluteError()
    mae.update_state(y, p)
    mean = keras.metrics.Mean()
    mean.update_state(v)
    total = keras.metrics.Sum()
    total.update_state(v[:, 0])
    mse = keras.losses.mean_squared_error(v[:, :12], v[:, 1:]).numpy()[:3]
    assert _hex(mae.result().numpy()) == float.fromhex('0x1.df668cp+0').hex()
    assert _hex(mean.result().numpy()) == float.fromhex('-0x1.666e56p-9').hex()
    assert _hex(total.result().numpy()) == float.fromhex('-0x1.4e8f58p+2').hex()
    assert [_hex(t) for t in mse] == [float.fromhex(h).hex() for h in ('0x1.e8e4a6p-1', '0x1.2199dep+0', '0x1.27d0fap+1')]


class _SliceBySlice(np.ndarray):
    """A host array that eigen_sum treats as it treats a cupy array (not exactly np.ndarray):
    its sums take the slice-by-slice path, whose bits must equal numpy's reductions'."""


@pytest.mark.parametrize('rows, n', [(1, 5), (3, 7), (1, 30), (4, 32), (1, 41), (2, 200), (1, 240), (3, 8193)])
def test_the_slice_by_slice_path_for_cupy_gives_numpys_bits(rows, n):
    from framework.ops import eigen_sum
    a = (np.random.default_rng(n).standard_normal((rows, n)) * 3).astype(np.float32)
    a[:, ::7] = -0.0
    host = eigen_sum.row_sums(a)
    sliced = np.asarray(eigen_sum.row_sums(a.view(_SliceBySlice)))
    assert sliced.dtype == np.float32 and sliced.shape == (rows,)
    assert sliced.tobytes() == host.tobytes()


def test_rows_of_negative_zeros_sum_to_positive_zero_and_no_rows_to_nothing():
    # TF 2.21: reduce_sum of 3, 9, 40 or 240 values of -0.0 is 0.0 (Eigen's accumulators start at +0).
    for n in (3, 9, 40, 240):
        a = np.full((2, n), -0.0, np.float32)
        for total in (tf.reduce_sum(a[0]).numpy(), *tf.reduce_sum(a, axis=1).numpy()):
            assert not np.signbit(total), n
    # TF 2.21: tf.reduce_sum(tf.zeros((0, 40)), axis=1) has shape (0,); here it raised ValueError.
    assert tf.reduce_sum(np.zeros((0, 40), np.float32), axis=1).shape == (0,)


def test_one_numpy_reduction_folds_packets_as_eigen_on_every_short_length():
    # The host path (eigen_sum._host_vector_sum) leans on numpy's pairwise sum of 8 to 56
    # values; the slice-by-slice path states Eigen's steps one by one. Values spanning nine
    # decades make every reordering show in the last bits.
    from framework.ops import eigen_sum
    rng = np.random.default_rng(5)
    for n in list(range(1, 140)) + [223, 224, 239, 240, 241, 1000, 8192]:
        v = (rng.standard_normal(n) * 10.0 ** rng.integers(-4, 5, n)).astype(np.float32)
        sliced = np.asarray(eigen_sum.row_sums(v[None].view(_SliceBySlice)))
        assert eigen_sum.row_sums(v[None]).tobytes() == sliced.tobytes(), n
