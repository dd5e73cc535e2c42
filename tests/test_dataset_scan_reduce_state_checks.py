"""Dataset.scan and Dataset.reduce check the state their function returns with TF 2.21's classes and words
(values printed by /work/notes/progs/tfdata2/p30 and p33 under TF 2.21)."""
import numpy as np
import pytest

import framework as tf

D = tf.data.Dataset


def test_scan_without_a_pair_is_tf_type_error():
    with pytest.raises(TypeError) as info:
        list(D.range(1, 6).scan(np.int64(1), lambda st, x: st))
    assert str(info.value) == ('Invalid `scan_func`. `scan_func` should return a pair consisting of new state and the '
                               'output value but its return type is TensorSpec(shape=(), dtype=tf.int64, name=None).')


def test_scan_state_of_another_dtype_is_refused():
    with pytest.raises(TypeError) as info:
        list(D.range(1, 6).scan(np.int64(1), lambda st, x: (tf.cast(st, tf.float32), x)))
    assert str(info.value) == ("Invalid `scan_func`. The element types for the new state must match the initial "
                               "state. Expected <dtype: 'int64'>, got <dtype: 'float32'>.")
    with pytest.raises(TypeError) as info:
        list(D.range(1, 6).scan((np.int64(1), 0.5), lambda st, x: ((st[0], tf.cast(st[1], tf.float64)), x)))
    assert str(info.value) == ('Invalid `scan_func`. The element types for the new state must match the initial '
                               'state. Expected (tf.int64, tf.float32), got (tf.int64, tf.float64).')


def test_scan_with_structured_state_and_list_pair():
    ds = D.range(1, 6)
    assert [v.tolist() for v in ds.scan((np.int64(1), 0.5), lambda st, x: ((st[0] + x, st[1] * 2), st[1]))
            .as_numpy_iterator()] == [0.5, 1.0, 2.0, 4.0, 8.0]
    pairs = list(ds.scan(np.int64(1), lambda st, x: (st * x, (st, x))).as_numpy_iterator())
    assert [(int(a), int(b)) for a, b in pairs] == [(1, 1), (1, 2), (2, 3), (6, 4), (24, 5)]


@pytest.mark.parametrize('initial, func, counts', [
    ((np.int64(0), np.int64(0)), lambda s, x: s[0] + x, (2, 1)),
    (np.int64(0), lambda s, x: (s, x, x), (1, 3)),
    ((np.int64(0), np.int64(0), np.int64(0)), lambda s, x: (s[0], s[1]), (3, 2)),
    ({'a': np.int64(0)}, lambda s, x: {'a': s['a'], 'b': x}, (1, 2)),
])
def test_reduce_with_another_component_count_is_the_kernel_error(initial, func, counts):
    with pytest.raises(tf.errors.InvalidArgumentError) as info:
        D.range(1, 4).reduce(initial, func)
    n, out = counts
    assert str(info.value) == (
        '{{function_node __wrapped__ReduceDataset_Targuments_0_Tstate_%d_output_types_%d_device_/job:localhost/'
        'replica:0/task:0/device:CPU:0}} The number of components of the initial state and the reduce function '
        'output does not match. (initial_state=%d, output=%d). [Op:ReduceDataset] name: ' % (n, n, n, out))


def test_reduce_returning_a_list_keeps_its_components():
    total, product = D.range(1, 4).reduce((np.int64(0), np.int64(1)), lambda s, x: [s[0] + x, s[1] * x])
    assert (int(total), int(product)) == (6, 6)
