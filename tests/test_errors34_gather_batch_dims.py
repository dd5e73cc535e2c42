"""errors34: tf.gather / tf.gather_nd with batch_dims (and bad indices) fail in TF 2.21's order and words (printed by
/tmp/e34_g.py, kept as /work/notes/progs/errors34/gather.py, under /opt/tfref):

- gather: TF's Python makes the axis batch_dims where none is given, so batch_dims=3 on params of rank 2 is GatherV2's
  'Shape must be at least rank 4 but is rank 2' (tapeflow: 'Expected batch_dims in the range [-2, 2], but got 3');
  the kernel's ' name: ' tail follows TF's fast path (tensor or numpy arguments) in every gather error.
- gather_nd: TF's batch_gather_nd checks batch_dims in Python (ValueErrors; tapeflow ran negative ones), prepends the
  batch columns (index vectors too long: 'saw: 3 vs. 2'), and scalar indices are GatherNd's
  'indices must be at least a vector' (tapeflow: its own sentence)."""
import numpy as np
import pytest

import framework as tf

_W = '{{function_node __wrapped__%s_device_/job:localhost/replica:0/task:0/device:CPU:0}} '
_ONES = tf.ones([2, 3])


def _kernel(node, text, tail=' name: '):
    return _W % node + text + ' [Op:%s]' % node + tail


@pytest.mark.parametrize('call, kind, text', [
    (lambda: tf.gather(_ONES, tf.zeros([2, 1], tf.int32), batch_dims=3), tf.errors.InvalidArgumentError,
     _kernel('GatherV2', 'Shape must be at least rank 4 but is rank 2')),
    (lambda: tf.gather(_ONES, [[0], [0]], batch_dims=3), tf.errors.InvalidArgumentError,
     _kernel('GatherV2', 'Shape must be at least rank 4 but is rank 2', tail='')),
    (lambda: tf.gather(_ONES, tf.zeros([2, 1], tf.int32), batch_dims=-3), tf.errors.InvalidArgumentError,
     _kernel('GatherV2', 'Shape must be at least rank 3 but is rank 2')),
    (lambda: tf.gather(_ONES, tf.zeros([2, 1, 1], tf.int32), batch_dims=2), tf.errors.InvalidArgumentError,
     _kernel('GatherV2', 'Shape must be at least rank 3 but is rank 2')),
    (lambda: tf.gather(_ONES, tf.constant([0]), axis=3), tf.errors.InvalidArgumentError,
     _kernel('GatherV2', 'Shape must be at least rank 4 but is rank 2')),
    (lambda: tf.gather(_ONES, tf.zeros([3, 1], tf.int32), batch_dims=1), tf.errors.InvalidArgumentError,
     _kernel('GatherV2', 'params.shape[0]: 2 should be equal to indices.shape[0]: 3')),
    (lambda: tf.gather(_ONES, np.zeros([3, 1], np.int32), batch_dims=1), tf.errors.InvalidArgumentError,
     _kernel('GatherV2', 'params.shape[0]: 2 should be equal to indices.shape[0]: 3')),
    (lambda: tf.gather(_ONES, [[0], [0], [0]], batch_dims=1), tf.errors.InvalidArgumentError,
     _kernel('GatherV2', 'params.shape[0]: 2 should be equal to indices.shape[0]: 3', tail='')),
    # batch_dims <= axis comes before the indices' range
    (lambda: tf.gather(tf.ones([2, 3, 4]), [[0], [5]], batch_dims=1, axis=-3), tf.errors.InvalidArgumentError,
     _kernel('GatherV2', 'batch_dims (1) must be less than or equal to axis (0).', tail='')),
    (lambda: tf.gather_nd(_ONES, tf.constant([[0, 3]])), tf.errors.InvalidArgumentError,
     _kernel('GatherNd', 'indices[0] = [0, 3] does not index into param shape [2,3], node name: GatherNd')),
    (lambda: tf.gather_nd(_ONES, [[0, 3]], name='g'), tf.errors.InvalidArgumentError,
     _kernel('GatherNd', 'indices[0] = [0, 3] does not index into param shape [2,3], node name: GatherNd', tail='')),
    (lambda: tf.gather_nd(_ONES, [[0], [4]], batch_dims=1), tf.errors.InvalidArgumentError,
     _kernel('GatherNd', 'indices[1] = [1, 4] does not index into param shape [2,3], node name: GatherNd')),
    (lambda: tf.gather_nd(_ONES, tf.constant([[0], [1]]), batch_dims=2), ValueError,
     'Argument `batch_dims` = 2 must be less than rank(`indices`) = 2'),
    (lambda: tf.gather_nd(_ONES, tf.zeros([2, 2, 1], tf.int32), batch_dims=2), ValueError,
     'Argument `batch_dims` = 2 must be less than rank(`params`) = 2'),
    (lambda: tf.gather_nd(_ONES, tf.constant([[0], [1]]), batch_dims=-1), ValueError,
     'tf.gather_nd does not allow negative batch_dims.'),
    (lambda: tf.gather_nd(_ONES, tf.constant(0)), tf.errors.InvalidArgumentError,
     _kernel('GatherNd', 'indices must be at least a vector')),
    (lambda: tf.gather_nd(_ONES, tf.constant([[0, 1], [1, 1]]), batch_dims=1), tf.errors.InvalidArgumentError,
     _kernel('GatherNd', 'index innermost dimension length must be <= params rank; saw: 3 vs. 2')),
    (lambda: tf.gather_nd(tf.ones([2, 3, 4]), tf.constant([[0, 1, 1], [1, 1, 1]]), batch_dims=1),
     tf.errors.InvalidArgumentError, _kernel('GatherNd', 'index innermost dimension length must be <= params rank; '
                                                         'saw: 4 vs. 3')),
])
def test_gather_errors_in_tf_order_and_words(call, kind, text):
    with pytest.raises(kind) as caught:
        call()
    assert str(caught.value) == text


def test_valid_batched_gathers_still_run():
    p = tf.reshape(tf.range(24.0), [2, 3, 4])
    i = tf.constant([[0], [1]])
    # TF 2.21: batch_dims=-1 makes the axis -1 (the last), batch_dims 1
    assert tf.gather(p, i, batch_dims=-1).numpy().tolist() == [[[0.0], [4.0], [8.0]], [[13.0], [17.0], [21.0]]]
    assert tf.gather(p, i, batch_dims=1).numpy().tolist() == [[[0.0, 1.0, 2.0, 3.0]], [[16.0, 17.0, 18.0, 19.0]]]
    assert tf.gather(_ONES, tf.zeros([2, 1], tf.int32), batch_dims=1, axis=0).shape == (2, 1, 3)   # axis 0: no batch
    assert tf.gather_nd(_ONES, tf.constant([[[0]], [[1]]]), batch_dims=1).shape == (2, 1)
