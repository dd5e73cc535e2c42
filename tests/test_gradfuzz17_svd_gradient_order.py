"""tf.linalg.svd's gradients in TF 2.21's arrangement (_SvdGrad: the wide orientation, F and 1 / s through
_SafeReciprocal, u (diag(g) v^T) for compute_uv=False): tapeflow's textbook forms of the same rules rounded
differently, 3 of these 4 float32 gradients 1-9 values off TF's (up to 3.3e-6 relative for v)."""
import numpy as np
import pytest

import framework as tf
from framework.gradient_check import check_gradients

A = [[1.0, 2.0, 0.5], [-1.0, 0.5, 3.0], [2.0, -0.5, 1.0], [0.0, 1.5, -2.0]]
CASES = {'values_only': lambda x: tf.linalg.svd(x, compute_uv=False) * [1.0, -2.0, 0.5],
         'u': lambda x: tf.linalg.svd(x)[1] ** 2 * [1.0, -2.0, 0.5],
         'v': lambda x: tf.linalg.svd(x)[2] ** 2 * [1.0, -2.0, 0.5],
         'v_wide': lambda x: tf.linalg.svd(tf.transpose(x))[2] ** 2 * [1.0, -2.0, 0.5]}

# printed by TF 2.21: float.hex of tape.gradient(tf.reduce_sum(CASES[name](x)), x) for x = tf.constant(A)
TF_BITS = {
    'values_only': [
        '-0x1.8d6fea0000000p-1', '-0x1.8d6fc00000000p+0', '-0x1.bfd24c0000000p-3', '-0x1.a5c00a0000000p-2',
        '-0x1.35b3ea0000000p-2', '0x1.716ce00000000p-1', '0x1.45c7220000000p-3', '-0x1.3d872e0000000p-1',
        '0x1.61bee00000000p-3', '-0x1.bd643c0000000p-2', '-0x1.1d407c0000000p-1', '-0x1.5e66320000000p-1'],
    'u': [
        '-0x1.34e56a0000000p-20', '0x1.7c6e0c0000000p-23', '-0x1.a99ddc0000000p-24', '-0x1.2b4df00000000p-27',
        '0x1.cacd180000000p-22', '0x1.755dfc0000000p-23', '-0x1.a4a6820000000p-21', '-0x1.c0fb3a0000000p-21',
        '-0x1.2902600000000p-23', '-0x1.716b700000000p-22', '0x1.9b67940000000p-22', '-0x1.9366100000000p-24'],
    'v': [
        '-0x1.5312ec0000000p-22', '0x1.4cd5940000000p-23', '0x1.1962be0000000p-25', '0x1.16de9a0000000p-25',
        '0x1.d844920000000p-23', '0x1.4ad01e0000000p-25', '-0x1.c9c8900000000p-23', '-0x1.dde3900000000p-23',
        '-0x1.3672680000000p-25', '-0x1.da24b20000000p-24', '0x1.1c29600000000p-23', '0x1.b4ea100000000p-26'],
    'v_wide': [
        '0x1.a119b80000000p-21', '-0x1.fe71380000000p-22', '-0x1.1330b60000000p-23', '-0x1.354b240000000p-23',
        '-0x1.481d920000000p-21', '-0x1.a80e020000000p-24', '0x1.3fefd20000000p-21', '0x1.12b15c0000000p-21',
        '0x1.6125fe0000000p-24', '0x1.1d408e0000000p-22', '-0x1.6408600000000p-22', '-0x1.1633f40000000p-23'],
}


# measured under TF 2.21 on the AVX-512 Xeon (oneDNN's kernels): run as there on any CPU (conftest's xeon_cpu)
@pytest.mark.usefixtures('xeon_cpu')
@pytest.mark.parametrize('name', sorted(CASES))
def test_svd_gradient_bits(name):
    x = tf.constant(A)
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = tf.reduce_sum(CASES[name](x))
    expected = np.array([float.fromhex(v) for v in TF_BITS[name]], np.float32)
    np.testing.assert_array_equal(tape.gradient(y, x).numpy().ravel(), expected)


@pytest.mark.parametrize('shape', [(4, 3), (3, 4), (3, 3), (2, 4, 2)])
def test_svd_vector_gradients_central_differences(shape):
    a = np.random.RandomState(11).randn(*shape)
    weights = np.sin(np.arange(64.0) + 0.5)

    def loss(x):
        s, u, v = tf.linalg.svd(x)
        flat = tf.concat([tf.reshape(s, [-1]), tf.reshape(u * u, [-1]), tf.reshape(v * v, [-1])], 0)
        return tf.reduce_sum(flat * weights[:flat.shape[0]])
    check_gradients(loss, [a], rtol=1e-6, atol=1e-6)     # central differences in float64
