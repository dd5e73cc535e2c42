"""Second derivatives of tf.linalg.det / slogdet: TF 2.21's rules multiply by matrix_inverse(a, adjoint=True), which an
outer tape differentiates by MatrixInverse's adjoint rule. tapeflow's rules took inv(transpose(a)), whose
second derivative goes through the transpose in another summation order: Hessian-vector products 2-23 float32
values an ulp or more off (up to 1.8e-5 relative for a batch of 4 x 4 slogdets); now bit-equal."""
import numpy as np
import pytest

import framework as tf

A = [[[2.0, 0.5, -1.0], [0.3, 1.7, 0.2], [-0.4, 0.9, 2.5]], [[0.5, -1.2, 0.8], [1.1, 0.4, -0.3], [0.2, 0.6, 1.9]]]
W = [[0.3, -1.1, 0.7], [1.3, 0.2, -0.6], [0.9, 0.4, -1.7]]
DETERMINANTS = {'det': lambda a: tf.linalg.det(a), 'slogdet': lambda a: tf.linalg.slogdet(a)[1]}

# printed by TF 2.21 on the Xeon (float.hex of each value of t2.gradient(s, a)):
#   with tf.GradientTape() as t2:
#       t2.watch(a)
#       with tf.GradientTape() as t:
#           t.watch(a); y = tf.reduce_sum(f(a) * [1.5, -0.5])
#       s = tf.reduce_sum(t.gradient(y, a) * w)
TF_BITS = {
    'det': [
        '-0x1.728f5c0000000p+1', '-0x1.bd709c0000000p+1', '-0x1.eb85380000000p-3', '0x1.6fae100000000p+2',
        '-0x1.1a3d720000000p+1', '-0x1.147ad80000000p-2', '-0x1.21eb840000000p+1', '0x1.3333600000000p-4',
        '0x1.c51eb00000000p-1', '-0x1.70a3d00000000p-4', '0x1.fae1480000000p-2', '-0x1.a3d70a0000000p-2',
        '-0x1.947ad80000000p-2', '0x1.23d7080000000p-1', '0x1.ae147c0000000p-1', '-0x1.3851ec0000000p-2',
        '-0x1.1999980000000p+0', '-0x1.7eb8500000000p+0'],
    'slogdet': [
        '-0x1.39b8460000000p-3', '-0x1.239cbe0000000p-1', '0x1.d3edb60000000p-6', '0x1.68050e0000000p-1',
        '-0x1.00474e0000000p-6', '-0x1.657dde0000000p-3', '-0x1.b465300000000p-3', '-0x1.2789780000000p-5',
        '0x1.65e8f40000000p-2', '0x1.504a780000000p-3', '-0x1.2c540e0000000p-2', '0x1.d2303e0000000p-12',
        '0x1.c79a9a0000000p-2', '0x1.4974dc0000000p-2', '0x1.0a3da40000000p-3', '-0x1.426e380000000p-4',
        '-0x1.ae41de0000000p-4', '-0x1.e5646a0000000p-4'],
}

# the same program on the AMD EPYC (AVX2, oneDNN off), whose Eigen batched products of these 3 x 3 matrices
# sum otherwise (framework/ops/eigen_float_batched.py)
TF_BITS_EPYC = {
    'det': [
        '-0x1.728f5a0000000p+1', '-0x1.bd709a0000000p+1', '-0x1.eb85340000000p-3', '0x1.6fae140000000p+2',
        '-0x1.1a3d720000000p+1', '-0x1.147ad80000000p-2', '-0x1.21eb840000000p+1', '0x1.3333600000000p-4',
        '0x1.c51eb80000000p-1', '-0x1.70a3e00000000p-4', '0x1.fae1400000000p-2', '-0x1.a3d70a0000000p-2',
        '-0x1.947ad00000000p-2', '0x1.23d7080000000p-1', '0x1.ae147a0000000p-1', '-0x1.3851ee0000000p-2',
        '-0x1.1999980000000p+0', '-0x1.7eb8500000000p+0'],
    'slogdet': [
        '-0x1.39b8440000000p-3', '-0x1.239cbc0000000p-1', '0x1.d3edb00000000p-6', '0x1.68050c0000000p-1',
        '-0x1.0047500000000p-6', '-0x1.657ddc0000000p-3', '-0x1.b4652e0000000p-3', '-0x1.2789780000000p-5',
        '0x1.65e8f40000000p-2', '0x1.504a780000000p-3', '-0x1.2c54100000000p-2', '0x1.d230000000000p-12',
        '0x1.c79a980000000p-2', '0x1.4974dc0000000p-2', '0x1.0a3da40000000p-3', '-0x1.426e360000000p-4',
        '-0x1.ae41dc0000000p-4', '-0x1.e5646a0000000p-4'],
}


@pytest.mark.parametrize('cpu', ['xeon', 'epyc'])
@pytest.mark.parametrize('name', sorted(DETERMINANTS))
def test_determinant_hessian_vector_bits(name, cpu, request):
    request.getfixturevalue(cpu + '_cpu')       # tapeflow computes as TF does on that CPU, whatever this one is
    a, w = tf.constant(A), tf.constant(W)
    with tf.GradientTape() as t2:
        t2.watch(a)
        with tf.GradientTape() as t:
            t.watch(a)
            y = tf.reduce_sum(DETERMINANTS[name](a) * [1.5, -0.5])
        s = tf.reduce_sum(t.gradient(y, a) * w)
    expected = np.array([float.fromhex(v) for v in (TF_BITS if cpu == 'xeon' else TF_BITS_EPYC)[name]], np.float32)
    np.testing.assert_array_equal(t2.gradient(s, a).numpy().ravel(), expected)


@pytest.mark.parametrize('name', sorted(DETERMINANTS))
def test_determinant_hessian_vector_central_differences(name):
    rng = np.random.RandomState(5)
    a, w = rng.randn(2, 3, 3) + 2 * np.eye(3), rng.randn(3, 3)

    def gradient_sum(x):
        x = tf.constant(x)
        with tf.GradientTape() as t:
            t.watch(x)
            y = tf.reduce_sum(DETERMINANTS[name](x) * [1.5, -0.5])
        return tf.reduce_sum(t.gradient(y, x) * w)
    x = tf.constant(a)
    with tf.GradientTape() as tape:
        tape.watch(x)
        s = gradient_sum(x)
    got = tape.gradient(s, x).numpy()
    numeric = np.zeros_like(a)
    for i in range(a.size):
        step = np.zeros_like(a)
        step.flat[i] = 1e-6
        numeric.flat[i] = (float(gradient_sum(a + step)) - float(gradient_sum(a - step))) / 2e-6
    np.testing.assert_allclose(got, numeric, rtol=1e-6, atol=1e-6)
