"""tf.histogram_fixed_width refuses dtypes and value_range shapes with TF 2.21's registry and kernel texts.

Texts printed by TF 2.21 (/work/notes/progs/opsfuzz8/p12_count.py), e.g.
    tf.histogram_fixed_width(tf.constant([1], tf.uint8), tf.constant([0, 3], tf.uint8), nbins=2)
"""
import pytest

import framework as tf
from framework.errors import InvalidArgumentError

_OP = ("NodeDef: {{node HistogramFixedWidth}}; Op<name=HistogramFixedWidth; signature=values:T, value_range:T, "
       "nbins:int32 -> out:dtype; attr=T:type,allowed=[DT_INT32, DT_INT64, DT_FLOAT, DT_DOUBLE]; attr=dtype:type,"
       "default=DT_INT32,allowed=[DT_INT32, DT_INT64]> [Op:HistogramFixedWidth]")
_KERNEL = '{{function_node __wrapped__HistogramFixedWidth_device_/job:localhost/replica:0/task:0/device:CPU:0}} '


@pytest.mark.parametrize('values, value_range, dtype, text', [
    (lambda: tf.constant([1], tf.uint8), lambda: tf.constant([0, 3], tf.uint8), tf.int32,
     "Value for attr 'T' of uint8 is not in the list of allowed values: int32, int64, float, double\n\t; " + _OP
     + ' name: '),
    (lambda: tf.constant([True]), lambda: tf.constant([False, True]), tf.int32,
     "Value for attr 'T' of bool is not in the list of allowed values: int32, int64, float, double\n\t; " + _OP
     + ' name: '),
    (lambda: tf.constant([1.], tf.float16), lambda: [0., 3.], tf.int32,
     "Value for attr 'T' of half is not in the list of allowed values: int32, int64, float, double\n\t; " + _OP),
    (lambda: tf.constant([1.]), lambda: tf.constant([0., 3.]), tf.float32,
     "Value for attr 'dtype' of float is not in the list of allowed values: int32, int64\n\t; " + _OP + ' name: '),
    (lambda: [1., 2.], lambda: [0., 3.], tf.float32,
     "Value for attr 'dtype' of float is not in the list of allowed values: int32, int64\n\t; " + _OP),
    (lambda: tf.constant([1.]), lambda: tf.constant([0., 3., 4.]), tf.int32,
     _KERNEL + 'value_range should be a vector of 2 elements. [Op:HistogramFixedWidth] name: '),
    (lambda: tf.constant([1.]), lambda: tf.constant([[0., 3.]]), tf.int32,
     _KERNEL + 'value_range should be a vector. [Op:HistogramFixedWidth] name: '),
    (lambda: [1., 2.], lambda: [0., 3., 4.], tf.int32,
     _KERNEL + 'value_range should be a vector of 2 elements. [Op:HistogramFixedWidth]'),
])
def test_refusals_in_tfs_words(values, value_range, dtype, text):
    with pytest.raises(InvalidArgumentError) as info:
        tf.histogram_fixed_width(values(), value_range(), nbins=2 if dtype == tf.int32 else 3, dtype=dtype)
    assert str(info.value) == text


def test_accepted_dtypes_still_count():
    got = tf.histogram_fixed_width(tf.constant([-1, 0, 1, 2, 3, 4, 5, 10], tf.int64), tf.constant([0, 5], tf.int64),
                                   nbins=5, dtype=tf.int64)
    assert got.dtype == tf.int64 and got.numpy().tolist() == [2, 1, 1, 1, 3]
