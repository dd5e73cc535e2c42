"""tf.linalg.sqrtm of matrices with eigenvalues on the closed negative real axis, as TF 2.21's Schur method gives.

Expected values printed by TF 2.21 (/work/notes/progs/opsfuzz9/p04_sqrtm.py), e.g.
    print(tf.linalg.sqrtm(tf.constant([[1., 2.], [3., 4.]])))
"""
import numpy as np

import framework as tf


def test_real_matrix_with_a_negative_eigenvalue_is_nan_everywhere():
    # TF: [[nan, nan], [nan, nan]] (eigenvalues 5.37 and -0.37; tapeflow gave a matrix that is no root)
    assert np.isnan(tf.linalg.sqrtm(tf.constant([[1., 2.], [3., 4.]])).numpy()).all()
    assert np.isnan(tf.linalg.sqrtm(tf.constant([[-4., 0.], [0., 9.]], tf.float64)).numpy()).all()
    # a batch: only the matrix with the negative eigenvalue; TF [[[nan, nan], [nan, nan]], [[2, 0], [0, 3]]]
    out = tf.linalg.sqrtm(tf.constant([[[-4., 0.], [0., 9.]], [[4., 0.], [0., 9.]]])).numpy()
    assert np.isnan(out[0]).all()
    np.testing.assert_array_equal(out[1], [[2., 0.], [0., 3.]])


def test_complex_matrix_takes_the_principal_root_of_a_negative_eigenvalue():
    out = tf.linalg.sqrtm(tf.constant([[-4., 0.], [0., 9.]], tf.complex64))
    assert out.dtype == tf.complex64
    np.testing.assert_array_equal(out.numpy(), [[2j, 0], [0, 3]])        # TF: [[0.+2.j, 0.+0.j], [0.+0.j, 3.+0.j]]


def test_singular_matrices():
    # one zero eigenvalue: TF [[0.4472136, 0.8944272], [0.8944272, 1.7888544]] and [[0, 0], [0, 1]]
    np.testing.assert_allclose(tf.linalg.sqrtm(tf.constant([[1., 2.], [2., 4.]])).numpy(),
                               [[0.4472136, 0.8944272], [0.8944272, 1.7888544]], rtol=2e-7)
    np.testing.assert_array_equal(tf.linalg.sqrtm(tf.constant([[0., 0.], [0., 1.]], tf.float64)).numpy(),
                                  [[0., 0.], [0., 1.]])
    # a repeated zero eigenvalue: TF [[nan, nan], [nan, nan]] (0 / (0 + 0) in the triangular recurrence)
    assert np.isnan(tf.linalg.sqrtm(tf.zeros([2, 2])).numpy()).all()
