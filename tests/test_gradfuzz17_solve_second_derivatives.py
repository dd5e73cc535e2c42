"""Second derivatives through tf.linalg.solve and triangular_solve: TF 2.21's gradients solve once and feed the
result to both the matrix's and the rhs's gradient, so an outer tape sums the two uses before differentiating that
one solve. tapeflow solved twice (once per input rule), and the outer sweep rounded each part apart: Hessian-vector
products 1-4 float32 ulps off in 5 to 9 of 9 values (solve with adjoint=True, triangular_solve, cholesky_solve,
lstsq). Now one solve per output gradient (matrix_ops.shared_rule), bit-equal."""
import numpy as np
import pytest

import framework as tf

A = [[2.0, 0.5, -1.0], [0.3, 1.7, 0.2], [-0.4, 0.9, 2.5]]
B = [[1.0, -0.5], [0.25, 2.0], [-1.5, 0.75]]
W = [[0.3, -1.1], [1.3, 0.2], [0.9, -1.7]]
SOLVES = {'solve': lambda a, b: tf.linalg.solve(a, b),
          'solve_adjoint': lambda a, b: tf.linalg.solve(a, b, adjoint=True),
          'triangular': lambda a, b: tf.linalg.triangular_solve(a, b),
          'triangular_upper_adjoint': lambda a, b: tf.linalg.triangular_solve(a, b, lower=False, adjoint=True)}


def _hessian_vector(f):
    a, b, w = tf.constant(A), tf.constant(B), tf.constant(W)
    with tf.GradientTape() as t2:
        t2.watch([a, b])
        with tf.GradientTape() as t:
            t.watch([a, b])
            y = tf.reduce_sum(f(a, b) * w)
        ga, gb = t.gradient(y, [a, b])
        s = tf.reduce_sum(ga * ga) + tf.reduce_sum(gb * w)
    return t2.gradient(s, [a, b])


# printed by TF 2.21 with this file's _hessian_vector (float.hex of each value of the two gradients)
TF_BITS = {
    'solve': (
        ['-0x1.24cf38p+3', '0x1.3966fcp+3', '-0x1.9620a6p+2', '0x1.9904d2p+3', '-0x1.02094cp+4', '0x1.093174p+3',
        '-0x1.30f9d8p+3', '0x1.210a3cp+3', '-0x1.cd1974p+2'],
        ['0x1.7f3ce0p-6', '-0x1.011ae6p+2', '0x1.1c7000p-3', '0x1.e7a26cp+2', '-0x1.bf4e6ep-3', '-0x1.780e7ep+1'],
    ),
    'solve_adjoint': (
        ['-0x1.a341e4p+2', '0x1.08abe2p+2', '-0x1.54b5d6p+2', '0x1.4c6db0p+3', '-0x1.3cb188p+3', '0x1.052f84p+3',
        '-0x1.4b497cp+2', '0x1.1582dap+1', '-0x1.29b082p+2'],
        ['-0x1.48d966p-2', '-0x1.c53ae2p+1', '0x1.59aad4p-1', '0x1.40ec9ep+2', '-0x1.05c754p-1', '-0x1.35a7c4p+1'],
    ),
    'triangular': (
        ['-0x1.7e0996p-1', '0x0.0p+0', '0x0.0p+0', '0x1.560fcep-2', '-0x1.1887a8p+1', '0x0.0p+0', '-0x1.fda09ap-2',
        '0x1.77afccp-2', '-0x1.742a8ep+0'],
        ['0x1.ec0a12p-3', '-0x1.f6aa9ap-2', '0x1.5cb91ep-4', '0x1.f202eep-1', '-0x1.579fe4p-6', '0x1.4488cap-5'],
    ),
    'triangular_upper_adjoint': (
        ['-0x1.f7bc54p-1', '0x1.3ffc6cp-3', '-0x1.e86eeap-2', '0x0.0p+0', '-0x1.a36c08p+0', '-0x1.02218cp-4',
        '0x0.0p+0', '0x0.0p+0', '-0x1.8f99c0p+0'],
        ['0x1.9c4e60p-2', '-0x1.2e54acp-1', '-0x1.24939ap-3', '0x1.72a056p-1', '-0x1.f42bb4p-5', '0x1.d8622ep-4'],
    ),
}


# measured under TF 2.21 on the AVX-512 Xeon (oneDNN's kernels): run as there on any CPU (conftest's xeon_cpu)
@pytest.mark.usefixtures('xeon_cpu')
@pytest.mark.parametrize('name', sorted(SOLVES))
def test_solve_hessian_vector_bits(name):
    for got, expected in zip(_hessian_vector(SOLVES[name]), TF_BITS[name]):
        np.testing.assert_array_equal(got.numpy().ravel(), np.array([float.fromhex(v) for v in expected], np.float32))


def test_solve_hessian_vector_central_differences():
    rng = np.random.RandomState(2)
    a, b, w = rng.randn(3, 3) + 3 * np.eye(3), rng.randn(3, 2), rng.randn(3, 2)

    def gradient_sum(a, b):
        a, b = tf.constant(a), tf.constant(b)
        with tf.GradientTape() as t:
            t.watch([a, b])
            y = tf.reduce_sum(tf.linalg.solve(a, b, adjoint=True) * w)
        ga, gb = t.gradient(y, [a, b])
        return tf.reduce_sum(ga * ga) + tf.reduce_sum(gb * w)
    x = tf.constant(a)
    with tf.GradientTape() as tape:
        tape.watch(x)
        s = gradient_sum(x, b)
    got = tape.gradient(s, x).numpy()
    numeric = np.zeros_like(a)
    for i in range(a.size):
        step = np.zeros_like(a)
        step.flat[i] = 1e-6
        numeric.flat[i] = (float(gradient_sum(a + step, b)) - float(gradient_sum(a - step, b))) / 2e-6
    np.testing.assert_allclose(got, numeric, rtol=1e-6, atol=1e-6)
