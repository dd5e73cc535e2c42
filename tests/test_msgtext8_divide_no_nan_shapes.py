"""divide_no_nan of shapes that do not broadcast prints TF 2.21's DivNoNan kernel text (not RealDiv's, the
division tapeflow computes it with); tapeflow's sentence is a note. Literals: TF 2.21's str(e) (opfuzz rows
divide_no_nan|1|shape57 and |0|shape57, /work/notes/progs/fuzz6/out_tf.txt)."""
import numpy as np
import pytest

import framework as tf
from framework import keras

PREFIX = '{{function_node __wrapped__DivNoNan_device_/job:localhost/replica:0/task:0/device:CPU:0}} '


@pytest.mark.parametrize('call, shapes', [
    (lambda: tf.math.divide_no_nan(np.ones((2, 3), np.float32), np.ones((5, 7), np.float32)), '[2,3] vs. [5,7]'),
    (lambda: tf.math.divide_no_nan(np.ones((5, 7), np.float32), np.ones(3, np.float32)), '[5,7] vs. [3]'),
    (lambda: keras.ops.divide_no_nan(np.ones((0, 3), np.float32), np.ones((2, 3), np.float32)), '[0,3] vs. [2,3]'),
])
def test_a_shape_mismatch_names_the_divnonan_kernel(call, shapes):
    with pytest.raises(tf.errors.InvalidArgumentError) as info:
        call()
    assert str(info.value) == PREFIX + 'Incompatible shapes: %s [Op:DivNoNan] name: ' % shapes
    assert any('divide_no_nan' in note for note in info.value.__notes__)


def test_shapes_that_broadcast_still_divide():
    out = tf.math.divide_no_nan(tf.constant([[2.0, 4.0]]), tf.constant([2.0, 0.0]))
    np.testing.assert_array_equal(out.numpy(), [[1.0, 0.0]])
