"""tf.gather's axis and index dtypes, tf.gather_nd with empty index vectors, and tf.unique of half /
bfloat16 values, as TF 2.21.

Values and texts printed by TF 2.21 (/work/notes/progs/opsfuzz8/p17_gather.py), e.g.
    tf.gather(x, tf.constant([0]), axis=1.0); tf.gather_nd(x, tf.zeros([2, 0], tf.int32)).shape
    tf.unique(tf.constant([1., -0., 0., np.nan, np.nan, 0., -0.], tf.float16))
"""
import numpy as np
import pytest

import framework as tf
from framework.errors import InvalidArgumentError

_GATHER = ("NodeDef: {{node GatherV2}}; Op<name=GatherV2; signature=params:Tparams, indices:Tindices, axis:Taxis -> "
           "output:Tparams; attr=batch_dims:int,default=0; attr=Tparams:type; attr=Tindices:type,allowed=[DT_INT16, "
           "DT_INT32, DT_INT64]; attr=Taxis:type,allowed=[DT_INT32, DT_INT64]> [Op:GatherV2]")
_KERNEL = '{{function_node __wrapped__GatherV2_device_/job:localhost/replica:0/task:0/device:CPU:0}} '


def _x():
    return tf.reshape(tf.range(24.), [2, 3, 4])


@pytest.mark.parametrize('call, text', [
    (lambda: tf.gather(_x(), [0], axis=1.0),
     "Value for attr 'Taxis' of float is not in the list of allowed values: int32, int64\n\t; " + _GATHER),
    (lambda: tf.gather(_x(), tf.constant([0]), axis=1.0),
     "Value for attr 'Taxis' of float is not in the list of allowed values: int32, int64\n\t; " + _GATHER + ' name: '),
    (lambda: tf.gather(_x(), [[0], [1]], batch_dims=1.0),
     "Value for attr 'Taxis' of float is not in the list of allowed values: int32, int64\n\t; " + _GATHER),
    (lambda: tf.gather(_x(), [0], axis=tf.constant(1, tf.int16)),
     "Value for attr 'Taxis' of int16 is not in the list of allowed values: int32, int64\n\t; " + _GATHER),
    (lambda: tf.gather(_x(), [0], axis=[1]), _KERNEL + 'axis must be scalar [Op:GatherV2]'),
    (lambda: tf.gather(_x(), tf.constant([0]), axis=tf.constant([1])), _KERNEL + 'axis must be scalar [Op:GatherV2] name: '),
    (lambda: tf.gather(_x(), tf.constant([0], tf.int8)),
     "Value for attr 'Tindices' of int8 is not in the list of allowed values: int16, int32, int64\n\t; " + _GATHER
     + ' name: '),
    (lambda: tf.gather(_x(), tf.constant([0], tf.uint8)),
     "Value for attr 'Tindices' of uint8 is not in the list of allowed values: int16, int32, int64\n\t; " + _GATHER
     + ' name: '),
])
def test_gather_refuses_axis_and_index_dtypes_in_tfs_words(call, text):
    with pytest.raises(InvalidArgumentError) as info:
        call()
    assert str(info.value) == text


def test_gather_takes_int16_indices_and_integer_axes_of_any_form():
    assert tf.gather(_x(), tf.constant([0], tf.int16), axis=2).shape == (2, 3, 1)
    assert tf.gather(_x(), [0], axis=np.int64(1)).shape == (2, 1, 4)
    assert tf.gather(_x(), [0], axis=tf.constant(-1, tf.int64)).shape == (2, 3, 1)


def test_gather_nd_with_empty_index_vectors_repeats_params():
    x = tf.reshape(tf.range(6.), [2, 3])
    got = tf.gather_nd(x, tf.zeros([2, 0], tf.int32))
    assert got.shape == (2, 2, 3) and got.numpy().tolist() == [x.numpy().tolist()] * 2
    assert tf.gather_nd(x, tf.zeros([2, 2, 0], tf.int32)).shape == (2, 2, 2, 3)
    assert tf.gather_nd(x, tf.zeros([0], tf.int32)).shape == (2, 3)


@pytest.mark.parametrize('dtype', [tf.float16, tf.bfloat16])
def test_unique_of_half_values_keeps_minus_zero_apart(dtype):
    y, idx = tf.unique(tf.constant([1., -0., 0., np.nan, np.nan, 0., -0.], dtype))
    values = y.numpy().astype(np.float32)
    assert values.size == 5 and np.signbit(values[:3]).tolist() == [False, True, False]
    assert np.isnan(values[3:]).all() and idx.numpy().tolist() == [0, 1, 2, 3, 4, 2, 1]


def test_unique_of_float32_still_merges_the_zeros():
    y, idx = tf.unique(tf.constant([1., -0., 0., np.nan, np.nan, 0., -0.]))
    assert y.shape == (4,) and idx.numpy().tolist() == [0, 1, 1, 2, 3, 1, 1]
