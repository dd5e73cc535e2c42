"""tf.linalg.cross's shape error ends in ' name: ' on TF 2.21's eager fast path (tensors, numpy arrays) and
at '[Op:Cross]' when a Python list sends the call through the slow path (printed by TF 2.21:
tf.linalg.cross([[1., 0, 0]], [1., 0, 0]) -> InvalidArgumentError '... Both inputs must be of same shape: [1,3]
vs. [3] [Op:Cross]')."""
import framework as tf
import pytest
from framework.errors import InvalidArgumentError

PREFIX = '{{function_node __wrapped__Cross_device_/job:localhost/replica:0/task:0/device:CPU:0}} '


def test_shape_mismatch_tail():
    with pytest.raises(InvalidArgumentError) as caught:
        tf.linalg.cross([[1., 0, 0]], [1., 0, 0])
    assert str(caught.value) == PREFIX + 'Both inputs must be of same shape: [1,3] vs. [3] [Op:Cross]'
    with pytest.raises(InvalidArgumentError) as caught:
        tf.linalg.cross(tf.constant([[1., 0, 0]]), [1., 0, 0])
    assert str(caught.value) == PREFIX + 'Both inputs must be of same shape: [1,3] vs. [3] [Op:Cross]'
    with pytest.raises(InvalidArgumentError) as caught:
        tf.linalg.cross(tf.ones([2, 3]), tf.ones([3, 3]))
    assert str(caught.value) == PREFIX + 'Both inputs must be of same shape: [2,3] vs. [3,3] [Op:Cross] name: '
