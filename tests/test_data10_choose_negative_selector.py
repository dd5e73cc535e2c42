"""choose_from_datasets with a negative int64 choice fails in the iterator with TF 2.21's
DirectedInterleave words, as an index past the end does. Printed by TF 2.21 (/work/notes/progs/data10/p15.py):
    a, b = tf.data.Dataset.range(3), tf.data.Dataset.range(10, 14)
    list(tf.data.Dataset.choose_from_datasets([a, b], tf.data.Dataset.from_tensor_slices(tf.constant([-1, 0], tf.int64))))
    InvalidArgumentError {{function_node __wrapped__IteratorGetNext_output_types_1_device_/job:localhost/replica:0/
    task:0/device:CPU:0}} Selector index out of range: -1 >= 2 [Op:IteratorGetNext] name:
Before, tapeflow raised its own ValueError 'choices must be int64 scalars in [0, 2), got np.int64(-1)'.
"""
import pytest

import framework as tf


@pytest.mark.parametrize('bad', [-1, -7])
def test_negative_selector_is_out_of_range(bad):
    a, b = tf.data.Dataset.range(3), tf.data.Dataset.range(10, 14)
    ds = tf.data.Dataset.choose_from_datasets([a, b], tf.data.Dataset.from_tensor_slices(tf.constant([0, bad], tf.int64)))
    it = iter(ds)
    assert int(next(it)) == 0
    with pytest.raises(tf.errors.InvalidArgumentError) as info:
        next(it)
    assert str(info.value).split('\n')[0].startswith(
        '{{function_node __wrapped__IteratorGetNext_output_types_1_device_/job:localhost/replica:0/task:0/device:CPU:0}}'
        ' Selector index out of range: %d >= 2 [Op:IteratorGetNext]' % bad)
