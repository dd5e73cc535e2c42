"""Second derivatives through tf.linalg.tridiagonal_solve in TF 2.21's float32 bits.

TF's _TridiagonalSolveGrad solves the transposed system once and feeds that solve to both the diagonals' and
the rhs's gradient; tapeflow solved once per input rule, so an outer tape differentiated two solves and
rounded each part apart (6-9 of 25 second-derivative values an ulp or more off, up to 8.5e-6 relative).

Literals printed by TF 2.21 (tensorflow-cpu) with /work/notes/progs/gradfuzz19/t6.py:
    rs = np.random.RandomState(3); D = rs.randn(3, 5); D[1] += 3; R = rs.randn(5, 2)  (as float32)
    w = np.cos(np.arange(10) * 0.7 + 0.3).reshape(5, 2)
    inner: loss = reduce_sum(tridiagonal_solve(d, r) * w); gd, gr = its gradients
    outer: gradient of reduce_sum(gd * gd) + reduce_sum(gr * w) with respect to d and r, printed with float.hex
"""
import numpy as np

import framework as tf

TF_HD = ['0x1.1467020000000p-2', '-0x1.bda3680000000p-5', '0x1.d0de520000000p-1', '0x1.14d6e00000000p-7', '0x0.0p+0',
         '-0x1.d83a940000000p-2', '-0x1.2b49540000000p-2', '-0x1.a5737c0000000p-1', '-0x1.4537600000000p-2',
         '-0x1.9a74280000000p-2', '0x0.0p+0', '0x1.b8df060000000p-2', '-0x1.4f43880000000p-3', '0x1.2678dc0000000p-2',
         '-0x1.7a0dfa0000000p-1']
TF_HR = ['-0x1.f03cd80000000p-4', '-0x1.3697000000000p-3', '0x1.780ade0000000p-3', '0x1.07f8860000000p-2',
         '-0x1.37b2360000000p-2', '-0x1.c652980000000p-2', '0x1.439a0c0000000p-3', '0x1.e2c9160000000p-3',
         '0x1.341f100000000p-4', '0x1.8099120000000p-4']


def _second_derivatives(dtype):
    rs = np.random.RandomState(3)
    diagonals = rs.randn(3, 5)
    diagonals[1] += 3
    rhs = rs.randn(5, 2)
    d = tf.constant(diagonals, dtype)
    r = tf.constant(rhs, dtype)
    w = tf.constant(np.cos(np.arange(10) * 0.7 + 0.3).reshape(5, 2), dtype)
    with tf.GradientTape() as outer:
        outer.watch([d, r])
        with tf.GradientTape() as inner:
            inner.watch([d, r])
            loss = tf.reduce_sum(tf.linalg.tridiagonal_solve(d, r) * w)
        gd, gr = inner.gradient(loss, [d, r])
        s = tf.reduce_sum(gd * gd) + tf.reduce_sum(gr * w)
    return outer.gradient(s, [d, r])


def test_tridiagonal_solve_second_derivatives_are_tensorflows_bits():
    hd, hr = _second_derivatives(tf.float32)
    assert [float(v).hex() for v in hd.numpy().ravel()] == TF_HD
    assert [float(v).hex() for v in hr.numpy().ravel()] == TF_HR


def test_tridiagonal_solve_second_derivatives_agree_with_a_dense_solve():
    # the same second derivatives through tf.linalg.solve on the dense matrix (float64, so the paths agree
    # to rounding), and the unused corners of the compact diagonals (superdiag[-1], subdiag[0]) get zero
    hd, hr = _second_derivatives(tf.float64)
    rs = np.random.RandomState(3)
    diagonals = rs.randn(3, 5)
    diagonals[1] += 3
    rhs = rs.randn(5, 2)
    d = tf.constant(diagonals)
    r = tf.constant(rhs)
    w = tf.constant(np.cos(np.arange(10) * 0.7 + 0.3).reshape(5, 2))

    def dense(d):
        return (tf.linalg.diag(d[0, :-1], k=1) + tf.linalg.diag(d[1]) + tf.linalg.diag(d[2, 1:], k=-1))
    with tf.GradientTape() as outer:
        outer.watch([d, r])
        with tf.GradientTape() as inner:
            inner.watch([d, r])
            loss = tf.reduce_sum(tf.linalg.solve(dense(d), r) * w)
        gd, gr = inner.gradient(loss, [d, r])
        s = tf.reduce_sum(gd * gd) + tf.reduce_sum(gr * w)
    dd, dr = outer.gradient(s, [d, r])
    assert hd.numpy()[0, -1] == 0 and hd.numpy()[2, 0] == 0
    np.testing.assert_allclose(hd.numpy(), dd.numpy(), rtol=1e-9, atol=1e-12)
    np.testing.assert_allclose(hr.numpy(), dr.numpy(), rtol=1e-9, atol=1e-12)
