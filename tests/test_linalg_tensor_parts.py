"""tf.linalg.adjoint, cross, normalize, tensor_diag, tensor_diag_part, lu_reconstruct,
lu_solve, lu_matrix_inverse, and tf.linalg.norm's spectral norm (ord=2 on an axis pair).

Golden values were printed by TensorFlow 2.21 (/opt/tfref) for the float32 inputs below.
"""
import numpy as np
import pytest

import framework as tf
from framework.errors import InvalidArgumentError
from framework.gradient_check import check_gradients

L = tf.linalg
S3 = np.array([[2.0, 0.5, 0.3], [0.5, 1.5, -0.2], [0.3, -0.2, 1.0]], np.float32)
G3 = np.array([[1.0, 2.0, 0.5], [-0.3, 0.8, 1.2], [0.7, -1.1, 0.4]], np.float32)
B32 = np.array([[1.0, -0.5], [0.25, 2.0], [0.3, 0.1]], np.float32)
W33 = np.array([[0.5, -1.0, 0.25], [2.0, 0.3, -0.7], [1.0, 0.1, 0.6]], np.float32)

CROSS = [[1.0, 0.0, -2.0], [-0.9200000166893005, 2.190000057220459, -1.690000057220459], [-0.7000000476837158, -0.02000001072883606, 1.1700000762939453]]
NORMALIZE = [[[0.5, 0.5128204822540283, 0.238095223903656], [-0.15000000596046448, 0.20512820780277252, 0.5714285373687744], [0.3499999940395355, -0.28205129504203796, 0.1904761791229248]], [[2.0, 3.9000000953674316, 2.1000001430511475]]]     # normalize(G3, ord=1, axis=0)
NORMALIZE_FRO = 3.0463095   # the norm of normalize(G3) (euclidean over all elements), kept as a (1, 1) tensor
NORM2 = 2.567399   # norm(G3, ord=2, axis=[0, 1]); for stack([G3, S3]) with keepdims: [[[2.567399]], [[2.327282]]]
NORM2_AXES_0_2 = [2.8244803, 1.7848969, 1.5497454]   # norm(stack([G3, S3]), ord=2, axis=[0, 2])
LU_SOLVE = [[0.5522496, -0.9637156], [0.1647315, -0.149492], [0.2365748, 1.5253991]]   # lu_solve(*lu(G3), B32)
LU_INVERSE = [[0.4760523, -0.3918723, 0.5805515], [0.2786647, 0.0145138, -0.3918723],
              [-0.0667635, 0.7256894, 0.4063861]]
TENSOR_DIAG_PART = [[0., 5.], [10., 15.]]   # tensor_diag_part(arange(16).reshape(2, 2, 2, 2))


def test_adjoint_swaps_the_last_two_axes():
    x = np.arange(24, dtype=np.float32).reshape(2, 3, 4)
    np.testing.assert_array_equal(L.adjoint(x).numpy(), np.swapaxes(x, -1, -2))
    z = tf.cast(G3, tf.complex64) * tf.cast(1j, tf.complex64) + tf.cast(S3, tf.complex64)
    np.testing.assert_allclose(L.adjoint(z).numpy(), np.conj(z.numpy()).T)
    # TF conjugates with matrix_transpose(conjugate=True) (tapeflow raised TypeError for complex input)
    np.testing.assert_allclose(L.matrix_transpose(z, conjugate=True).numpy(), np.conj(z.numpy()).T)
    np.testing.assert_allclose(L.matrix_transpose(z).numpy(), z.numpy().T)


def test_cross_normalize_tensor_diag():
    np.testing.assert_allclose(L.cross(G3, W33).numpy(), CROSS, atol=1e-6)
    unit, size = L.normalize(G3, ord=1, axis=0)
    np.testing.assert_allclose(unit.numpy(), NORMALIZE[0], atol=1e-6)
    np.testing.assert_allclose(size.numpy(), NORMALIZE[1], atol=1e-6)
    unit, size = L.normalize(G3)
    assert size.shape == (1, 1)
    np.testing.assert_allclose(size.numpy(), [[NORMALIZE_FRO]], rtol=1e-6)
    d = np.array([[1., 2.], [3., 4.]], np.float32)
    full = L.tensor_diag(d)
    assert full.shape == (2, 2, 2, 2) and full.numpy()[1, 0, 1, 0] == 3 and full.numpy().sum() == 10
    np.testing.assert_array_equal(L.tensor_diag_part(np.arange(16, dtype=np.float32).reshape(2, 2, 2, 2)).numpy(),
                                  TENSOR_DIAG_PART)
    np.testing.assert_array_equal(L.tensor_diag_part(full).numpy(), d)


def test_lu_reconstruct_solve_and_inverse():
    lu, p = L.lu(G3)
    np.testing.assert_allclose(L.lu_reconstruct(lu, p).numpy(), G3, atol=1e-6)
    np.testing.assert_allclose(L.lu_solve(lu, p, B32).numpy(), LU_SOLVE, atol=1e-6)
    np.testing.assert_allclose(L.lu_matrix_inverse(lu, p).numpy(), LU_INVERSE, atol=1e-6)
    batch = np.stack([G3, S3])
    lu, p = L.lu(batch)
    np.testing.assert_allclose(L.lu_reconstruct(lu, p).numpy(), batch, atol=1e-6)
    np.testing.assert_allclose(L.lu_matrix_inverse(lu, p).numpy(), np.linalg.inv(batch), atol=1e-5)


def test_spectral_norm():
    np.testing.assert_allclose(L.norm(G3, ord=2, axis=[0, 1]).numpy(), NORM2, rtol=1e-6)
    both = L.norm(np.stack([G3, S3]), ord=2, axis=[-2, -1], keepdims=True)
    assert both.shape == (2, 1, 1)
    np.testing.assert_allclose(both.numpy().ravel(), [NORM2, 2.327282], rtol=1e-6)
    np.testing.assert_allclose(tf.norm(np.stack([G3, S3]), ord=2, axis=[0, 2]).numpy(), NORM2_AXES_0_2, rtol=1e-6)


RNG = np.random.default_rng(11)
PERM = tf.constant([2, 0, 1])


@pytest.mark.parametrize('name, fn, xs', [
    ('adjoint', L.adjoint, [RNG.normal(size=(2, 3, 4))]),
    ('cross', L.cross, [RNG.normal(size=(2, 3)), RNG.normal(size=(2, 3))]),
    ('normalize', lambda x: L.normalize(x, axis=1)[0], [RNG.normal(size=(3, 4))]),
    ('normalize norm', lambda x: L.normalize(x, ord=1, axis=0)[1], [RNG.normal(size=(3, 4))]),
    ('tensor_diag', L.tensor_diag, [RNG.normal(size=(2, 3))]),
    ('tensor_diag_part', L.tensor_diag_part, [RNG.normal(size=(2, 3, 2, 3))]),
    ('lu_reconstruct', lambda a: L.lu_reconstruct(a, PERM), [RNG.normal(size=(3, 3))]),
    ('lu_solve', lambda a, b: L.lu_solve(a + 3 * np.eye(3), PERM, b), [RNG.normal(size=(3, 3)), RNG.normal(size=(3, 2))]),
    ('lu_matrix_inverse', lambda a: L.lu_matrix_inverse(a + 3 * np.eye(3), PERM), [RNG.normal(size=(3, 3))]),
    ('spectral norm', lambda a: L.norm(a, ord=2, axis=[1, 2]), [RNG.normal(size=(2, 3, 4))]),
])
def test_gradients_match_central_differences(name, fn, xs):
    check_gradients(fn, xs)


@pytest.mark.parametrize('call', [
    # (L.cross of 2-vectors is TF's FailedPreconditionError: tests/test_kdocA_cross.py)
    lambda: L.cross(G3, G3[:2]),
    lambda: L.tensor_diag_part(np.ones((4, 3), np.float32)),
    lambda: L.lu_solve(G3, tf.constant([0, 1]), B32),
])
def test_bad_shapes_raise_invalid_argument(call):
    with pytest.raises(InvalidArgumentError):
        call()


def test_lu_solve_rhs_rows_not_matching_is_tfs_static_value_error():
    # TF 2.21's _lu_solve_assertions: "`lower_upper.shape[-1]` must equal `rhs.shape[-1]`." (a ValueError)
    with pytest.raises(ValueError, match='must equal'):
        L.lu_solve(G3, tf.constant([0, 1, 2]), B32[:2])


# For tests/test_op_gradients.py and tests/test_bad_input_sweep.py.
COVERED_HERE = {'adjoint', 'cross', 'normalize', 'tensor_diag', 'tensor_diag_part', 'lu_reconstruct', 'lu_solve',
                'lu_matrix_inverse'}
SWEEP_CALLS = {'adjoint': ((G3,), {}), 'cross': ((G3, W33), {}), 'normalize': ((G3,), {}),
               'tensor_diag': ((B32,), {}), 'tensor_diag_part': ((G3,), {}),
               'lu_reconstruct': ((G3, np.array([0, 2, 1], np.int32)), {}),
               'lu_solve': ((G3, np.array([0, 2, 1], np.int32), B32), {}),
               'lu_matrix_inverse': ((G3, np.array([0, 2, 1], np.int32)), {})}
