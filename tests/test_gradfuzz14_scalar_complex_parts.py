"""tf.math.real / imag / conj / angle of a scalar complex tensor are scalars, as in TF 2.21
(tapeflow returned shape (1,): numpy's ascontiguousarray makes a 0-d array 1-D)."""
import numpy as np
import pytest

import framework as tf


@pytest.mark.parametrize('op, want', [('real', 1.5), ('imag', 2.0), ('conj', 1.5 - 2j),
                                      ('angle', 0.9272952180016122)])
def test_scalar_parts_keep_shape(op, want):
    # TF 2.21: tf.math.angle(tf.constant(1.5 + 2j)) -> tf.Tensor(0.9272952180016122, shape=(), dtype=float64)
    out = getattr(tf.math, op)(tf.constant(1.5 + 2j))
    assert out.shape == ()
    assert out.numpy() == want


def test_loss_through_scalar_real_part_is_a_scalar_with_tf_gradient():
    x = tf.constant([[1.5 + 2j]])
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = tf.math.real(tf.reduce_sum(x * x)) * 3 + tf.math.imag(x[0, 0])
    assert y.shape == ()
    # TF 2.21: tf.Tensor([[9.-11.j]], shape=(1, 1), dtype=complex128)
    np.testing.assert_array_equal(tape.gradient(y, x).numpy(), [[9 - 11j]])
