"""The tensor-slicing guide's errors in TensorFlow 2.21's words (printed by TF,
notes/progs/tftutorials3/slc.py): tf.slice's kernel checks, scatter_nd / tensor_scatter_nd_*'s
index bounds, boolean_mask's shape check."""
import pytest

import framework as tf

WRAPPED = '{{function_node __wrapped__%s_device_/job:localhost/replica:0/task:0/device:CPU:0}} '
T1 = tf.constant([0, 1, 2, 3, 4, 5, 6, 7])
T16 = tf.constant([[1, 2, 3], [4, 5, 6], [7, 8, 9]])


@pytest.mark.parametrize('fn, kernel, text', [
    (lambda: tf.slice(T1, [5], [5]), 'Slice', 'Expected size[0] in [0, 3], but got 5'),
    (lambda: tf.slice(T1, [9], [-1]), 'Slice', 'Expected begin[0] in [0, 8], but got 9'),
    (lambda: tf.slice(T1, [1, 1], [1, 1]), 'Slice', 'Expected begin and size arguments to be 1-D tensors of size 1, '
                                                     'but got shapes [2] and [2] instead.'),
    (lambda: tf.tensor_scatter_nd_update(T16, [[5, 0]], [1]), 'TensorScatterUpdate',
     'indices[0] = [5, 0] does not index into shape [3,3]'),
    (lambda: tf.scatter_nd([[10]], [1], [5]), 'ScatterNd', 'indices[0] = [10] does not index into shape [5]'),
])
def test_kernel_errors(fn, kernel, text):
    with pytest.raises(tf.errors.InvalidArgumentError) as info:
        fn()
    assert str(info.value) == WRAPPED % kernel + text + ' [Op:%s]' % kernel


def test_boolean_mask_shapes():
    with pytest.raises(ValueError) as info:
        tf.boolean_mask(T1, [True, False])
    assert str(info.value) == 'Shapes (8,) and (2,) are incompatible'
    assert tf.slice(T1, [2], [-1]).numpy().tolist() == [2, 3, 4, 5, 6, 7]


@pytest.mark.parametrize('fn, kernel, text', [
    (lambda t: tf.tensor_scatter_nd_update(t, [[0, 0]], [1., 2.]), 'TensorScatterUpdate',
     'Outer dimensions of indices and update must match. Indices shape: [1,2], updates shape:[2]'),
    (lambda t: tf.tensor_scatter_nd_update(t, [[0]], [[1., 2.]]), 'TensorScatterUpdate',
     'The inner 1 dimensions of output.shape=[3,3] must match the inner 1 dimensions of updates.shape=[1,2]'),
    (lambda t: tf.tensor_scatter_nd_update(t, [0, 1], [1.]), 'TensorScatterUpdate',
     'Inner dimensions of output shape must match inner dimensions of updates shape. Output: [3,3] updates: [1]'),
    (lambda t: tf.tensor_scatter_nd_update(t, [[0, 0, 0]], [1.]), 'TensorScatterUpdate',
     'Inner dimensions of output shape must match inner dimensions of updates shape. Output: [3,3] updates: [1]'),
    (lambda t: tf.tensor_scatter_nd_add(t, [[0, 0]], [1., 2.]), 'TensorScatterAdd',
     'Outer dimensions of indices and update must match. Indices shape: [1,2], updates shape:[2]'),
    (lambda t: tf.scatter_nd([[0, 0]], [1., 2.], [3, 3]), 'ScatterNd',
     'Dimensions [0,1) of indices[shape=[1,2]] must match dimensions [0,1) of updates[shape=[2]]'),
    (lambda t: tf.scatter_nd([[0]], [[1., 2.]], [3, 3]), 'ScatterNd',
     'Dimensions [1,2) of input[shape=[3,3]] must match dimensions [1,2) of updates[shape=[1,2]]'),
])
def test_updates_of_the_wrong_shape(fn, kernel, text):
    # TF 2.21 (notes/progs/tftutorials3/tsu.py)
    with pytest.raises(tf.errors.InvalidArgumentError) as info:
        fn(tf.ones((3, 3)))
    assert str(info.value) == WRAPPED % kernel + text + ' [Op:%s]' % kernel
