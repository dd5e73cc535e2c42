"""x[index] errors in TensorFlow 2.21's classes and words (printed by TF, notes/progs/tftutorials3/
proto.py): its Python check refuses float and string items (TypeError), its StridedSlice kernel
too many indices and two ellipses, its boolean_mask a scalar bool."""
import pytest

import framework as tf

X = tf.constant([0, 1, 1, 2, 3, 5, 8, 13, 21, 34])
M = tf.ones((3, 2))
WRAPPED = '{{function_node __wrapped__StridedSlice_device_/job:localhost/replica:0/task:0/device:CPU:0}} '
VALID = 'Only integers, slices (`:`), ellipsis (`...`), tf.newaxis (`None`) and scalar tf.int32/tf.int64 tensors ' \
        'are valid indices, got '


@pytest.mark.parametrize('index, kind, text', [
    ((1, 2, 3), 'InvalidArgumentError', WRAPPED + 'Index out of range using input dim 2; input has only 2 dims '
                                                  '[Op:StridedSlice] name: strided_slice/'),
    ((1, 1, 1), 'InvalidArgumentError', WRAPPED + 'Index out of range using input dim 2; input has only 2 dims '
                                                  '[Op:StridedSlice] name: strided_slice/'),
    ((Ellipsis, 1, Ellipsis), 'InvalidArgumentError', WRAPPED + 'Multiple ellipses in slice spec not allowed '
                                                                '[Op:StridedSlice] name: strided_slice/'),
    ((slice(None), 5), 'InvalidArgumentError', WRAPPED + 'slice index 5 of dimension 1 out of bounds. '
                                                         '[Op:StridedSlice] name: strided_slice/'),
])
def test_kernel_errors(index, kind, text):
    with pytest.raises(Exception) as info:
        M[index]
    assert (type(info.value).__name__, str(info.value)) == (kind, text)


@pytest.mark.parametrize('index, shown', [(1.5, '1.5'), ('a', "'a'"), (slice(1.5, 3), '1.5')])
def test_items_that_are_not_indices(index, shown):
    with pytest.raises(TypeError) as info:
        X[index]
    assert str(info.value) == VALID + shown


def test_a_float_tensor_item_and_a_scalar_mask():
    with pytest.raises(TypeError, match='^Only integers.*got <tf.Tensor: shape=\\(\\), dtype=float32'):
        X[tf.constant(1.0)]
    with pytest.raises(ValueError, match='^mask cannot be scalar.$'):
        X[True]
    assert X[tf.constant(3)].numpy() == 2 and X[1:3].numpy().tolist() == [1, 1]
