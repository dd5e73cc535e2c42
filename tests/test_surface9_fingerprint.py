"""tf.fingerprint and tf.guarantee_const.

Expected bytes and texts are TensorFlow 2.21's, printed by the same calls under /opt/tfref/bin/python."""
import numpy as np
import pytest

import framework as tf
from framework.errors import InvalidArgumentError

# test_bad_input_sweep's good calls; both take any dtype (strings are documented input)
SWEEP_CALLS = {'fingerprint': ((np.array([[1, 2], [3, 4]], np.int32),), {}),
               'guarantee_const': ((np.array([0.5, 1.5], np.float32),), {})}
SWEEP_ANY_DTYPE = {'fingerprint', 'guarantee_const'}


@pytest.mark.parametrize('data, expected', [
    (tf.constant([[1, 2], [3, 4]]), [[76, 18, 253, 133, 168, 204, 240, 10], [254, 162, 60, 240, 103, 244, 53, 255]]),
    (tf.constant([b'abc', b'', b'hello world']), [[105, 243, 231, 116, 160, 179, 165, 36],
                                                   [79, 64, 144, 47, 59, 106, 225, 154],
                                                   [27, 176, 214, 139, 71, 183, 143, 88]]),
    (tf.constant([[b'a', b'b'], [b'c', b'd']]), [[122, 64, 59, 169, 136, 60, 55, 83], [52, 252, 224, 38, 64, 226, 155, 60]]),
    (tf.constant([[b'a'], [b'b']]), [[227, 117, 223, 182, 101, 66, 69, 179], [22, 241, 200, 94, 33, 96, 178, 163]]),
    (tf.constant([b'x' * 100, b'y' * 40]), [[31, 138, 86, 84, 184, 22, 118, 91], [222, 207, 3, 154, 54, 150, 213, 3]]),
    (tf.constant([1.5, 2.5]), [[64, 181, 56, 72, 223, 224, 189, 72], [215, 206, 200, 229, 128, 42, 67, 207]]),
    (tf.zeros([2, 0]), [[79, 64, 144, 47, 59, 106, 225, 154]] * 2),
    (tf.constant([[True, False, True]]), [[52, 237, 36, 155, 176, 91, 246, 151]]),
    (np.arange(12, dtype=np.int64).reshape(2, 2, 3), [[130, 113, 164, 132, 249, 26, 96, 101],
                                                      [51, 64, 46, 23, 64, 61, 153, 1]]),
])
def test_fingerprint_bytes_are_tensorflows(data, expected):
    out = tf.fingerprint(data)
    assert out.dtype == tf.uint8 and out.numpy().tolist() == expected


@pytest.mark.parametrize('call, text', [
    (lambda: tf.fingerprint(tf.constant(1)), '`data` should have at least one dimension: [] [Op:Fingerprint]'),
    (lambda: tf.fingerprint(tf.constant([1]), method='md5'), 'Unsupported fingerprint method: md5 [Op:Fingerprint]'),
])
def test_fingerprint_refuses_as_tensorflow(call, text):
    with pytest.raises(InvalidArgumentError) as info:
        call()
    assert str(info.value).endswith(text)


def test_guarantee_const_passes_its_value_and_has_no_gradient():
    x = tf.Variable([1., 2.])
    with tf.GradientTape() as tape:
        y = tf.guarantee_const(x * 2)
        z = tf.reduce_sum(y * y)
    np.testing.assert_array_equal(y.numpy(), [2., 4.])
    with pytest.raises(LookupError, match='^gradient registry has no entry for: GuaranteeConst$'):
        tape.gradient(z, x)
    assert tf.guarantee_const([1, 2]).numpy().tolist() == [1, 2]
    assert tf.guarantee_const(tf.constant([b'a'])).numpy().tolist() == [b'a']
