"""errors34: tf.scatter_nd / tf.tensor_scatter_nd_* run their kernels' first checks as TF 2.21 (printed by
/work/notes/progs/errors34/scatter.py under /opt/tfref): scalar indices or updates are 'Indices shape must have rank
at least one. Found:[]' (tapeflow: a sentence of its own), and indices or updates with nothing to write into
(index vectors of depth 0 with updates, or a non-empty scatter into an empty output) 'Indices and updates specified
for empty output shape' (tapeflow replaced the whole tensor with the updates, or raised numpy's broadcast error)."""
import numpy as np
import pytest

import framework as tf

_W = '{{function_node __wrapped__%s_device_/job:localhost/replica:0/task:0/device:CPU:0}} '
_Z = tf.zeros([3])
_DEPTH_0 = tf.zeros([1, 0], tf.int32)


def _kernel(node, text, tail=' name: '):
    return _W % node + text + ' [Op:%s]' % node + tail


@pytest.mark.parametrize('call, text', [
    (lambda: tf.tensor_scatter_nd_update(_Z, tf.constant(0), tf.constant(1.0)),
     _kernel('TensorScatterUpdate', 'Indices shape must have rank at least one. Found:[]')),
    (lambda: tf.tensor_scatter_nd_add(_Z, 0, 1.0),
     _kernel('TensorScatterAdd', 'Indices shape must have rank at least one. Found:[]')),
    (lambda: tf.tensor_scatter_nd_max(_Z, tf.constant(0), tf.constant(1.0)),
     _kernel('TensorScatterMax', 'Indices shape must have rank at least one. Found:[]')),
    (lambda: tf.scatter_nd(tf.constant(0), tf.constant(1.0), tf.constant([3])),
     _kernel('ScatterNd', 'Indices shape must have rank at least one. Found:[]')),
    (lambda: tf.tensor_scatter_nd_update(_Z, tf.constant([[0]]), tf.constant(1.0)),
     _kernel('TensorScatterUpdate', 'Updates shape must have rank at least one. Found:[]')),
    (lambda: tf.tensor_scatter_nd_update(_Z, _DEPTH_0, tf.constant([[1.0, 2.0, 3.0]])),
     _kernel('TensorScatterUpdate', 'Indices and updates specified for empty output shape')),
    (lambda: tf.tensor_scatter_nd_update(tf.zeros([2, 2]), _DEPTH_0, tf.ones([1, 2, 2])),
     _kernel('TensorScatterUpdate', 'Indices and updates specified for empty output shape')),
    (lambda: tf.tensor_scatter_nd_add(_Z, _DEPTH_0, tf.constant([[1.0, 2.0, 3.0]])),
     _kernel('TensorScatterAdd', 'Indices and updates specified for empty output shape')),
    (lambda: tf.scatter_nd(_DEPTH_0, tf.constant([[1.0, 2.0, 3.0]]), [3]),
     _kernel('ScatterNd', 'Indices and updates specified for empty output shape', tail='')),
    (lambda: tf.tensor_scatter_nd_update(tf.zeros([0]), tf.zeros([1, 1], tf.int32), tf.ones([1])),
     _kernel('TensorScatterUpdate', 'Indices and updates specified for empty output shape')),
    (lambda: tf.scatter_nd(tf.constant([[0]]), tf.constant([1.0]), tf.constant([0])),
     _kernel('ScatterNd', 'Indices and updates specified for empty output.  indices shape: [1,1]')),
])
def test_scatter_operand_sizes_in_tf_words(call, text):
    with pytest.raises(tf.errors.InvalidArgumentError) as caught:
        call()
    assert str(caught.value) == text


def test_empty_indices_and_updates_still_scatter_nothing():
    out = tf.tensor_scatter_nd_update(_Z + 1.0, tf.zeros([0, 1], tf.int32), tf.zeros([0]))
    np.testing.assert_array_equal(out.numpy(), [1.0, 1.0, 1.0])
    np.testing.assert_array_equal(tf.scatter_nd([[1]], [2.0], [3]).numpy(), [0.0, 2.0, 0.0])
