"""Dataset.range(output_type=...) of a type TF's RangeDataset kernel does not make.

TF 2.21 (/work/notes/progs/data8/p9d.py):
    ds = tf.data.Dataset.range(3, output_type=tf.string)
    print(ds, ds.cardinality().numpy())  # <_RangeDataset element_spec=TensorSpec(shape=(), dtype=tf.string, name=None)> 3
    list(ds)   # InvalidArgumentError '{{function_node __wrapped__IteratorGetNext_output_types_1_device_/job:localhost/
               #   replica:0/task:0/device:CPU:0}} Unsupported data type: string [Op:IteratorGetNext] name: '
    (output_type=tf.bool: '... Unsupported data type: bool ...'); int8 / uint8 / float16 give 1, 3, 5, 7 for range(1, 8, 2).
"""
import numpy as np
import pytest

import framework as tf


@pytest.mark.parametrize('dtype', [tf.string, tf.bool])
def test_refused_when_iterated(dtype):
    ds = tf.data.Dataset.range(3, output_type=dtype)
    assert repr(ds) == '<_RangeDataset element_spec=TensorSpec(shape=(), dtype=tf.%s, name=None)>' % dtype.name
    assert int(ds.cardinality()) == 3
    with pytest.raises(tf.errors.InvalidArgumentError) as caught:
        list(ds)
    assert str(caught.value) == ('{{function_node __wrapped__IteratorGetNext_output_types_1_device_/job:localhost/'
                                 'replica:0/task:0/device:CPU:0}} Unsupported data type: %s [Op:IteratorGetNext] name: '
                                 % dtype.name)


@pytest.mark.parametrize('dtype', [tf.int8, tf.uint8, tf.float16])
def test_number_types_still_count(dtype):
    values = list(tf.data.Dataset.range(1, 8, 2, output_type=dtype).as_numpy_iterator())
    assert values == [1, 3, 5, 7] and all(v.dtype == np.dtype(dtype.name) for v in values)
