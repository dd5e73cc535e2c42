"""tf.linalg.det / slogdet carry TF 2.21's bits: its CPU kernels factor with Eigen's PartialPivLU
and return sign * exp(sum of log|pivot|) (eigen_determinant.py), so a blog's
``tf.linalg.det([[3., 8.], [4., 6.]])`` prints -13.999998 under TF, where LAPACK's product of the
pivots gave tapeflow -14.0. Expected values printed by TF 2.21 (/work/notes/progs/blogs26/g_det.py,
p29.py); the random sweep behind the module is q_det_ref.py / q_det_check.py there.
"""
import numpy as np
import pytest

import framework as tf
from framework import keras

CASES = {
    'two': [[3., 8.], [4., 6.]],
    'three': [[1., 2., 3.], [4., 5., 6.], [7., 8., 10.]],
    'singular': [[-9., -4.], [0., 0.]],
    'ten': (np.arange(100).reshape(10, 10) % 7 + 5 * np.eye(10)).tolist(),        # a whole packet of logs
    'sixteen': (np.cos(np.arange(256.0)).reshape(16, 16) + 2 * np.eye(16)).tolist(),     # two packets
}

# (case, dtype): TF 2.21's (det, sign, log|det|)
GOLDEN = {
    ('two', 'float32'): (-13.999998092651367, -1.0, 2.639057159423828),
    ('two', 'float64'): (-14.000000000000004, -1.0, 2.639057329615259),
    ('three', 'float32'): (-2.9999985694885254, -1.0, 1.098611831665039),
    ('three', 'float64'): (-2.9999999999999982, -1.0, 1.0986122886681091),
    ('singular', 'float32'): (-0.0, -0.0, -np.inf),
    ('singular', 'float64'): (-0.0, -0.0, -np.inf),
    ('ten', 'float32'): (596047872.0, 1.0, 20.20583152770996),
    ('sixteen', 'float32'): (76491.65625, 1.0, 11.2449369430542),
}


def _bits(value):
    return np.float64(value).tobytes()      # compares signed zeros apart


@pytest.mark.parametrize('case, dtype', sorted(GOLDEN))
def test_det_and_slogdet_carry_tensorflows_bits(case, dtype):
    a = tf.constant(CASES[case], dtype)
    sign, log_abs = tf.linalg.slogdet(a)
    got = (float(tf.linalg.det(a)), float(sign), float(log_abs))
    assert [_bits(v) for v in got] == [_bits(v) for v in GOLDEN[case, dtype]]


def test_a_batch_and_keras_ops_det():
    b = tf.constant([[[2., 1.], [1., 3.]], [[0.5, 0.25], [0.125, 2.]]])
    assert tf.linalg.det(b).numpy().tolist() == [5.0, 0.96875]
    out = keras.ops.det(tf.constant([[3., 8.], [4., 6.]]))
    assert out.dtype == tf.float32 and float(out) == -13.999998092651367


def test_the_gradient_still_follows_the_determinant():
    x = tf.Variable([[3., 8.], [4., 6.]])
    with tf.GradientTape() as tape:
        d = tf.linalg.det(x)
    # d det / dA = det * inv(A)^T = the cofactor matrix [[6, -4], [-8, 3]]
    np.testing.assert_allclose(tape.gradient(d, x).numpy(), [[6., -4.], [-8., 3.]], rtol=1e-5)


def test_non_finite_entries_give_tensorflows_values():
    # TF 2.21 (q_det_nan.py): a NaN pivot makes all three NaN (LAPACK's det said 0.0)
    assert np.isnan(float(tf.linalg.det(tf.constant([[np.nan, 1.], [1., 1.]]))))
    assert np.isnan(tf.linalg.slogdet(tf.constant([[1., 2.], [3., np.nan]]))[0].numpy())
    sign, log_abs = tf.linalg.slogdet(tf.constant([[1., np.inf], [1., 1.]]))
    assert float(tf.linalg.det(tf.constant([[1., np.inf], [1., 1.]]))) == -np.inf
    assert (float(sign), float(log_abs)) == (-1.0, np.inf)
    assert float(tf.linalg.det(tf.constant([[1e30, 0.], [0., 1e30]]))) == np.inf
