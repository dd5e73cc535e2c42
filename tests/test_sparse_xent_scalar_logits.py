"""tf.nn.sparse_softmax_cross_entropy_with_logits refuses scalar logits first, in TF 2.21's words (with its
stray closing backquote), whatever the labels; tapeflow raised IndexError. Texts from TF 2.21."""
import numpy as np
import pytest

import framework as tf


@pytest.mark.parametrize('labels, logits, shown', [
    (1, 2.0, '2.0'),
    (tf.constant(1), tf.constant(2.0), '2.0'),
    ([1], 2.0, '2.0'),
    (1, 2.5, '2.5'),
    (1, np.float64(1.25), '1.25'),
    (1, tf.constant(3.0, tf.float64), '3.0'),
    (1, np.array(7.0, np.float32), '7.0'),
])
def test_scalar_logits(labels, logits, shown):
    with pytest.raises(ValueError) as info:
        tf.nn.sparse_softmax_cross_entropy_with_logits(labels=labels, logits=logits)
    assert str(info.value) == '`logits` cannot be a scalar. Received logits=%s`' % shown
