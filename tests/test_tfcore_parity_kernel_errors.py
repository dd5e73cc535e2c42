"""The guides' deliberate op errors print TensorFlow's words: "Introduction to Tensors" reshapes a
30-value tensor to [7, -1], "Introduction to graphs" gathers index 1 of a 1-element tensor. The
expected strings are TensorFlow 2.21's ``str(error)`` (run under /opt/tfref, 2026-12-02); tapeflow's
own explanation (op, shapes, what to do) is kept as a PEP 678 note."""
import pytest

import framework as tf

PREFIX = '{{function_node __wrapped__%s_device_/job:localhost/replica:0/task:0/device:CPU:0}} '
RANK_3 = tf.reshape(tf.range(30), [3, 2, 5])


@pytest.mark.parametrize('shape, text', [
    ([7, -1], 'Input to reshape is a tensor with 30 values, but the requested shape requires a multiple of 7'),
    ([4, 4], 'Input to reshape is a tensor with 30 values, but the requested shape has 16'),
    ([-1, -1], 'Only one input size may be -1, not both 0 and 1'),
    ([-2, 15], 'Size 0 must be non-negative, not -2'),
    ([0, -1], 'Input to reshape is a tensor with 30 values, but the requested shape has 0'),
    ([4, -1, 2], 'Input to reshape is a tensor with 30 values, but the requested shape requires a multiple of 8'),
])
def test_reshape_errors_read_as_tensorflow(shape, text):
    with pytest.raises(tf.errors.InvalidArgumentError) as caught:
        tf.reshape(RANK_3, shape)
    assert str(caught.value) == PREFIX % 'Reshape' + text + ' [Op:Reshape]'
    assert 'shape (3, 2, 5)' in caught.value.__notes__[0]


def test_reshape_of_nothing_into_a_zero_and_minus_one_gives_zero_sizes():
    # TF 2.21: shape (0, 1): the -1 is the input's nonzero sizes (none: 1) over the shape's (errors28)
    assert tf.reshape(tf.zeros([0]), [0, -1]).shape == (0, 1)
    assert tf.reshape(tf.zeros([0, 2]), [-1, 0]).shape == (2, 0)


@pytest.mark.parametrize('params, indices, axis, text', [
    ([0.0], [1], 0, 'indices[0] = 1 is not in [0, 1) [Op:GatherV2]'),
    ([[0.0, 1.0]], [[0, 3]], 1, 'indices[0,1] = 3 is not in [0, 2) [Op:GatherV2]'),
    ([0.0, 1.0], -1, 0, 'indices = -1 is not in [0, 2) [Op:GatherV2] name: '),
])
def test_gather_errors_read_as_tensorflow(params, indices, axis, text):
    with pytest.raises(tf.errors.InvalidArgumentError) as caught:
        tf.gather(tf.constant(params), indices, axis=axis)
    assert str(caught.value) == PREFIX % 'GatherV2' + text


@pytest.mark.parametrize('call, kernel, shapes', [
    (lambda: tf.constant([1, 2, 3]) + tf.constant([1, 2]), 'AddV2', '[3] vs. [2]'),
    (lambda: tf.ones([3, 2]) - tf.ones([2, 3]), 'Sub', '[3,2] vs. [2,3]'),
    (lambda: tf.multiply(tf.ones([3]), tf.ones([2])), 'Mul', '[3] vs. [2]'),
    (lambda: tf.ones([3]) / tf.ones([2]), 'RealDiv', '[3] vs. [2]'),
    (lambda: tf.ones([3]) // tf.ones([2]), 'FloorDiv', '[3] vs. [2]'),
    (lambda: tf.maximum(tf.ones([3]), tf.ones([2])), 'Maximum', '[3] vs. [2]'),
])
def test_broadcast_errors_read_as_tensorflow(call, kernel, shapes):
    with pytest.raises(tf.errors.InvalidArgumentError) as caught:
        call()
    assert str(caught.value) == PREFIX % kernel + 'Incompatible shapes: %s [Op:%s] name: ' % (shapes, kernel)
    assert 'do not broadcast' in caught.value.__notes__[0]


@pytest.mark.parametrize('index, text', [
    (lambda x: x[5], 'slice index 5 of dimension 0 out of bounds.'),
    (lambda x: x[:, 3], 'slice index 3 of dimension 1 out of bounds.'),
    (lambda x: x[-3], 'slice index -1 of dimension 0 out of bounds.'),
    (lambda x: x[..., 5], 'slice index 5 of dimension 1 out of bounds.'),
    (lambda x: x[None, 0, 7], 'slice index 7 of dimension 1 out of bounds.'),
])
def test_integer_index_errors_read_as_tensorflows_strided_slice(index, text):  # x[5] on shape (2, 3) etc.
    with pytest.raises(tf.errors.InvalidArgumentError) as caught:
        index(tf.reshape(tf.range(6), [2, 3]))
    assert str(caught.value) == PREFIX % 'StridedSlice' + text + ' [Op:StridedSlice] name: strided_slice/'


def test_broadcast_to_error_reads_as_tensorflow():
    with pytest.raises(tf.errors.InvalidArgumentError) as caught:
        tf.broadcast_to(tf.constant([1, 2, 3]), [3, 2])
    assert str(caught.value) == PREFIX % 'BroadcastTo' + 'Incompatible shapes: [3] vs. [3,2] [Op:BroadcastTo]'
