"""Lists holding tensors are packed as TensorFlow packs them (a recorded Pack op, the first
tensor's dtype): DeepDream's ``tf.reduce_sum(losses)`` over a list of per-layer losses gave
no gradient (None) on tapeflow. Values derived from TF 2.21 (dbg04 in kexamples3's programs)."""
import numpy as np
import pytest

import framework as tf


def _gradients_through_lists():
    x = tf.constant(2.0)
    with tf.GradientTape(persistent=True) as tape:
        tape.watch(x)
        outs = [tf.reduce_sum([x * x, x * 3.0]),
                tf.convert_to_tensor([[x, 1.0], [2.0, x * x]]),
                x + [x, 2 * x],
                tf.concat([[x * x], [x * 3.0]], 0),
                tf.reduce_mean([[x * x, x], [1.0, 2.0]], axis=0),
                tf.maximum([x, 3 * x], 1.0),
                tf.reshape([x, x * x, 1.0, 2.0], (2, 2))]
    return [float(tape.gradient(out, x)) for out in outs]


def test_gradients_reach_tensors_inside_lists():
    # TF 2.21: the same seven targets' gradients at x = 2
    assert _gradients_through_lists() == [7.0, 5.0, 5.0, 7.0, 2.5, 4.0, 5.0]


def test_list_takes_the_first_tensors_dtype():
    # TF 2.21: float64, int64, int64; python numbers take the tensor's dtype
    assert tf.convert_to_tensor([tf.constant(1.0, tf.float64), 2.0]).dtype == tf.float64
    assert tf.convert_to_tensor([tf.constant(1, tf.int64), 2]).dtype == tf.int64
    assert tf.convert_to_tensor([2, tf.constant(1, tf.int64)]).dtype == tf.int64
    nested = tf.convert_to_tensor([[1.0, 2.0], tf.constant([3.0, 4.0], tf.float64)])
    assert nested.dtype == tf.float64 and nested.shape == (2, 2)
    # an explicit dtype casts the tensors (TF 2.21: [1. 2.] float64)
    cast = tf.convert_to_tensor([tf.constant(1.0), 2.0], dtype=tf.float64)
    assert cast.dtype == tf.float64
    np.testing.assert_array_equal(cast.numpy(), [1.0, 2.0])


def test_lists_that_do_not_pack_are_refused():
    # TF 2.21 raises InvalidArgumentError (Pack's dtype and shape checks) and TypeError (2.5 as int32)
    with pytest.raises(tf.errors.InvalidArgumentError, match='float32'):
        tf.convert_to_tensor([tf.constant(1.0, tf.float64), tf.constant(2.0)])
    with pytest.raises(tf.errors.InvalidArgumentError, match='shape'):
        tf.convert_to_tensor([tf.constant([1.0, 2.0]), tf.constant(2.0)])
    with pytest.raises(TypeError, match='2.5'):
        tf.convert_to_tensor([tf.constant(1), 2.5])
