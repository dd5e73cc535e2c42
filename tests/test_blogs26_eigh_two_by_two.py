"""tf.linalg.eigh / eigvalsh of 2 x 2 symmetric matrices carry TF 2.21's bits (eigen_self_adjoint.py:
Eigen's scaled implicit QR steps): the textbook ``tf.linalg.eigvalsh([[1., 2.], [2., 1.]])`` prints
[-0.99999994  2.9999998 ] under TF, where LAPACK gave tapeflow [-1.  3.], and a 2-D PCA's
eigenvectors come with TF's signs (blogs26/p47.py printed the column [-0.6778734, -0.73517877]
where tapeflow printed [0.6778734, 0.73517865]). Expected values printed by TF 2.21
(/work/notes/progs/blogs26/g_eigh.py); the random sweep is q_eigh_ref.py / q_eigh_check.py there.
"""
import numpy as np
import pytest

import framework as tf
from framework import keras

# (matrix, dtype): TF 2.21's (eigenvalues, eigenvectors)
GOLDEN = [
    ([[1., 2.], [2., 1.]], 'float32', [-0.9999999403953552, 2.999999761581421],
     [[-0.7071067690849304, 0.7071067690849304], [0.7071067690849304, 0.7071067690849304]]),
    ([[1., 2.], [2., 1.]], 'float64', [-0.9999999999999998, 2.9999999999999996],
     [[-0.7071067811865475, 0.7071067811865475], [0.7071067811865475, 0.7071067811865475]]),
    ([[2., 1.], [1., 2.]], 'float32', [0.9999999403953552, 2.999999761581421],
     [[-0.7071067690849304, 0.7071067690849304], [0.7071067690849304, 0.7071067690849304]]),
    ([[4., -2.], [-2., 1.]], 'float32', [0.0, 5.0],
     [[0.4472135901451111, 0.8944271802902222], [0.8944271802902222, -0.4472135901451111]]),
    ([[3., 0.], [0., -1.]], 'float32', [-1.0, 3.0], [[0.0, 1.0], [1.0, 0.0]]),      # already diagonal: sorted
    ([[0.5, 9.], [7., 0.25]], 'float32', [-6.6261162757873535, 7.376116752624512],    # the upper 9 is never read
     [[-0.7007659077644348, 0.7133913040161133], [0.7133913040161133, 0.7007659077644348]]),
    ([[0.6165555, 0.6154444], [0.6154444, 0.7165556]], 'float32', [0.049083393067121506, 1.2840278148651123],
     [[-0.7351787090301514, -0.677873432636261], [0.677873432636261, -0.7351787090301514]]),
]


@pytest.mark.parametrize('matrix, dtype, values, vectors', GOLDEN)
def test_eigh_of_a_two_by_two_matrix_is_tensorflows(matrix, dtype, values, vectors):
    e, v = tf.linalg.eigh(tf.constant(matrix, dtype))
    assert e.numpy().tolist() == values and v.numpy().tolist() == vectors
    assert tf.linalg.eigvalsh(tf.constant(matrix, dtype)).numpy().tolist() == values


def test_a_batch_and_keras_ops_eigh():
    batch = tf.constant([[[1., 2.], [2., 1.]], [[5., 1.], [1., 5.]]])
    assert tf.linalg.eigvalsh(batch).numpy().tolist() == [[-0.9999999403953552, 2.999999761581421],
                                                          [3.9999990463256836, 5.999999523162842]]
    assert keras.ops.eigh(tf.constant([[1., 2.], [2., 1.]]))[0].numpy().tolist() == [-0.9999999403953552,
                                                                                     2.999999761581421]


def test_the_eigenvalue_gradient_still_follows():
    a = tf.Variable([[2., 1.], [1., 2.]])
    with tf.GradientTape() as tape:
        e, _ = tf.linalg.eigh(a)
        top = e[1]
    # d lambda_max / dA for the lower triangle read: v v^T folded onto it, v = [1, 1] / sqrt(2)
    np.testing.assert_allclose(tape.gradient(top, a).numpy(), [[0.5, 0.], [1., 0.5]], atol=1e-6)
