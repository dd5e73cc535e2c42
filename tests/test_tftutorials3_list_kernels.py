"""tf.stack / tf.concat convert their lists and word their errors as TensorFlow 2.21's Pack and
ConcatV2 (the custom-training walkthrough stacks int32 labels with int64 argmax predictions).
Messages and results printed by TF 2.21 (notes/progs/tftutorials3/err1-4.py)."""
import numpy as np
import pytest

import framework as tf
from framework import onednn_policy

A = tf.constant([1, 2])
B = tf.constant([1, 2], dtype=tf.int64)


def _message(fn):
    with pytest.raises(Exception) as info:
        fn()
    return type(info.value).__name__, str(info.value)


def test_a_tensor_of_another_dtype_names_its_input():
    assert _message(lambda: tf.stack([A, A, B], axis=1)) == (
        'InvalidArgumentError', 'cannot compute Pack as input #2(zero-based) was expected to be a int32 tensor '
        'but is a int64 tensor [Op:Pack] name: stack')
    assert _message(lambda: tf.concat([tf.ones((2, 2)), tf.ones((3, 3), tf.float64)], 0, name='bar')) == (
        'InvalidArgumentError', 'cannot compute ConcatV2 as input #1(zero-based) was expected to be a float tensor '
        'but is a double tensor [Op:ConcatV2] name: bar')
    assert _message(lambda: tf.stack([tf.Variable([1, 2]), B])) == (
        'InvalidArgumentError', 'cannot compute Pack as input #1(zero-based) was expected to be a int32 tensor '
        'but is a int64 tensor [Op:Pack] name: stack')


def test_other_items_take_the_first_tensors_dtype():
    assert tf.stack([A, np.array([1.5, 2.7])]).numpy().tolist() == [[1, 2], [1, 2]]
    assert tf.stack([[1, 2], B]).dtype == tf.int64
    assert tf.stack([tf.constant([1., 2.]), [1, 2]]).dtype == tf.float32
    assert _message(lambda: tf.stack([A, [1.5, 2.]])) == ('TypeError', 'Cannot convert [1.5, 2.0] to EagerTensor '
                                                                      'of dtype int32')


def test_a_list_of_numbers_is_one_constant_on_axis_0():
    assert tf.stack([1, 2.5]).numpy().tolist() == [1.0, 2.5]
    assert tf.stack([[1, 2], [1.5, 2.]]).dtype == tf.float32
    empty = tf.stack([])
    assert (empty.shape, empty.dtype) == ((0,), tf.float32)
    assert _message(lambda: tf.stack([1, 2.5], axis=-1)) == ('TypeError', 'Cannot convert 2.5 to EagerTensor of '
                                                                          'dtype int32')


def test_shape_and_axis_errors_in_the_kernels_words():
    wrapped = '{{function_node __wrapped__%s_device_/job:localhost/replica:0/task:0/device:CPU:0}} '
    assert _message(lambda: tf.stack([A, A, tf.constant([1])], axis=1)) == (
        'InvalidArgumentError', wrapped % 'Pack_N_3' + 'Shapes of all inputs must match: values[0].shape = [2] '
        '!= values[2].shape = [1] [Op:Pack] name: stack')
    assert _message(lambda: tf.stack([A, A], 2)) == ('ValueError', 'Argument `axis` = 2 not in range [-2, 2)')
    m, n = tf.ones((2, 3)), tf.ones((3, 2))
    assert _message(lambda: tf.concat([m, m, n], 1)) == (
        'InvalidArgumentError', wrapped % 'ConcatV2_N_3' + 'ConcatOp : Dimension 0 in both shapes must be equal: '
        'shape[0] = [2,3] vs. shape[2] = [3,2] [Op:ConcatV2] name: concat')
    assert _message(lambda: tf.concat([m, m], 2)) == (
        'InvalidArgumentError', wrapped % 'ConcatV2_N_2' + 'ConcatOp : Expected concatenating dimensions in the '
        'range [-2, 2), but got 2 [Op:ConcatV2] name: concat')
    assert _message(lambda: tf.concat([m, tf.ones((2,))], 0))[1] == (
        wrapped % 'ConcatV2_N_2' + 'ConcatOp : Ranks of all input tensors should match: shape[0] = [2,3] vs. '
        'shape[1] = [2] [Op:ConcatV2] name: concat')
    assert _message(lambda: tf.concat([tf.ones(()), tf.ones(())], 0))[1] == (
        wrapped % 'ConcatV2_N_2' + "ConcatOp : Can't concatenate scalars (use tf.stack instead) [Op:ConcatV2] "
        'name: concat')


def test_gradients_still_flow_through_converted_items():
    x = tf.Variable([1., 2.])
    with tf.GradientTape() as tape:
        y = tf.reduce_sum(tf.stack([x, [3, 4]], axis=1) * tf.constant([[1., 5.], [2., 5.]]))
    assert tape.gradient(y, x).numpy().tolist() == [1.0, 2.0]


_MKL = '_Mkl' if onednn_policy.enabled() else ''


@pytest.mark.parametrize('a, b, text', [
    (tf.ones((2, 2)), tf.ones((2, 2), tf.float64), 'cannot compute %sMatMul as input #1(zero-based) was expected to '
                                                   'be a float tensor but is a double tensor [Op:MatMul] name: ' % _MKL),
    (tf.ones((2, 2), tf.float64), tf.ones((2, 2)), 'cannot compute MatMul as input #1(zero-based) was expected to be '
                                                   'a double tensor but is a float tensor [Op:MatMul] name: '),
    (tf.ones((2, 2, 2)), tf.ones((2, 2, 2), tf.float64), 'cannot compute %sBatchMatMulV2 as input #1(zero-based) was '
                                                         'expected to be a float tensor but is a double tensor '
                                                         '[Op:BatchMatMulV2] name: ' % _MKL),
])
def test_matmul_dtype_mismatch_in_the_kernels_words(a, b, text):
    # TF 2.21 with oneDNN (notes/progs/tftutorials3/mm.py): float32 / float16 run its _Mkl kernels; with
    # TF_ENABLE_ONEDNN_OPTS=0 (or a CPU TF keeps oneDNN off on) the plain ones (notes/progs/tfcore4/x_mm2.py)
    assert _message(lambda: a @ b) == ('InvalidArgumentError', text)


def test_scatter_updates_of_another_dtype():
    assert _message(lambda: tf.tensor_scatter_nd_add(tf.ones([3]), [[0]], tf.constant([1], tf.float64))) == (
        'InvalidArgumentError', 'cannot compute TensorScatterAdd as input #2(zero-based) was expected to be a float '
                                'tensor but is a double tensor [Op:TensorScatterAdd]')
