"""tf.nn.max_pool2d / avg_pool2d with a window or stride below 1: the MaxPool / AvgPool kernels' words
(AvgPool runs as oneDNN's __MklNativeAvgPool on this Xeon), the window shown as the kernel's four sizes.
Texts printed by TF 2.21 (/work/notes/progs/errors28/j10.py)."""
import numpy as np
import pytest

import framework as tf

pytestmark = pytest.mark.usefixtures('xeon_cpu')

_HEAD = '{{function_node __wrapped__%s_device_/job:localhost/replica:0/task:0/device:CPU:0}} '
_NODES = {'max_pool2d': ('MaxPool', 'MaxPool'), 'avg_pool2d': ('__MklNativeAvgPool', 'AvgPool')}


@pytest.mark.parametrize('op', ['max_pool2d', 'avg_pool2d'])
@pytest.mark.parametrize('ksize, strides, text', [
    (0, 1, 'Sliding window ksize must be positive. The specified or inferred ksize is: 1,0,0,1'),
    ((2, 0), 1, 'Sliding window ksize must be positive. The specified or inferred ksize is: 1,2,0,1'),
    (-1, 1, 'Sliding window ksize must be positive. The specified or inferred ksize is: 1,-1,-1,1'),
    ([0], [1], 'Sliding window ksize must be positive. The specified or inferred ksize is: 1,0,0,1'),
    (2, 0, 'Stride must be > 0, but got 0'),
    (2, (1, 0), 'Stride must be > 0, but got 0'),
])
def test_pool_window_below_one(op, ksize, strides, text):
    node, kernel = _NODES[op]
    for x in (tf.ones((1, 4, 4, 1)), np.ones((1, 4, 4, 1), 'float32')):
        with pytest.raises(tf.errors.InvalidArgumentError) as info:
            getattr(tf.nn, op)(x, ksize, strides, 'VALID')
        assert str(info.value) == _HEAD % node + text + ' [Op:%s] name: ' % kernel


def test_pool_with_positive_windows_still_pools():
    assert tf.nn.max_pool2d(tf.ones((1, 4, 4, 1)), 2, 2, 'VALID').shape.as_list() == [1, 2, 2, 1]
    assert tf.nn.avg_pool2d(tf.ones((1, 4, 4, 1)), [1, 2, 2, 1], [1, 1, 1, 1], 'VALID').shape.as_list() == [1, 3, 3, 1]
