"""tf.autodiff.ForwardAccumulator checks no tangent shapes in TF 2.21: its ops broadcast the tangent, so a
scalar or (1,) tangent of a vector primal acts as that value in every element (jvp of x * x at [1, 2] with 3.0
is [6, 12], of its sum 18). tapeflow raised 'a tangent of shape () for a primal of shape (2,)'. A tangent that
does not broadcast to the primal still raises. Values: TF 2.21 (notes progs/tutorials33/g11_acc_shape.py)."""
import pytest

import framework as tf


@pytest.mark.parametrize('tangent', [tf.constant(3.0), tf.constant([3.0]), 3.0])
def test_a_tangent_that_broadcasts_to_the_primal_acts_in_every_element(tangent):
    x = tf.constant([1.0, 2.0])
    with tf.autodiff.ForwardAccumulator(x, tangent) as acc:
        y = x * x
        z = tf.reduce_sum(y)
    assert acc.jvp(y).numpy().tolist() == [6.0, 12.0]
    assert float(acc.jvp(z)) == 18.0


def test_a_tangent_that_does_not_broadcast_still_raises():
    with pytest.raises(ValueError):
        tf.autodiff.ForwardAccumulator(tf.constant([1.0, 2.0]), tf.constant([1.0, 2.0, 3.0]))
