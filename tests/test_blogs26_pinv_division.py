"""tf.linalg.pinv / keras.ops.pinv as TF 2.21's: small singular values saturate to inf and V / s is a
division (tapeflow multiplied by 1 / s: TF's pinv([[1, 2], [3, 4], [5, 6]]) has 0.66666776 where
tapeflow printed 0.6666678, /work/notes/progs/blogs26/p61.py); and the svd gradient uses TF's
_SafeReciprocal, so a rank-deficient matrix's pinv has a finite gradient (tapeflow gave NaN).
Expected values printed by TF 2.21 (g_pinv.py there).
"""
import numpy as np
import pytest

import framework as tf
from framework import keras

pytestmark = pytest.mark.usefixtures('xeon_cpu')     # TF 2.21's values on the AVX-512 Xeon


def test_pinv_divides_by_the_singular_values():
    assert tf.linalg.pinv(tf.constant([[1., 2.], [3., 4.], [5., 6.]])).numpy().tolist() == [
        [-1.3333349227905273, -0.33333444595336914, 0.6666677594184875],
        [1.0833348035812378, 0.3333342671394348, -0.416667640209198]]
    assert tf.linalg.pinv(tf.constant([[1., 2.], [2., 4.]])).numpy().tolist() == [
        [0.03999999910593033, 0.07999999821186066], [0.07999999821186066, 0.1599999964237213]]
    assert keras.ops.pinv(tf.constant([[2., 0.], [0., 4.]], tf.float64)).numpy().tolist() == [[0.5, 0.0], [0.0, 0.25]]


def test_a_rank_deficient_pinv_has_a_finite_gradient():
    a = tf.Variable([[1., 2.], [2., 4.]])
    with tf.GradientTape() as tape:
        y = tf.reduce_sum(tf.linalg.pinv(a))
    # TF 2.21: [[0.0048, -0.0144], [-0.0144, -0.0768]] (its rule's other order of terms: not bit-equal)
    np.testing.assert_allclose(tape.gradient(y, a).numpy(), [[0.004799998831003904, -0.014400001615285873],
                                                             [-0.01439999882131815, -0.07679999619722366]],
                               rtol=1e-5)
