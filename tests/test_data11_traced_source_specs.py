"""from_tensors / from_tensor_slices made inside flat_map's / interleave's function take the traced shapes
for their spec, as TF 2.21 traces the function on the input's spec. Goldens printed by TF 2.21 (probe
/work/notes/progs/data11/p18.py; data9's p13.py), e.g.
`tf.data.Dataset.range(1, 4).interleave(lambda x: tf.data.Dataset.from_tensors(tf.fill([x], x))).element_spec`.
"""
import pytest

import framework as tf

R = tf.data.Dataset.range
T = tf.data.Dataset.from_tensor_slices


@pytest.mark.parametrize('make, spec', [
    (lambda: R(1, 4).interleave(lambda x: tf.data.Dataset.from_tensors(tf.fill([x], x))), tf.TensorSpec((None,), tf.int64)),
    (lambda: R(1, 4).flat_map(lambda x: T(tf.fill([x, x], x))), tf.TensorSpec((None,), tf.int64)),
    (lambda: R(1, 4).flat_map(lambda x: tf.data.Dataset.from_tensors(tf.fill([x], x)).batch(2)),
     tf.TensorSpec((None, None), tf.int64)),
    (lambda: R(1, 4).flat_map(lambda x: tf.data.Dataset.from_tensors((tf.fill([2], x), tf.fill([x], 1.0)))),
     (tf.TensorSpec((2,), tf.int64), tf.TensorSpec((None,), tf.float32))),
    (lambda: R(1, 4).map(lambda x: tf.fill([x], x)).flat_map(lambda v: tf.data.Dataset.from_tensors(v)),
     tf.TensorSpec((None,), tf.int64)),
    (lambda: R(1, 4).flat_map(lambda x: tf.data.Dataset.from_tensors(tf.reshape(tf.range(x * 2), [2, x]))),
     tf.TensorSpec((2, None), tf.int64)),
    (lambda: T(tf.ragged.constant([[1, 2], [3], [4, 5, 6]])).flat_map(lambda r: tf.data.Dataset.from_tensors(r)),
     tf.TensorSpec((None,), tf.int32)),
])
def test_traced_shapes_give_the_spec(make, spec):
    assert make().element_spec == spec


def test_values_are_unchanged_and_sources_outside_a_trace_keep_their_shapes():
    ds = R(1, 4).interleave(lambda x: tf.data.Dataset.from_tensors(tf.fill([x], x)), cycle_length=1)
    assert [v.tolist() for v in ds.as_numpy_iterator()] == [[1], [2, 2], [3, 3, 3]]
    assert tf.data.Dataset.from_tensors(tf.fill([3], 1)).element_spec == tf.TensorSpec((3,), tf.int32)
    assert T(tf.fill([2, 3], 1)).element_spec == tf.TensorSpec((3,), tf.int32)


def test_scan_output_spec_opens_the_lengths_its_trace_leaves_open():
    # TF 2.21: TensorSpec(shape=(None,), dtype=tf.int64, name=None) (probe p19.py q1); tapeflow said (1,)
    scanned = R(1, 4).scan(tf.constant(0, tf.int64), lambda s, x: (s + x, tf.fill([x], s)))
    assert scanned.element_spec == tf.TensorSpec((None,), tf.int64)
    assert [v.tolist() for v in scanned.as_numpy_iterator()] == [[0], [1, 1], [3, 3, 3]]
    fixed = R(1, 4).scan(tf.constant(0, tf.int64), lambda s, x: (s + x, (s, tf.fill([2], x))))
    assert fixed.element_spec == (tf.TensorSpec((), tf.int64), tf.TensorSpec((2,), tf.int64))


def test_group_by_window_reduce_map_spec_is_the_trace_not_the_empty_stand_in():
    # TF 2.21: TensorSpec(shape=(None,), dtype=tf.int64, name=None) (probe p19.py q5); tapeflow said (0,)
    grouped = R(1, 4).group_by_window(lambda x: x % 2, lambda k, w: w.map(lambda v: tf.fill([v], v)), window_size=2)
    assert grouped.element_spec == tf.TensorSpec((None,), tf.int64)
    assert tf.data.Dataset.range(0).map(lambda v: tf.fill([2], v)).element_spec == tf.TensorSpec((2,), tf.int64)


def test_scan_element_placeholders_take_the_input_spec():
    # TF 2.21: (None,) for both (probe p19.py q2, q3); tapeflow said the first element's (1,) / (2,)
    passed = R(1, 4).map(lambda x: tf.fill([x], x)).scan(tf.constant(0, tf.int64), lambda s, v: (s + 1, v))
    assert passed.element_spec == tf.TensorSpec((None,), tf.int64)
    rows = T(tf.ragged.constant([[1, 2], [3], [4, 5, 6]])).scan(tf.constant(0), lambda s, x: (s + tf.reduce_sum(x), x))
    assert rows.element_spec == tf.TensorSpec((None,), tf.int32)
    assert [v.tolist() for v in rows.as_numpy_iterator()] == [[1, 2], [3], [4, 5, 6]]


def test_window_size_func_key_placeholder_is_a_scalar_whatever_the_elements(capsys):
    def size(key):
        print('traced', key)
        return key + 2
    rows = R(4).map(lambda x: tf.fill([2], x)).group_by_window(lambda v: v[0] % 2, lambda k, w: w.batch(3),
                                                               window_size_func=size)
    assert [v.tolist() for v in rows.as_numpy_iterator()] == [[[0, 0], [2, 2]], [[1, 1], [3, 3]]]
    assert capsys.readouterr().out == 'traced Tensor("args_0:0", shape=(), dtype=int64)\n'
