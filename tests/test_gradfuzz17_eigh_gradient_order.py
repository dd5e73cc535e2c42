"""tf.linalg.eigh / eigvalsh gradients in TF 2.21's SelfAdjointEigV2 arrangement: v (diag(g_e) + F o (v^T g_v)) v^T
with F through _SafeReciprocal and each product in TF's order, then band_part(g + g^T, -1, 0) with the diagonal
halved. tapeflow's textbook form ((v diag(g)) v^T, F = 1 / gap) rounded differently: every case here was off TF's
in its first or second derivative; now these first and second derivatives are TF's bits (the second derivatives
since both outputs' gradients meet in one rule, ops_joint_outputs.py)."""
import numpy as np
import pytest

import framework as tf

A = [[[2.0, 0.7], [0.7, -1.0]], [[0.5, -1.3], [-1.3, 1.5]]]      # 2 x 2: Eigen's solver, TF's bits
B = [[1.0, 0.3, -0.5], [0.3, 2.0, 0.8], [-0.5, 0.8, -1.5]]        # LAPACK's values equal TF's here
WEIGHTS = {2: ([1.0, -2.0], [[1.0, -2.0], [0.5, 3.0]]),
           3: ([1.0, -2.0, 0.5], [[1.0, -2.0, 0.5], [0.3, 1.2, -0.7], [2.0, 0.1, 0.9]])}
CASES = {'values': lambda x: tf.linalg.eigh(x)[0] * WEIGHTS[x.shape[-1]][0],
         'vectors': lambda x: tf.linalg.eigh(x)[1] ** 2 * WEIGHTS[x.shape[-1]][1],
         'eigvalsh': lambda x: tf.linalg.eigvalsh(x) * WEIGHTS[x.shape[-1]][0]}

# printed by TF 2.21 (float.hex): g = t.gradient(tf.reduce_sum(CASES[name](x)), x) and, under an outer tape,
# gg = t2.gradient(tf.reduce_sum(g * g), x)
TF_G = {
    ('A', 'values'): [
        '-0x1.dbf9700000000p+0', '0x0.0p+0', '-0x1.44c6ac0000000p+0', '0x1.b7f2dc0000000p-1',
        '0x1.3b22a20000000p-5', '0x0.0p+0', '0x1.66679a0000000p+1', '-0x1.09d9140000000p+0'],
    ('A', 'vectors'): [
        '-0x1.303b080000000p-3', '0x0.0p+0', '0x1.45f61c0000000p-1', '0x1.303b0a0000000p-3',
        '-0x1.b84ee60000000p-1', '0x0.0p+0', '0x1.52b2d80000000p-1', '0x1.b84ee60000000p-1'],
    ('A', 'eigvalsh'): [
        '-0x1.dbf9700000000p+0', '0x0.0p+0', '-0x1.44c6ac0000000p+0', '0x1.b7f2dc0000000p-1',
        '0x1.3b22a20000000p-5', '0x0.0p+0', '0x1.66679a0000000p+1', '-0x1.09d9140000000p+0'],
    ('B', 'values'): [
        '-0x1.d1a0b40000000p+0', '0x0.0p+0', '0x0.0p+0', '0x1.12f2200000000p-1', '0x1.f37bae0000000p-2', '0x0.0p+0',
        '0x1.45e0020000000p+0', '-0x1.5efd9c0000000p-2', '0x1.a983900000000p-1'],
    ('B', 'vectors'): [
        '0x1.2a6f660000000p-3', '0x0.0p+0', '0x0.0p+0', '0x1.f0b9480000000p-1', '-0x1.f4e4280000000p-4', '0x0.0p+0',
        '0x1.0e9e7e0000000p-4', '-0x1.f16d620000000p-3', '-0x1.7fea920000000p-6'],
    ('B', 'eigvalsh'): [
        '-0x1.d1a0b40000000p+0', '0x0.0p+0', '0x0.0p+0', '0x1.12f2200000000p-1', '0x1.f37bae0000000p-2', '0x0.0p+0',
        '0x1.45e0020000000p+0', '-0x1.5efd9c0000000p-2', '0x1.a983900000000p-1'],
}
TF_GG = {
    ('A', 'vectors'): [
        '-0x1.df2ab60000000p-2', '0x0.0p+0', '0x1.714e6a0000000p-1', '0x1.df2ab80000000p-2', '0x1.36ad0a0000000p-1',
        '0x0.0p+0', '0x1.3db4000000000p+1', '-0x1.36ad060000000p-1'],
    ('B', 'vectors'): [
        '0x1.da5aa40000000p+1', '0x0.0p+0', '0x0.0p+0', '0x1.3fd37a0000000p+3', '-0x1.8f34fa0000000p+1', '0x0.0p+0',
        '0x1.7b292e0000000p+0', '-0x1.ae4c2c0000000p+1', '-0x1.2c96aa0000000p-1'],
    ('A', 'values'): [
        '-0x1.c320800000000p-2', '0x0.0p+0', '0x1.e359b00000000p+0', '0x1.c320800000000p-2', '0x1.02a55e0000000p+0',
        '0x0.0p+0', '-0x1.8deabe0000000p-1', '-0x1.02a5600000000p+0'],
    ('A', 'eigvalsh'): [
        '-0x1.c320800000000p-2', '0x0.0p+0', '0x1.e359b00000000p+0', '0x1.c320800000000p-2', '0x1.02a55e0000000p+0',
        '0x0.0p+0', '-0x1.8deabe0000000p-1', '-0x1.02a5600000000p+0'],
    ('B', 'values'): [
        '0x1.08de320000000p-3', '0x0.0p+0', '0x0.0p+0', '0x1.cafcb20000000p+1', '-0x1.c7e7860000000p-2', '0x0.0p+0',
        '-0x1.654cb00000000p+0', '-0x1.58be060000000p-1', '0x1.4378700000000p-2'],
    ('B', 'eigvalsh'): [
        '0x1.08de320000000p-3', '0x0.0p+0', '0x0.0p+0', '0x1.cafcb20000000p+1', '-0x1.c7e7860000000p-2', '0x0.0p+0',
        '-0x1.654cb00000000p+0', '-0x1.58be060000000p-1', '0x1.4378700000000p-2'],
}


def _gradients(matrix, name):
    x = tf.constant(A if matrix == 'A' else B)
    with tf.GradientTape() as t2:
        t2.watch(x)
        with tf.GradientTape() as t:
            t.watch(x)
            y = tf.reduce_sum(CASES[name](x))
        g = t.gradient(y, x)
        s = tf.reduce_sum(g * g)
    return g, t2.gradient(s, x)


def _bits(values):
    return np.array([float.fromhex(v) for v in values], np.float32)


# measured under TF 2.21 on the AVX-512 Xeon (oneDNN's kernels): run as there on any CPU (conftest's xeon_cpu)
@pytest.mark.usefixtures('xeon_cpu')
@pytest.mark.parametrize('key', sorted(TF_G))
def test_eigh_gradient_bits(key):
    g, gg = _gradients(*key)
    np.testing.assert_array_equal(g.numpy().ravel(), _bits(TF_G[key]))
    if key in TF_GG:
        np.testing.assert_array_equal(gg.numpy().ravel(), _bits(TF_GG[key]))


def test_eigh_vector_gradient_central_differences():
    rng = np.random.RandomState(8)
    a = rng.randn(2, 4, 4)
    a = a + np.swapaxes(a, -1, -2)
    w = rng.randn(4, 4)

    def loss(x):
        return tf.reduce_sum(tf.linalg.eigh(x)[1] ** 2 * w) + tf.reduce_sum(tf.linalg.eigh(x)[0] * w[0])
    x = tf.constant(a)
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = loss(x)
    got = tape.gradient(y, x).numpy()
    numeric = np.zeros_like(a)
    for i in range(a.size):         # eigh reads the lower triangle: perturb the entries one at a time
        step = np.zeros_like(a)
        step.flat[i] = 1e-6
        numeric.flat[i] = (float(loss(tf.constant(a + step))) - float(loss(tf.constant(a - step)))) / 2e-6
    np.testing.assert_allclose(got, numeric, rtol=1e-6, atol=1e-6)
