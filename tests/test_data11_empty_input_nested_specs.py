"""flat_map / interleave over an input with no elements, and window's spec: TF 2.21 traces map_func on the
input's spec, so the spec is known without data. Goldens printed by TF 2.21 (probe
/work/notes/progs/data11/p9.py), e.g. `tf.data.Dataset.range(0).interleave(lambda x: tf.data.Dataset.range(x)).element_spec`.
"""
import numpy as np
import pytest

import framework as tf

R = tf.data.Dataset.range


def _spec(shape, dtype):
    return tf.TensorSpec(shape, dtype)


@pytest.mark.parametrize('make, spec', [
    (lambda: R(0).interleave(lambda x: R(x)), _spec((), tf.int64)),
    (lambda: R(0).flat_map(lambda x: tf.data.Dataset.from_tensors((x, tf.cast(x, tf.float32))).batch(2)),
     (_spec((None,), tf.int64), _spec((None,), tf.float32))),
    (lambda: R(5).filter(lambda x: x > 9).flat_map(
        lambda x: tf.data.Dataset.from_tensor_slices({'a': tf.fill([x], x)})), {'a': _spec((), tf.int64)}),
    (lambda: tf.data.Dataset.from_tensor_slices(np.zeros((0, 3), np.float32)).interleave(
        lambda v: tf.data.Dataset.from_tensors(v * 2), cycle_length=2), _spec((3,), tf.float32)),
    (lambda: tf.data.Dataset.from_tensor_slices(tf.constant([], tf.string)).flat_map(
        lambda s: tf.data.Dataset.from_tensors(tf.strings.length(s))), _spec((), tf.int32)),
    (lambda: R(0).window(2).flat_map(lambda w: w.batch(2)), _spec((None,), tf.int64)),
    (lambda: R(0).interleave(lambda x: R(x).map(lambda y: tf.cast(y, tf.float32)), num_parallel_calls=2,
                             cycle_length=2), _spec((), tf.float32)),
])
def test_spec_of_no_elements(make, spec):
    ds = make()
    assert ds.element_spec == spec
    assert int(ds.cardinality()) == -2 and list(ds) == []


def test_window_spec_is_known_without_a_window():
    assert repr(R(0).window(2).element_spec) == \
        'DatasetSpec(TensorSpec(shape=(), dtype=tf.int64, name=None), TensorShape([]))'
    windows = tf.data.Dataset.from_tensor_slices({'a': [1, 2, 3], 'b': [[1.], [2.], [3.]]}).window(2)
    assert windows.element_spec == {'a': tf.data.DatasetSpec(_spec((), tf.int32)),
                                    'b': tf.data.DatasetSpec(_spec((1,), tf.float32))}
