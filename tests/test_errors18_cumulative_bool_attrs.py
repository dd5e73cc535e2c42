"""cumsum / cumprod / cumulative_logsumexp refuse a non-bool exclusive= or reverse= as TF 2.21's op wrapper
does (tapeflow read 'x' or 1 as true and went on); None keeps the default, as there."""
import numpy as np
import pytest

import framework as tf

X = np.ones((2, 3), 'float32')


@pytest.mark.parametrize('call, text', [
    (lambda: tf.math.cumprod(X, exclusive='x'), "Expected bool for argument 'exclusive' not 'x'."),
    (lambda: tf.math.cumsum(X, reverse='x'), "Expected bool for argument 'reverse' not 'x'."),
    (lambda: tf.math.cumsum(X, exclusive=1), "Expected bool for argument 'exclusive' not 1."),
    (lambda: tf.math.cumprod(X, reverse=np.bool_(True)), "Expected bool for argument 'reverse' not np.True_."),
    (lambda: tf.math.cumulative_logsumexp(X, exclusive='x'), "Expected bool for argument 'exclusive' not 'x'."),
])
def test_non_bool_attributes_are_refused(call, text):
    with pytest.raises(TypeError) as caught:
        call()
    assert str(caught.value) == text


def test_none_is_the_default():
    np.testing.assert_array_equal(tf.math.cumsum(X, exclusive=None, reverse=None).numpy(), np.cumsum(X, 0))
