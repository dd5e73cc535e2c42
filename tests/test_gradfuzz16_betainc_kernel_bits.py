"""tf.math.betainc carries TF 2.21's CPU bits: Eigen's Cephes incbet in the tensor's dtype
(framework/ops/eigen_betainc.py). tapeflow's float64 continued fraction, rounded, put float32 values up to
1e-7 (and float64 3e-15) off: betainc(0.5, 0.5, 0.3) in float32 was an ulp from TF's 0x1.79ddccp-2.

Golden values printed by TF 2.21:
    [float(v).hex() for v in tf.math.betainc(tf.constant(A, dt), tf.constant(B, dt), tf.constant(X, dt)).numpy()]
"""
import numpy as np
import pytest

import framework as tf

A = [0.5, 2.0, 1.0, 3.0, 0.2, 15., 50., 0.7]
B = [0.5, 3.0, 2.0, 0.7, 5.0, 0.2, 49., 20.]
X = [0.3, 0.5, 0.9, 0.1, 0.01, 0.999, 0.5, 0.01]
TF = {
    'float32': ['0x1.79ddccp-2', '0x1.6p-1', '0x1.fae148p-1', '0x1.1f6ca2p-11', '0x1.2b59d8p-1', '0x1.1119p-1',
                '0x1.d6d8bap-2', '0x1.507e9ep-2'],
    'float64': ['0x1.79ddc9edb5511p-2', '0x1.6p-1', '0x1.fae147ae147aep-1', '0x1.1f6c9ff2b8ee9p-11',
                '0x1.2b59d8d4b0e41p-1', '0x1.1118956115fccp-1', '0x1.d6d6b4dffa1a6p-2', '0x1.507e98757e39cp-2'],
}


@pytest.mark.parametrize('dtype', ['float32', 'float64'])
def test_betainc_values_are_tf_bits(dtype):
    got = tf.math.betainc(tf.constant(A, dtype), tf.constant(B, dtype), tf.constant(X, dtype)).numpy()
    assert [float(v).hex() for v in got] == [float.fromhex(v).hex() for v in TF[dtype]]


def test_betainc_edges_and_scalars():
    # TF 2.21: 0 at x == 0, 1 at x == 1, NaN outside [0, 1] or for a, b <= 0; scalars broadcast
    got = tf.math.betainc([1., 1., 1., -1., 1.], [1., 1., 1., 1., 0.], [0., 1., 1.5, 0.5, 0.5]).numpy()
    assert got[:2].tolist() == [0., 1.] and np.isnan(got[2:]).all()
    assert float(tf.math.betainc(2., 3., 0.5)) == 0.6875
    assert tf.math.betainc(0.5, 0.5, [[0.1, 0.2]]).shape == (1, 2)


def test_betainc_matches_its_x_gradient_by_central_differences():
    a, b, x = np.array([0.5, 2.0, 3.0, 15.0]), np.array([0.5, 3.0, 0.7, 0.2]), np.array([0.3, 0.5, 0.1, 0.999])
    eps = 1e-7
    numeric = (tf.math.betainc(a, b, x + eps).numpy() - tf.math.betainc(a, b, x - eps).numpy()) / (2 * eps)
    t = tf.constant(x)
    with tf.GradientTape() as tape:
        tape.watch(t)
        y = tf.math.betainc(tf.constant(a), tf.constant(b), t)
    np.testing.assert_allclose(tape.gradient(y, t).numpy(), numeric, rtol=1e-6)
