"""float64 tf.matmul with one row or one column sums in the order of TF 2.21's kernels (TF's MatMul is its
batch-of-one BatchMatMul, which gives such products to Eigen's Matrix product): coefficient-based below
K + M + N = 20 (eigen_double_product.single_wanted), else a matrix-vector product (eigen_double_matvec.py).

Values printed by TF 2.21 on the AVX-512 Xeon (probe /work/notes/progs/gradfuzz10/t_testvals.py). numpy's
BLAS fuses multiply-adds and adds onto +0.0: a one-sample float64 x @ W.T was an ulp off in places, and
all-zero sums came out +0.0 where TF keeps -0.0 (t_mm64.py: 365 -> 897 of 901 lines equal).
"""
import numpy as np
import pytest

import framework as tf

pytestmark = pytest.mark.usefixtures('xeon_cpu')     # TF 2.21's values on the AVX-512 Xeon


def _mat(rows, cols, seed, scale=1.0):
    return np.random.RandomState(seed).standard_normal((rows, cols)) / scale


def _hexes(t):
    return [float(v).hex() for v in np.ravel(t.numpy())]


def _product(case):
    a, b, transpose_a, transpose_b = case
    return _hexes(tf.matmul(tf.constant(a), tf.constant(b), transpose_a=transpose_a, transpose_b=transpose_b))


def test_one_row_times_transposed_weights_coefficient_based():
    # (1, 5) @ (2, 5).T: Eigen's packets of 4 folded (l0 + l2) + (l1 + l3), then the fifth product
    assert _product((_mat(1, 5, 2), _mat(2, 5, 102), False, True)) == ['-0x1.b64562107e214p+2', '0x1.67b91885c3690p+2']


def test_one_column_of_transposed_weights_coefficient_based():
    assert _product((_mat(2, 9, 1), _mat(1, 9, 101), False, True)) == ['0x1.b4baa112bf82ep+0', '0x1.9612c07a8ce20p-3']


def test_one_row_times_transposed_weights_row_major_gemv():
    # K + M + N = 27: Eigen's row-major gemv (W stored (5, 21)), the last odd row with a packet of 2
    assert _product((_mat(1, 21, 13, 7.0), _mat(5, 21, 11, 3.0), False, True)) == [
        '0x1.523e66e6d53f3p-5', '-0x1.35259f31c8e05p-5', '-0x1.2642f25e6f280p-3', '-0x1.d7ffc01ee3d3cp-5',
        '0x1.17825f5c2d300p-4']


def test_one_column_row_major_gemv():
    assert _product((_mat(22, 35, 3), _mat(35, 1, 103), False, False)) == [
        '0x1.fb693cec91639p+0', '-0x1.95fd1748f46b1p+2', '-0x1.9a83d606e8591p+2', '-0x1.a800352d61319p+2',
        '-0x1.107f239d5dc34p+0', '0x1.e690bbaf42df7p+0', '-0x1.af45fcc9ef8cdp+1', '0x1.9bd61d74eb3c8p+3',
        '0x1.849bf95f3af04p+3', '0x1.1c2ca3647edffp+3', '0x1.9485910b0f46ap+1', '0x1.151e03db743ebp-1',
        '-0x1.b365c63e8e300p+1', '0x1.daf2d7e7d0ab7p-1', '0x1.1660f2668c9c8p-1', '0x1.03a813becab60p+4',
        '0x1.3b01050db55e6p+2', '0x1.a9fa0aa243df3p+3', '0x1.4cec3da7e216cp+0', '-0x1.d96c67323c365p+2',
        '0x1.eb30e48642101p+0', '-0x1.20a441fc84a92p+0']


def test_one_column_of_transposed_a_column_major_gemv():
    # x.T @ w with x stored (37, 18): each output's products in order from +0, unfused
    assert _product((_mat(37, 18, 4), _mat(37, 1, 104), True, False)) == [
        '-0x1.25b1660ccd646p+2', '0x1.5231858f07fd7p+2', '0x1.8c2fa1525e009p+2', '0x1.650cb7c412d91p+1',
        '-0x1.8bdea5581ed57p+3', '-0x1.32fbb611b6defp+3', '-0x1.6188aab5dfd48p+2', '0x1.e0da3e831d619p+1',
        '0x1.a1af8479f6296p+2', '-0x1.47c5ec1520d0bp+3', '-0x1.18838ee24ab24p+2', '0x1.398157d427badp+2',
        '0x1.f16d890eee302p+1', '0x1.aec8e803a7266p+0', '0x1.d3c5b3979bf00p-6', '0x1.d5a0c162f8aecp+2',
        '-0x1.4c0b78bbf9ab8p+0', '-0x1.d5a8c44adc8eep+2']


def test_sums_of_negative_zeros_stay_negative():
    # a coefficient-based sum starts from its first product: 0 * -1 = -0.0 stays (numpy's BLAS gave +0.0)
    y = tf.matmul(tf.zeros((1, 1), tf.float64), -tf.ones((3, 1), tf.float64), transpose_b=True)
    assert _hexes(y) == ['-0x0.0p+0'] * 3
    y = tf.matmul(tf.zeros((2, 1), tf.float64), -tf.ones((2, 1), tf.float64), transpose_a=True)
    assert _hexes(y) == ['-0x0.0p+0']


def test_one_sample_input_gradient():
    # d/dx of sum((x @ w)^2) for one sample is g @ w.T (MatMul transpose_b=True, one row): TF's gemv order
    x = tf.Variable(_mat(1, 6, 13, 7.0))
    w = tf.Variable(_mat(6, 18, 11, 3.0))
    with tf.GradientTape() as tape:
        loss = tf.reduce_sum(tf.square(tf.matmul(x, w)))
    assert _hexes(tape.gradient(loss, x)) == [
        '-0x1.0bf97b604d3f1p-1', '0x1.c5614e018c634p-3', '0x1.411b8aff89e4dp-3', '0x1.3baf0fd27aceap-4',
        '0x1.f725c67ec48c4p-1', '0x1.12202c377d60cp-1']


def test_batched_depth_sixteen_uses_two_packet_accumulators():
    # Eigen's redux over 16 products: packets 0, 2 and 1, 3 in two accumulators, added (one accumulator
    # in order gave 2 of 6 values an ulp off)
    a = np.random.RandomState(5).standard_normal((3, 1, 16))
    b = np.random.RandomState(6).standard_normal((3, 2, 16))
    assert _hexes(tf.matmul(a, b, transpose_b=True)) == [
        '-0x1.994c7215d6024p-1', '0x1.b13c7178ad6ddp+2', '0x1.fb6e1f8ca41c0p+2', '-0x1.5a6fa4c9cd092p+1',
        '-0x1.9c9d053d22ef0p+1', '0x1.f70dadf8455f7p+0']
