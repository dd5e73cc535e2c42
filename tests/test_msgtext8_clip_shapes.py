"""clip_by_value / keras.ops.clip with bounds that do not broadcast print TF 2.21's eager text of the kernel whose
broadcast fails first: Minimum(t, max), then Maximum(that, min); tapeflow's sentence is a note. Literals: TF 2.21's
str(e), printed by /work/notes/progs/msgtext8/clip_tf.py under /opt/tfref."""
import numpy as np
import pytest

import framework as tf
from framework import keras

ROWS = np.ones((2, 3), np.float32)
EMPTY = np.ones((0, 3), np.float32)
PREFIX = '{{function_node __wrapped__%s_device_/job:localhost/replica:0/task:0/device:CPU:0}} '


@pytest.mark.parametrize('call, kernel, shapes', [
    (lambda: tf.clip_by_value(ROWS, np.ones(2, np.float32), 2.0), 'Maximum', '[2,3] vs. [2]'),
    (lambda: tf.clip_by_value(ROWS, 0.0, np.ones(2, np.float32)), 'Minimum', '[2,3] vs. [2]'),
    (lambda: tf.clip_by_value(EMPTY, ROWS, ROWS), 'Minimum', '[0,3] vs. [2,3]'),
    (lambda: keras.ops.clip(ROWS, EMPTY, ROWS), 'Maximum', '[2,3] vs. [0,3]'),
    (lambda: keras.ops.clip(ROWS, ROWS, np.ones((5, 7), np.float32)), 'Minimum', '[2,3] vs. [5,7]'),
])
def test_bounds_that_do_not_broadcast_print_the_first_failing_kernel(call, kernel, shapes):
    with pytest.raises(tf.errors.InvalidArgumentError) as info:
        call()
    assert str(info.value) == PREFIX % kernel + 'Incompatible shapes: %s [Op:%s] name: ' % (shapes, kernel)
    assert any('clip_by_value: t' in note for note in info.value.__notes__)
