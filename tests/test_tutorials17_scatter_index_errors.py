"""Out-of-range indices in scatter_nd and the tensor_scatter_nd_* family name the LAST bad index
vector, and tensor_scatter_nd_max / _min refuse in their kernels' words, as TF 2.21 does.

Found porting tensorflow.org's tensor slicing guide (guide/tensor_slicing, helper tutorials17:
/work/notes/progs/tutorials17/slicing.py, scatter_bad.py, scatter_max_more.py): TF's CPU scatter loop
notes every index vector outside the shape and reports the last one ('indices[4] = [9] does not index
into shape [5]' for indices [[1], [3], [5], [7], [9]]); tapeflow reported the first ('indices[2] = [5]').
tensor_scatter_nd_max / _min raised tapeflow's own sentences for bad indices and update shapes where
TF's TensorScatterMax / TensorScatterMin kernels word them as TensorScatterAdd does. Texts: TF 2.21.
"""
import numpy as np
import pytest

import framework as tf

_CPU = '{{function_node __wrapped__%s_device_/job:localhost/replica:0/task:0/device:CPU:0}} %s [Op:%s]'


@pytest.mark.parametrize('indices, shown', [
    ([[1], [6], [3], [7]], 'indices[3] = [7]'), ([[6], [1], [7], [2]], 'indices[2] = [7]'),
    ([[9], [8]], 'indices[1] = [8]'), ([[2], [-1], [7]], 'indices[2] = [7]'), ([[-1], [2]], 'indices[0] = [-1]')])
@pytest.mark.parametrize('op, kernel', [
    (lambda i, u: tf.scatter_nd(i, u, [5]), 'ScatterNd'),
    (lambda i, u: tf.tensor_scatter_nd_add(tf.zeros([5], tf.int32), i, u), 'TensorScatterAdd'),
    (lambda i, u: tf.tensor_scatter_nd_update(tf.zeros([5], tf.int32), i, u), 'TensorScatterUpdate'),
    (lambda i, u: tf.tensor_scatter_nd_max(tf.zeros([5], tf.int32), i, u), 'TensorScatterMax'),
    (lambda i, u: tf.tensor_scatter_nd_min(tf.zeros([5], tf.int32), i, u), 'TensorScatterMin')])
def test_the_last_index_outside_the_shape_is_reported(indices, shown, op, kernel):
    with pytest.raises(tf.errors.InvalidArgumentError) as info:
        op(indices, tf.ones([len(indices)], tf.int32))
    assert str(info.value) == _CPU % (kernel, shown + ' does not index into shape [5]', kernel)


def test_deeper_index_vectors():
    with pytest.raises(tf.errors.InvalidArgumentError) as info:
        tf.scatter_nd([[0, 1], [2, 9], [1, 1], [3, 7]], tf.ones([4]), [4, 4])
    assert str(info.value).endswith(' indices[3] = [3, 7] does not index into shape [4,4] [Op:ScatterNd]')


@pytest.mark.parametrize('call, kernel, text', [
    (lambda: tf.tensor_scatter_nd_min(tf.zeros([5], tf.int32), [[1]], [1, 2]), 'TensorScatterMin',
     'Outer dimensions of indices and update must match. Indices shape: [1,1], updates shape:[2]'),
    (lambda: tf.tensor_scatter_nd_max(tf.zeros([5], tf.int32), [[1, 2]], [1]), 'TensorScatterMax',
     'Inner dimensions of output shape must match inner dimensions of updates shape. Output: [5] updates: [1]'),
    (lambda: tf.tensor_scatter_nd_max(tf.zeros([2, 2]), [[0]], [[1.0, 2.0, 3.0]]), 'TensorScatterMax',
     'The inner 1 dimensions of output.shape=[2,2] must match the inner 1 dimensions of updates.shape=[1,3]')])
def test_extremes_refuse_layouts_in_their_kernels_words(call, kernel, text):
    with pytest.raises(tf.errors.InvalidArgumentError) as info:
        call()
    assert str(info.value) == _CPU % (kernel, text, kernel)


def test_extremes_still_compute():
    out = tf.tensor_scatter_nd_max(tf.zeros([5], tf.int32), [[1], [3]], [5, 6])
    assert out.numpy().tolist() == [0, 5, 0, 6, 0]


@pytest.mark.parametrize('call, kernel, shown, tail', [
    (lambda v: v.scatter_nd_update([[1], [7], [9]], [1.0, 2.0, 3.0]), 'ResourceScatterNdUpdate', 'indices[2] = [9]', ''),
    (lambda v: v.scatter_nd_add([[1], [7], [9]], [1.0, 2.0, 3.0]), 'ResourceScatterNdAdd', 'indices[2] = [9]', ''),
    # tensor indices take the fast path, whose errors end with ' name: '
    (lambda v: v.scatter_nd_sub(tf.constant([[1], [7], [9]]), [1.0, 2.0, 3.0]), 'ResourceScatterNdSub',
     'indices[2] = [9]', ' name: '),
    (lambda v: v.scatter_nd_max([[-1], [2]], [1.0, 2.0]), 'ResourceScatterNdMax', 'indices[0] = [-1]', ''),
    (lambda v: v.scatter_nd_min([[6], [2]], [1.0, 2.0]), 'ResourceScatterNdMin', 'indices[0] = [6]', '')])
def test_variable_scatter_nd_index_errors_are_the_resource_kernels(call, kernel, shown, tail):
    """TF 2.21 (gather_bad.py): tapeflow said "scatter_nd_update on variable 'Variable:0': ..."."""
    v = tf.Variable(tf.zeros([5]))
    with pytest.raises(tf.errors.InvalidArgumentError) as info:
        call(v)
    assert str(info.value) == _CPU % (kernel, shown + ' does not index into shape [5]', kernel) + tail
    assert v.numpy().tolist() == [0.0] * 5


@pytest.mark.parametrize('call, tail', [
    (lambda t: tf.gather(t, [9]), ''),                        # a Python list: TF's slow path, no tail
    (lambda t: tf.gather(t, tf.constant([9])), ' name: '),
    (lambda t: tf.gather(t, np.array([9])), ' name: '),
    (lambda t: tf.gather(np.arange(5), tf.constant([9])), ' name: '),
    (lambda t: tf.nn.embedding_lookup(tf.ones([5, 2]), [9]), ' name: ')])     # it converts its ids
def test_gather_range_error_tail_follows_the_fast_path(call, tail):
    """TF 2.21 (gather_tail.py): tapeflow chose the tail by batch_dims, not by the argument kinds."""
    with pytest.raises(tf.errors.InvalidArgumentError) as info:
        call(tf.range(5))
    assert str(info.value) == _CPU % ('GatherV2', 'indices[0] = 9 is not in [0, 5)', 'GatherV2') + tail


def test_batched_gather_with_a_list_has_no_tail():
    with pytest.raises(tf.errors.InvalidArgumentError) as info:
        tf.gather(tf.ones([2, 3]), [[5], [0]], batch_dims=1)
    assert str(info.value) == _CPU % ('GatherV2', 'indices[0,0] = 5 is not in [0, 3)', 'GatherV2')
