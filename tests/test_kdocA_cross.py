"""tf.linalg.cross and keras.ops.cross refuse as TF 2.21 does: vectors of other than 3 components are Cross's
FailedPreconditionError, unequal shapes tf.linalg.cross's InvalidArgumentError; keras.ops.cross pads
2-vectors, broadcasts (a single component spreads over three, BroadcastArgs' error otherwise).
Texts and values printed by TF 2.21 + Keras 3.15."""
import numpy as np
import pytest

import framework as tf
from framework.keras import ops

X = np.array([[1.0, 2.0, 3.0], [-0.5, 0.25, 4.0]], 'float32')
PREFIX = '{{function_node __wrapped__%s_device_/job:localhost/replica:0/task:0/device:CPU:0}} '


def test_tf_linalg_cross_errors():
    with pytest.raises(tf.errors.FailedPreconditionError) as info:
        tf.linalg.cross(np.ones(7), np.ones(7))
    # TF 2.21 (errors59 la2.py, not the process's first op): numpy inputs take the fast path, its ' name: ' tail
    assert str(info.value) == PREFIX % 'Cross' + 'Cross-products are only defined for 3-element vectors. [Op:Cross] name: '
    with pytest.raises(tf.errors.InvalidArgumentError) as info:
        tf.linalg.cross(np.ones((2, 3)), np.ones((3, 3)))
    assert str(info.value) == PREFIX % 'Cross' + 'Both inputs must be of same shape: [2,3] vs. [3,3] [Op:Cross] name: '


def test_keras_cross_errors():
    with pytest.raises(tf.errors.FailedPreconditionError) as info:
        ops.cross(np.ones(7), np.ones(7))
    assert str(info.value) == (PREFIX % 'Cross' + 'Cross-products are only defined for 3-element vectors. '
                                                  '[Op:Cross] name: ')
    with pytest.raises(tf.errors.InvalidArgumentError) as info:
        ops.cross(np.ones(4), np.ones(3))
    assert str(info.value) == PREFIX % 'BroadcastArgs' + 'Incompatible shapes: [4] vs. [3] [Op:BroadcastArgs]'


@pytest.mark.parametrize('a, b, want', [
    (X, X[:, :1], [[-1.0, 2.0, -1.0], [1.875, -2.25, 0.375]]),
    (X[:, :1], X, [[1.0, -2.0, 1.0], [-1.875, 2.25, -0.375]]),
    (X[:, :2], X[:, :1], [[2.0, -1.0, -1.0], [-0.125, -0.25, 0.375]]),
])
def test_a_single_component_broadcasts(a, b, want):
    np.testing.assert_array_equal(ops.cross(a, b).numpy(), np.array(want, np.float32))
