"""unsorted_segment_* num_segments refusals on TF 2.21's slow path (a Python list among the arguments).

Expected texts printed by TF 2.21 (/work/notes/progs/opsfuzz9/p13_useg.py), e.g.
    d = tf.constant([[1., 2.], [3., 4.], [5., 6.]])
    try: tf.math.unsorted_segment_sum(d, [0, 1, 0], 2.)
    except Exception as e: print(type(e).__name__, e)
"""
import pytest

import framework as tf
from framework.errors import InvalidArgumentError


def _data():
    return tf.constant([[1., 2.], [3., 4.], [5., 6.]])


def test_python_float_count_beside_list_ids_is_the_attr_refusal_without_tail():
    with pytest.raises(InvalidArgumentError) as info:
        tf.math.unsorted_segment_sum(_data(), [0, 1, 0], 2.)
    text = str(info.value)
    assert text.startswith("Value for attr 'Tnumsegments' of float is not in the list of allowed values: int32, int64\n\t; "
                           "NodeDef: {{node UnsortedSegmentSum}}; ")
    assert text.endswith('[Op:UnsortedSegmentSum]')
    with pytest.raises(TypeError) as info:       # tensors only: the fast path's int32 conversion
        tf.math.unsorted_segment_sum(_data(), tf.constant([0, 1, 0]), 2.)
    assert str(info.value) == 'Cannot convert 2.0 to EagerTensor of dtype int32'


def test_tensor_count_beside_list_ids_has_no_tail_but_the_python_composites_do():
    with pytest.raises(InvalidArgumentError) as info:
        tf.math.unsorted_segment_max(_data(), [0, 1, 0], tf.constant(2.))
    assert str(info.value).endswith('[Op:UnsortedSegmentMax]')
    with pytest.raises(InvalidArgumentError) as info:
        tf.math.unsorted_segment_mean(_data(), [0, 1, 0], [2])
    assert str(info.value) == ('{{function_node __wrapped__UnsortedSegmentSum_device_/job:localhost/replica:0/task:0/'
                               'device:CPU:0}} num_segments should be a scalar, not shape [1] [Op:UnsortedSegmentSum] '
                               'name: ')
