"""tf.nn.pool checks its arguments in TF 2.21's order and words (nn_ops.pool): strides and dilations as int32
numpy arrays ('[2 2]'), no 'pool: ' prefix, the pooling type compared case-sensitively, strides past the
window refused; a lowercase padding is the attr error of the kernel it runs. Texts printed by TF 2.21
(progs/gradfuzz9/t_pool_err.py; found by gradfuzz9 5 #170: 'pool: pooling with ...' where TF has 'pooling with')."""
import re

import pytest

import framework as tf

pytestmark = pytest.mark.usefixtures('xeon_cpu')     # the kernels' node names are oneDNN's (_MklNative*) on the Xeon

X1, X2 = tf.ones((1, 6, 2)), tf.ones((1, 6, 6, 2))

CASES = [
    (lambda: tf.nn.pool(X1, [2], 'MAX', padding='SAME', dilations=[2]), ValueError,
     "pooling with 'SAME' padding is not implemented for `dilation_rate` > 1. Received: padding=SAME and "
     "dilation_rate=[2]"),
    (lambda: tf.nn.pool(X2, [2, 2], 'AVG', padding='SAME', dilations=[2, 2]), ValueError,
     "pooling with 'SAME' padding is not implemented for `dilation_rate` > 1. Received: padding=SAME and "
     "dilation_rate=[2 2]"),
    (lambda: tf.nn.pool(X2, [2, 2], 'AVG', padding='SAME', dilations=2), TypeError, "object of type 'int' has no len()"),
    (lambda: tf.nn.pool(X2, [2, 2], 'AVG', padding='VALID', dilations=[2, 1], strides=[2, 2]), ValueError,
     '`strides > 1` not supported in conjunction with `dilation_rate > 1`. Received: strides=[2 2] and '
     'dilation_rate=[2 1]'),
    (lambda: tf.nn.pool(X2, [2, 2], 'AVG', padding='VALID', strides=[3, 3]), ValueError,
     '`strides` > `window_shape` not supported due to inconsistency between CPU and GPU implementations. '
     'Received: strides=[3 3] and window_shape=[2, 2]'),
    (lambda: tf.nn.pool(X2, [2, 2], 'MIN', padding='VALID'), ValueError, '2-D MIN pooling is not supported.'),
    (lambda: tf.nn.pool(X2, [2, 2, 2, 2], 'MAX', padding='VALID'), ValueError,
     '`len(window_shape)` must be 1, 2, or 3. Received: window_shape=[2, 2, 2, 2] of length 4'),
    (lambda: tf.nn.pool(X1, [2], 'max', padding='VALID'), ValueError, '1-D max pooling is not supported.'),
    (lambda: tf.nn.pool(X2, [2], 'MAX'), ValueError, 'Shape (1, 6, 6, 2) must have rank 3'),
    (lambda: tf.nn.pool(X2, [2, 2], 'MAX', strides=[1]), ValueError,
     '`len(strides)` should be 2. Received: strides=[1] of length 1'),
    (lambda: tf.nn.pool(X2, [2, 2], 'MAX', dilations=[0, 1]), ValueError,
     'all values of `dilation_rate` must be positive. Received: dilation_rate=[0 1]'),
]


@pytest.mark.parametrize('call, error, text', CASES)
def test_pool_refusals_in_tf_words(call, error, text):
    with pytest.raises(error) as caught:
        call()
    assert str(caught.value) == text          # (tapeflow's note naming the op follows in __notes__)


@pytest.mark.parametrize('call, text', [
    (lambda: tf.nn.pool(X1, [2], 'AVG', padding='valid'), '{{node _MklNativeAvgPool}}'),
    (lambda: tf.nn.pool(X2, [2, 2], 'MAX', padding='same'), '{{node MaxPool}}'),
])
def test_lowercase_padding_is_the_kernels_attr_error(call, text):
    with pytest.raises(tf.errors.InvalidArgumentError, match=re.escape(text)):
        call()


def test_valid_pools_still_pool():
    assert tf.nn.pool(X2, [2, 2], 'MAX', strides=(2, 1)).shape == (1, 3, 5, 2)
    assert float(tf.reduce_sum(tf.nn.pool(X2, [3, 2], 'AVG', padding='SAME', strides=[3, 2]))) == 12.0
    assert float(tf.reduce_sum(tf.nn.pool(X2, (2, 2), 'MAX', padding='VALID', dilations=(2, 2)))) == 32.0
