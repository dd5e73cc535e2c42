"""Segment ops refuse bad segment ids with TF 2.21's kernel texts: which check fires first, and the
' name: ' tail that only TF's eager fast path adds (no Python list among the inputs)."""
import numpy as np
import pytest

import framework as tf

CPU = '/job:localhost/replica:0/task:0/device:CPU:0'

CASES = [
    (lambda: tf.math.segment_sum(np.zeros(3), [0, 2, 1]),
     '{{function_node __wrapped__SegmentSum_device_' + CPU + '}} segment ids are not increasing [Op:SegmentSum]'),
    (lambda: tf.math.segment_sum(np.zeros(3), np.array([0, 2, 1])),
     '{{function_node __wrapped__SegmentSum_device_' + CPU + '}} segment ids are not increasing [Op:SegmentSum] name: '),
    (lambda: tf.math.segment_sum(tf.constant(np.zeros(3)), tf.constant([0, 2, 1])),
     '{{function_node __wrapped__SegmentSum_device_' + CPU + '}} segment ids are not increasing [Op:SegmentSum] name: '),
    (lambda: tf.math.segment_max(np.zeros(3), [0, -1, 1]),
     '{{function_node __wrapped__SegmentMax_device_' + CPU + '}} segment ids are not increasing [Op:SegmentMax]'),
    (lambda: tf.math.segment_sum(np.zeros(3), [0, 1]),
     '{{function_node __wrapped__SegmentSum_device_' + CPU + '}} segment_ids should be the same size as dimension 0 of input. [Op:SegmentSum]'),
    (lambda: tf.math.segment_sum(np.zeros(3), np.array([0, 1])),
     '{{function_node __wrapped__SegmentSum_device_' + CPU + '}} segment_ids should be the same size as dimension 0 of input. [Op:SegmentSum] name: '),
    (lambda: tf.math.segment_mean(np.zeros((3,2)), [0, 1, 1, 1]),
     '{{function_node __wrapped__SegmentMean_device_' + CPU + '}} segment_ids should be the same size as dimension 0 of input. [Op:SegmentMean]'),
    (lambda: tf.math.segment_sum(np.zeros((3,2)), [[0, 1, 1]]),
     '{{function_node __wrapped__SegmentSum_device_' + CPU + '}} segment_ids should be a vector. [Op:SegmentSum]'),
    (lambda: tf.math.unsorted_segment_sum(np.zeros(3), [0, 5, 1], 2),
     '{{function_node __wrapped__UnsortedSegmentSum_device_' + CPU + '}} segment_ids[1] = 5 is out of range [0, 2) [Op:UnsortedSegmentSum]'),
    (lambda: tf.math.unsorted_segment_sum(np.zeros(3), np.array([0, 5, 1]), 2),
     '{{function_node __wrapped__UnsortedSegmentSum_device_' + CPU + '}} segment_ids[1] = 5 is out of range [0, 2) [Op:UnsortedSegmentSum] name: '),
    (lambda: tf.math.unsorted_segment_sum(np.zeros(3), [0, 1, 1], -1),
     '{{function_node __wrapped__UnsortedSegmentSum_device_' + CPU + '}} Input num_segments == -1 must not be negative. [Op:UnsortedSegmentSum]'),
    (lambda: tf.math.unsorted_segment_sum(np.zeros(3), np.array([0, 1, 1]), -1),
     '{{function_node __wrapped__UnsortedSegmentSum_device_' + CPU + '}} Input num_segments == -1 must not be negative. [Op:UnsortedSegmentSum] name: '),
    (lambda: tf.math.unsorted_segment_max(np.zeros(3), [0, 1], 2),
     '{{function_node __wrapped__UnsortedSegmentMax_device_' + CPU + '}} data.shape = [3] does not start with segment_ids.shape = [2] [Op:UnsortedSegmentMax]'),
    (lambda: tf.math.unsorted_segment_sum(np.zeros(3), np.array([0, 1]), 2),
     '{{function_node __wrapped__UnsortedSegmentSum_device_' + CPU + '}} data.shape = [3] does not start with segment_ids.shape = [2] [Op:UnsortedSegmentSum] name: '),
    (lambda: tf.math.segment_sum(np.zeros(3), [-1, 0, 1]),
     '{{function_node __wrapped__SegmentSum_device_' + CPU + "}} Segment id -1 out of range [0, 2), possibly because 'segment_ids' input is not sorted. [Op:SegmentSum]"),
    (lambda: tf.math.segment_min(np.zeros(3), np.array([-2, -2, -3])),
     '{{function_node __wrapped__SegmentMin_device_' + CPU + '}} segment ids must be >= 0 [Op:SegmentMin] name: '),
    (lambda: tf.math.segment_prod(np.zeros(3), [0, 0, -1]),
     '{{function_node __wrapped__SegmentProd_device_' + CPU + '}} segment ids must be >= 0 [Op:SegmentProd]'),
    (lambda: tf.math.unsorted_segment_prod(np.zeros(3), [0, 1], 2),
     '{{function_node __wrapped__UnsortedSegmentProd_device_' + CPU + '}} data.shape = [3] does not start with segment_ids.shape = [2] [Op:UnsortedSegmentProd]'),
    (lambda: tf.math.unsorted_segment_sqrt_n(np.zeros(3), np.array([0, 1]), 2),
     '{{function_node __wrapped__UnsortedSegmentSum_device_' + CPU + '}} data.shape = [3] does not start with segment_ids.shape = [2] [Op:UnsortedSegmentSum] name: '),
    (lambda: tf.math.unsorted_segment_sum(np.zeros((3,2)), np.zeros((3,3),'int32'), 2),
     '{{function_node __wrapped__UnsortedSegmentSum_device_' + CPU + '}} data.shape = [3,2] does not start with segment_ids.shape = [3,3] [Op:UnsortedSegmentSum] name: '),
    (lambda: tf.math.unsorted_segment_sum([1., 2.], [0, 1], -2),
     '{{function_node __wrapped__UnsortedSegmentSum_device_' + CPU + '}} Input num_segments == -2 must not be negative. [Op:UnsortedSegmentSum]'),
]


@pytest.mark.parametrize('call, text', CASES)
def test_segment_id_error_texts(call, text):
    with pytest.raises(tf.errors.InvalidArgumentError) as caught:
        call()
    assert str(caught.value) == text
