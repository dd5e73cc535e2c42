"""tf.reduce_logsumexp of a RaggedTensor runs TF 2.21's dense composition dispatched to the ragged operands
(reduce_max(keepdims=True), where(is_finite), exp(x - max), reduce_sum, log, + max). Before: ValueError
"TypeError: object of type 'RaggedTensor' has no len()".

Golden values printed by TF 2.21 with the same calls (``print(tf.reduce_logsumexp(rt, ...))``)."""
import numpy as np
import pytest

import framework as tf
from framework.errors import InvalidArgumentError


def _rt():
    return tf.ragged.constant([[1., 2., 3.], [], [4.], [5., 6.]])


def test_rows_and_whole():
    assert tf.reduce_logsumexp(_rt(), axis=1).numpy().tolist() == [
        np.float32(3.407606).item(), -np.inf, 4.0, np.float32(6.3132615).item()]
    assert tf.math.reduce_logsumexp(_rt(), axis=-1, keepdims=True).shape == (4, 1)
    assert tf.reduce_logsumexp(_rt()).numpy() == np.float32(6.456193447113037)
    out = tf.reduce_logsumexp(tf.ragged.constant([[-np.inf, -np.inf], [np.inf], [1., np.nan]]), axis=1)
    assert np.isnan(out.numpy()[2]) and out.numpy()[:2].tolist() == [-np.inf, np.inf]


def test_two_ragged_axes_fail_as_tf():
    # TF 2.21's composition reshapes the max to shape(result) of a ragged result: ValueError from its reshape
    with pytest.raises(ValueError, match="object of type 'RaggedTensor' has no len"):
        tf.reduce_logsumexp(tf.ragged.constant([[[1., 2.], [3.]], [[4.]]]), axis=2)
    f64 = tf.reduce_logsumexp(tf.ragged.constant([[1., 2.]], dtype=tf.float64), axis=1)
    assert f64.numpy().tolist() == [2.313261687518223]


def test_columns_fail_as_tf_composition_fails():
    # TF 2.21: the ragged subtraction of a (1, 3) max from rows of other lengths fails its assertion
    with pytest.raises(InvalidArgumentError, match='Condition x == y did not hold'):
        tf.reduce_logsumexp(_rt(), axis=0)
