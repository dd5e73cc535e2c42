"""scatter_nd / tensor_scatter_nd_* kernel errors end in ' name: ' when every argument is a tensor (TF's eager
fast path), and at '[Op:ScatterNd]' when a Python list is among them (the slow path); tapeflow always ended at
the bracket (fuzz program 43 #108). Texts printed by TF 2.21 (progs/gradfuzz8/t_scatter_err.py, t_scatter_err2.py)."""
import pytest

import framework as tf

c = tf.constant
HEAD = '{{function_node __wrapped__%s_device_/job:localhost/replica:0/task:0/device:CPU:0}} '


def _text(fn):
    with pytest.raises(tf.errors.InvalidArgumentError) as err:
        fn()
    return str(err.value)


def test_scatter_nd_layout_error_of_tensors_is_named():
    assert _text(lambda: tf.scatter_nd(c([[1], [0]]), c([1.0]), c([3]))) == HEAD % 'ScatterNd' + (
        'Dimensions [0,1) of indices[shape=[2,1]] must match dimensions [0,1) of updates[shape=[1]] '
        '[Op:ScatterNd] name: ')


def test_scatter_nd_errors_with_a_list_argument_end_at_the_op():
    assert _text(lambda: tf.scatter_nd(c([[1], [0]]), c([1.0]), [3])) == HEAD % 'ScatterNd' + (
        'Dimensions [0,1) of indices[shape=[2,1]] must match dimensions [0,1) of updates[shape=[1]] [Op:ScatterNd]')
    assert _text(lambda: tf.scatter_nd([[5], [0]], [1.0, 2.0], [3])) == HEAD % 'ScatterNd' + (
        'indices[0] = [5] does not index into shape [3] [Op:ScatterNd]')


def test_tensor_scatter_errors_of_tensors_are_named():
    t = c([1.0, 2.0, 3.0])
    assert _text(lambda: tf.tensor_scatter_nd_update(t, c([[4]]), c([1.0]))) == HEAD % 'TensorScatterUpdate' + (
        'indices[0] = [4] does not index into shape [3] [Op:TensorScatterUpdate] name: ')
    assert _text(lambda: tf.tensor_scatter_nd_add(t, c([[1], [0]]), c([1.0]))) == HEAD % 'TensorScatterAdd' + (
        'Outer dimensions of indices and update must match. Indices shape: [2,1], updates shape:[1] '
        '[Op:TensorScatterAdd] name: ')
    assert _text(lambda: tf.tensor_scatter_nd_min(t, c([[1], [7]]), c([1.0, 2.0]))) == HEAD % 'TensorScatterMin' + (
        'indices[1] = [7] does not index into shape [3] [Op:TensorScatterMin] name: ')
    assert _text(lambda: tf.tensor_scatter_nd_update(t, c([[1]]), c([1.0], tf.float64))) == (
        'cannot compute TensorScatterUpdate as input #2(zero-based) was expected to be a float tensor but is a '
        'double tensor [Op:TensorScatterUpdate] name: ')


def test_tensor_scatter_error_with_list_indices_ends_at_the_op():
    assert _text(lambda: tf.tensor_scatter_nd_update(c([1.0, 2.0, 3.0]), [[4]], [1.0])) == (
        HEAD % 'TensorScatterUpdate' + 'indices[0] = [4] does not index into shape [3] [Op:TensorScatterUpdate]')
