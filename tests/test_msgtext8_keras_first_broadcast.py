"""keras.ops.hypot / logaddexp / logaddexp2 / heaviside of shapes that do not broadcast print TF 2.21's eager text
of the first kernel Keras 3's TF implementation runs (hypot: Maximum; logaddexp, logaddexp2: Sub; heaviside:
SelectV2); tapeflow's sentence is a note. Literals: TF 2.21's str(e) (kopsfuzz rows op|0|empty, op|1|shape57, /work/notes/progs/fuzz6/kout_tf.txt)."""
import numpy as np
import pytest

import framework as tf
from framework import keras

PREFIX = '{{function_node __wrapped__%s_device_/job:localhost/replica:0/task:0/device:CPU:0}} '
ROWS = np.ones((2, 3), np.float32)


@pytest.mark.parametrize('call, kernel, shapes', [
    (lambda: keras.ops.hypot(ROWS, np.ones((5, 7), np.float32)), 'Maximum', '[2,3] vs. [5,7]'),
    (lambda: keras.ops.hypot(np.ones((0, 3), np.float32), ROWS), 'Maximum', '[0,3] vs. [2,3]'),
    (lambda: keras.ops.logaddexp(ROWS, np.ones((5, 7), np.float32)), 'Sub', '[2,3] vs. [5,7]'),
    (lambda: keras.ops.logaddexp2(ROWS, np.ones((5, 7), np.float32)), 'Sub', '[2,3] vs. [5,7]'),
])
def test_a_shape_mismatch_names_the_first_kernel(call, kernel, shapes):
    with pytest.raises(tf.errors.InvalidArgumentError) as info:
        call()
    assert str(info.value) == PREFIX % kernel + 'Incompatible shapes: %s [Op:%s] name: ' % (shapes, kernel)
    assert any('do not broadcast' in note for note in info.value.__notes__)


def test_shapes_that_broadcast_still_compute():
    np.testing.assert_allclose(keras.ops.hypot(np.array([3.0]), np.array([[4.0], [0.0]])).numpy(), [[5.0], [3.0]])


@pytest.mark.parametrize('x1, x2, shapes', [
    (np.ones((0, 3), np.float32), ROWS, 'condition [0,3], then [0,3], and else [2,3]'),
    (ROWS, np.ones((2, 3, 1), np.float32), 'condition [2,3], then [2,3], and else [2,3,1]'),
])
def test_heaviside_names_selectv2(x1, x2, shapes):
    with pytest.raises(tf.errors.InvalidArgumentError) as info:
        keras.ops.heaviside(x1, x2)
    assert str(info.value) == PREFIX % 'SelectV2' + '%s must be broadcastable [Op:SelectV2] name: ' % shapes
