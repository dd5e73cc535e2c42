"""tf.searchsorted as TF 2.21's wrapper and LowerBound / UpperBound kernels (std::lower_bound / upper_bound on
each row): NaN and unsorted rows, folded leading axes, scalars, out_type. Golden values printed by TF 2.21
(/work/notes/progs/opsfuzz6/p05_arrays.py and the t11 snippet quoted here)."""
import numpy as np
import pytest

import framework as tf
from framework.errors import InvalidArgumentError


def _error(fn):
    with pytest.raises(InvalidArgumentError) as caught:
        fn()
    return str(caught.value)


def test_nan_values_and_rows_follow_the_c_plus_plus_binary_search():
    # TF 2.21: tf.searchsorted([1., 2., 2., 3., 5.], [nan]) -> [0]; side='right' -> [5]
    s = tf.constant([1., 2., 2., 3., 5.])
    assert tf.searchsorted(s, [np.nan]).numpy().tolist() == [0]
    assert tf.searchsorted(s, [np.nan], side='right').numpy().tolist() == [5]
    # a row holding NaN: s = sort(RandomState(1).randint(0, 10, 20)) as float32, s[[3, 9, 15]] = nan; the first
    # 12 queries of randint(-1, 11, 30) then nan, inf, -inf
    rng = np.random.RandomState(1)
    s = np.sort(rng.randint(0, 10, 20)).astype('float32')
    s[[3, 9, 15]] = np.nan
    q = np.concatenate([rng.randint(-1, 11, 30).astype('float32'), [np.nan, np.inf, -np.inf]]).astype('float32')
    left = tf.searchsorted(s, q).numpy().tolist()
    right = tf.searchsorted(s, q, side='right').numpy().tolist()
    assert left[:12] == [0, 12, 0, 9, 15, 15, 12, 9, 15, 0, 0, 0] and left[-3:] == [0, 15, 0]
    assert right[:12] == [2, 16, 0, 16, 17, 17, 16, 16, 17, 2, 0, 2] and right[-3:] == [20, 20, 0]


def test_unsorted_rows_give_the_kernels_indices():
    # TF 2.21 (RandomState(1) after the draws above): u = randint(0, 10, (3, 17)), uq = randint(0, 10, (3, 9)), int32
    rng = np.random.RandomState(1)
    rng.randint(0, 10, 20), rng.randint(-1, 11, 30)
    u = rng.randint(0, 10, (3, 17)).astype('int32')
    uq = rng.randint(0, 10, (3, 9)).astype('int32')
    assert tf.searchsorted(u, uq).numpy().tolist() == [
        [16, 9, 17, 0, 2, 0, 16, 2, 16], [17, 15, 15, 0, 0, 17, 15, 0, 9], [5, 5, 12, 5, 12, 0, 17, 5, 12]]
    assert tf.searchsorted(u, uq, side='right').numpy().tolist() == [
        [17, 9, 17, 2, 9, 2, 17, 2, 17], [17, 17, 15, 0, 0, 17, 17, 9, 15], [5, 5, 13, 5, 12, 5, 17, 5, 12]]


def test_leading_axes_fold_into_rows_and_scalars_fail_in_the_shape_slice():
    # TF 2.21: tf.searchsorted(tf.zeros([2, 3]), tf.zeros([1, 2, 2])) -> int32 zeros of shape (1, 2, 2)
    out = tf.searchsorted(tf.zeros([2, 3]), tf.zeros([1, 2, 2]))
    assert out.shape == (1, 2, 2) and out.dtype == tf.int32
    # tf.searchsorted(s, 2.) and tf.searchsorted(tf.constant(1.), [1.], side='x') -> '{{function_node
    # __wrapped__StridedSlice_device_...}} slice index -1 of dimension 0 out of bounds. [Op:StridedSlice] name:
    # strided_slice/'
    text = ('{{function_node __wrapped__StridedSlice_device_/job:localhost/replica:0/task:0/device:CPU:0}} slice index '
            '-1 of dimension 0 out of bounds. [Op:StridedSlice] name: strided_slice/')
    assert _error(lambda: tf.searchsorted(tf.constant([1., 2.]), 2.)) == text
    assert _error(lambda: tf.searchsorted(tf.constant(1.), [1.], side='x')) == text


def test_out_type_is_the_kernels_attribute():
    # TF 2.21: tf.searchsorted([1., 2.], [1.], side='right', out_type=tf.float32) -> "Value for attr 'out_type' of
    # float is not in the list of allowed values: int32, int64\n\t; NodeDef: {{node UpperBound}}; ..."
    assert _error(lambda: tf.searchsorted([1., 2.], [1.], side='right', out_type=tf.float32)) == (
        "Value for attr 'out_type' of float is not in the list of allowed values: int32, int64\n\t; NodeDef: {{node "
        "UpperBound}}; Op<name=UpperBound; signature=sorted_inputs:T, values:T -> output:out_type; attr=T:type; "
        "attr=out_type:type,default=DT_INT32,allowed=[DT_INT32, DT_INT64]> [Op:UpperBound] name: ")
    assert tf.searchsorted([1., 2.], [1.], out_type=tf.int64).dtype == tf.int64
