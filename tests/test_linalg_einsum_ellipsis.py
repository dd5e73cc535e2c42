"""tf.einsum / tf.linalg.einsum with '...': TensorFlow 2.21's shapes, its implicit-output rule
and its refusals, and gradients by central differences.

Expected shapes and sums were printed by TensorFlow 2.21 (/opt/tfref) for the seeded inputs below.
"""
import numpy as np
import pytest

import framework as tf
from framework.errors import InvalidArgumentError
from framework.gradient_check import check_gradients

RNG = np.random.default_rng(0)
A = RNG.normal(size=(2, 3, 4)).astype(np.float32)
B = RNG.normal(size=(2, 4, 5)).astype(np.float32)
C = RNG.normal(size=(1, 4, 5)).astype(np.float32)
D = RNG.normal(size=(4, 5)).astype(np.float32)
SQUARES = RNG.normal(size=(2, 3, 3)).astype(np.float32)


@pytest.mark.parametrize('equation, operands, shape, total', [
    ('...ij,...jk->...ik', (A, B), (2, 3, 5), -6.94),
    ('...ij,...jk->...ik', (A, C), (2, 3, 5), -14.602),      # size-1 batch axes broadcast
    ('...ij,jk->...ik', (A, D), (2, 3, 5), -4.2461),
    ('i...->...', (A,), (3, 4), -2.7393),
    ('...ii->...i', (SQUARES,), (2, 3), 0.3195),
    ('...j', (A,), (2, 3, 4), -2.7393),                     # implicit: one operand keeps its ellipsis
    ('ij...->...', (A,), (4,), -2.7393),
])
def test_ellipsis_values_match_tensorflow(equation, operands, shape, total):
    out = tf.einsum(equation, *operands)
    assert out.shape == shape
    np.testing.assert_allclose(float(np.sum(out.numpy())), total, atol=1e-3)
    np.testing.assert_allclose(out.numpy(), np.einsum(equation, *operands), rtol=1e-5, atol=1e-6)


@pytest.mark.parametrize('equation, operands', [
    ('...ij,...jk', (A, B)),            # implicit with two ellipses: TensorFlow would sum batch axes, and refuses
    ('b...,b...->b', (A, A)),
    ('...ij,...jk->ik', (A, B)),
])
def test_batch_axes_missing_from_the_output_are_refused(equation, operands):
    with pytest.raises(InvalidArgumentError, match='no ellipsis'):
        tf.einsum(equation, *operands)


@pytest.mark.parametrize('equation, shapes', [
    ('...ij,...jk->...ik', [(2, 3, 4), (1, 4, 5)]),
    ('...ii->...i', [(2, 3, 3)]),
    ('ij...,jk', [(4, 2, 3), (2, 5)]),
])
def test_ellipsis_gradients_match_central_differences(equation, shapes):
    check_gradients(lambda *xs: tf.einsum(equation, *xs), [RNG.normal(size=s) for s in shapes])
