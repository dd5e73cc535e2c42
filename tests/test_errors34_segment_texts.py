"""errors34: segment reductions given bad ids, indices or counts fail in TF 2.21's words (printed by
/work/notes/progs/errors34/segments.py under /opt/tfref):

- tf.sparse.segment_sum / _mean / _sqrt_n run the SparseSegmentReduction kernels' checks in their order ('segment ids
  are not increasing', "Segment id -1 out of range [0, 1), possibly because ...", 'Bad: indices[1] == 5 out of range
  [0, 3)', ...). tapeflow raised its own ValueError, numpy's index error, and summed a negative row index (-1 read
  the last row) where TF refuses it.
- unsorted_segment_* with a num_segments tensor of rank 1: the kernel's 'num_segments should be a scalar, not shape
  [1]' (tapeflow: a TypeError of its own); unsorted_segment_sqrt_n of integer data: Sqrt's dtype refusal, after the
  ids' range check as TF counts the rows first."""
import numpy as np
import pytest

import framework as tf

_W = '{{function_node __wrapped__%s_device_/job:localhost/replica:0/task:0/device:CPU:0}} '
_DATA = tf.constant([1.0, 2.0, 3.0])
_IDS = tf.constant([0, 1, 1])


def _kernel(node, text, tail=' name: '):
    return _W % node + text + ' [Op:%s]' % node + tail


_SQRT_INT = ("Value for attr 'T' of int32 is not in the list of allowed values: bfloat16, half, float, double, "
             "complex64, complex128\n\t; NodeDef: {{node Sqrt}}; Op<name=Sqrt; signature=x:T -> y:T; "
             "attr=T:type,allowed=[DT_BFLOAT16, DT_HALF, DT_FLOAT, DT_DOUBLE, DT_COMPLEX64, DT_COMPLEX128]> "
             "[Op:Sqrt] name: ")


@pytest.mark.parametrize('call, text', [
    (lambda: tf.sparse.segment_sum(_DATA, tf.constant([0, 5]), tf.constant([0, 0])),
     _kernel('SparseSegmentSum', 'Bad: indices[1] == 5 out of range [0, 3)')),
    (lambda: tf.sparse.segment_sum(_DATA, [0, 5], [0, 0]),
     _kernel('SparseSegmentSum', 'Bad: indices[1] == 5 out of range [0, 3)', tail='')),
    (lambda: tf.sparse.segment_sum(_DATA, tf.constant([-1, 1]), tf.constant([0, 0])),
     _kernel('SparseSegmentSum', 'Bad: indices[0] == -1 out of range [0, 3)')),
    (lambda: tf.sparse.segment_sum(_DATA, tf.constant([0, 1]), tf.constant([1, 0])),
     _kernel('SparseSegmentSum', 'segment ids are not increasing')),
    (lambda: tf.sparse.segment_sum(_DATA, tf.constant([0, 5, 1]), tf.constant([1, 0, 0])),
     _kernel('SparseSegmentSum', 'segment ids are not increasing')),
    (lambda: tf.sparse.segment_sum(_DATA, tf.constant([0, 1]), tf.constant([-1, 0])),
     _kernel('SparseSegmentSum', "Segment id -1 out of range [0, 1), possibly because 'segment_ids' input is not "
                                 "sorted.")),
    (lambda: tf.sparse.segment_mean(_DATA, tf.constant([0, 5]), tf.constant([0, 0])),
     _kernel('SparseSegmentMean', 'Bad: indices[1] == 5 out of range [0, 3)')),
    (lambda: tf.sparse.segment_sqrt_n(_DATA, tf.constant([0, 1]), tf.constant([1, 0])),
     _kernel('SparseSegmentSqrtN', 'segment ids are not increasing')),
    (lambda: tf.sparse.segment_sum(_DATA, tf.constant([0, 1]), tf.constant([0])),
     _kernel('SparseSegmentSum', 'segment_ids and indices should have same size.')),
    (lambda: tf.sparse.segment_sum(_DATA, tf.constant([0, 1]), tf.constant([0, 3]), num_segments=2),
     _kernel('SparseSegmentSumWithNumSegments', 'segment ids must be < num_segments')),
    (lambda: tf.math.unsorted_segment_sum(_DATA, _IDS, tf.constant([2])),
     _kernel('UnsortedSegmentSum', 'num_segments should be a scalar, not shape [1]')),
    (lambda: tf.math.unsorted_segment_sum(_DATA, _IDS, [2]),
     _kernel('UnsortedSegmentSum', 'num_segments should be a scalar, not shape [1]', tail='')),
    (lambda: tf.math.unsorted_segment_prod(_DATA, _IDS, tf.constant([2])),
     _kernel('UnsortedSegmentProd', 'num_segments should be a scalar, not shape [1]')),
    (lambda: tf.math.unsorted_segment_mean(_DATA, _IDS, tf.constant([[2]], tf.int64)),
     _kernel('UnsortedSegmentSum', 'num_segments should be a scalar, not shape [1,1]')),
    (lambda: tf.math.unsorted_segment_sqrt_n(tf.constant([1, 2, 3]), _IDS, 2), _SQRT_INT),
    (lambda: tf.math.unsorted_segment_sqrt_n(tf.constant([1, 2, 3]), tf.constant([0, 5, 1]), 2),
     _kernel('UnsortedSegmentSum', 'segment_ids[1] = 5 is out of range [0, 2)')),
])
def test_segment_errors_in_tf_words(call, text):
    with pytest.raises(tf.errors.InvalidArgumentError) as caught:
        call()
    assert str(caught.value) == text


def test_valid_sparse_segments_still_reduce():
    out = tf.sparse.segment_sum(_DATA, tf.constant([0, 2, 1]), tf.constant([0, 0, 2]))
    np.testing.assert_array_equal(out.numpy(), [4.0, 0.0, 2.0])
    out = tf.sparse.segment_mean(_DATA, tf.constant([0, 2]), tf.constant([1, 1]), num_segments=3)
    np.testing.assert_array_equal(out.numpy(), [0.0, 2.0, 0.0])
