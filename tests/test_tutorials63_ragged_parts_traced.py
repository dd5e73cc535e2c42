"""A RaggedTensor's row_splits, values and per-row vectors have TF 2.21's static shapes in a trace: in a tf.data map
over split lines (the NMT and load-text tutorials' pipelines) rt.row_splits.shape is (None,) where tapeflow showed
the run's (4,). Expected shapes are TF 2.21's (printed there by /work/notes/progs/tutorials63/probes/rag_spec3.py
and tutorials62/probes/rag_spec2.py)."""
import numpy as np

import framework as tf
from framework import keras

LINES = np.array(['a b c', 'a', 'b c', 'c', 'a b', 'b'])


def _shapes(fn, drop_remainder=False):
    seen = {}

    def mapped(x):
        for key, value in fn(x).items():
            seen[key] = tuple(value.shape)
        return x
    tf.data.Dataset.from_tensor_slices(LINES).batch(3, drop_remainder=drop_remainder).map(mapped).element_spec
    return seen


def _parts(x):
    sp = tf.strings.split(x)
    s = sp[:, :-1]
    u = tf.strings.unicode_split(x, 'UTF-8')
    b = tf.strings.bytes_split(x)
    h = tf.RaggedTensor.from_row_lengths(tf.range(tf.size(x), dtype=tf.int64), tf.ones_like(x, dtype=tf.int64))
    h2 = tf.RaggedTensor.from_row_splits(tf.range(3), [0, 1, 3])
    return {'sp': sp.row_splits, 'sp_v': sp.values, 's': s.row_splits, 's_v': s.values,
            'u': u.row_splits, 'u_v': u.values, 'b': b.row_splits, 'b_v': b.values,
            'h': h.row_splits, 'h_v': h.values, 'h2': h2.row_splits, 'h2_v': h2.values,
            'lengths': sp.row_lengths(), 'starts': sp.row_starts(), 'limits': sp.row_limits(),
            'rowids': sp.value_rowids(), 'max': tf.reduce_max(sp.row_lengths()), 'twice': sp.row_lengths() * 2}


def test_parts_of_split_lines_in_a_map():
    # TF 2.21: every split's row_splits and values are open; Python row splits keep their (3,)
    assert _shapes(_parts) == {
        'sp': (None,), 'sp_v': (None,), 's': (None,), 's_v': (None,), 'u': (None,), 'u_v': (None,),
        'b': (None,), 'b_v': (None,), 'h': (None,), 'h_v': (None,), 'h2': (3,), 'h2_v': (3,),
        'lengths': (None,), 'starts': (None,), 'limits': (None,), 'rowids': (None,), 'max': (), 'twice': (None,)}


def test_parts_over_a_fixed_batch():
    # TF 2.21 with batch(3, drop_remainder=True): unicode_split and a traced partition count 3 rows (row_splits
    # (4,)); tf.strings.split and bytes_split count theirs at run time
    seen = _shapes(_parts, drop_remainder=True)
    assert {k: seen[k] for k in ('sp', 'u', 'u_v', 'b', 'h', 'h_v', 'lengths', 'rowids')} == {
        'sp': (None,), 'u': (4,), 'u_v': (None,), 'b': (None,), 'h': (4,), 'h_v': (3,), 'lengths': (None,),
        'rowids': (None,)}


def test_parts_in_a_function_of_open_strings():
    seen = []

    @tf.function(input_signature=[tf.TensorSpec([None], tf.string)])
    def g(x):
        sp = tf.strings.split(x)
        seen.append((tuple(sp.row_splits.shape), tuple(sp.values.shape)))
        return sp.row_splits
    assert g(tf.constant(['a b', 'c'])).numpy().tolist() == [0, 2, 3]
    assert seen[0] == ((None,), (None,))        # TF 2.21's


def test_ragged_text_vectorization_in_a_map():
    ds = tf.data.Dataset.from_tensor_slices(LINES).batch(3)
    tv = keras.layers.TextVectorization(ragged=True)
    tv.adapt(ds)

    def parts(x):
        r = tv(x)
        return {'r': r.row_splits, 'r_v': r.values, 's': r[:, :-1].row_splits}
    seen = _shapes(parts)
    assert seen == {'r': (None,), 'r_v': (None,), 's': (None,)}       # TF 2.21's
    assert ds.map(lambda x: tv(x).to_tensor()).element_spec.shape.as_list() == [None, None]


def test_ragged_batches_in_a_map():
    digits = tf.ragged.constant([[3, 1, 4, 1], [], [5, 9, 2], [6], []])
    batched = tf.data.Dataset.from_tensor_slices(digits).batch(2)
    seen = {}

    def mapped(x):
        seen['x'] = (tuple(x.shape), tuple(x.row_splits.shape), tuple(x.values.shape), tuple(x.row_lengths().shape))
        return x
    spec = batched.map(mapped).element_spec
    # TF 2.21: the batch's rows and values are open in the trace, and so in the map's spec
    assert seen['x'] == ((None, None), (None,), (None,), (None,))
    assert (spec.shape.as_list(), spec.ragged_rank) == ([None, None], 1)
    assert [r.to_list() for r in batched.map(mapped)] == [[[3, 1, 4, 1], []], [[5, 9, 2], [6]], [[]]]


def test_ragged_range_in_a_map():
    digits = tf.ragged.constant([[3, 1, 4, 1], [], [5, 9, 2], [6], []])
    ds = tf.data.Dataset.from_tensor_slices({'digits': digits, 'lengths': digits.row_lengths()})
    seen = {}

    def ranges(f):      # the ragged tensors guide's transform_lengths
        r = tf.ragged.range(f['lengths'])
        seen[len(seen)] = (tuple(r.shape), tuple(r.row_splits.shape), tuple(r.values.shape))
        return {'mean_length': tf.math.reduce_mean(f['lengths']), 'length_ranges': r}
    batched = ds.batch(2).map(ranges).element_spec
    single = ds.map(ranges).element_spec
    # TF 2.21: a batch's lengths are open, so are the rows; scalar lengths give one row; values always open
    assert seen == {0: ((None, None), (None,), (None,)), 1: ((1, None), (2,), (None,))}
    assert batched['length_ranges'].shape.as_list() == [None, None]
    assert single['length_ranges'].shape.as_list() == [1, None]
    assert [r['length_ranges'].to_list() for r in ds.batch(2).map(ranges)] == [[[0, 1, 2, 3], []], [[0, 1, 2], [0]], [[]]]


def test_ragged_arguments_of_a_function():
    rt = tf.ragged.constant([[1, 2], [3], [4, 5, 6]])
    seen = []

    def parts(x):
        seen.append((tuple(x.shape), tuple(x.row_splits.shape), tuple(x.values.shape), tuple(x.row_lengths().shape),
                     tuple(x.to_tensor().shape)))
        return x.to_tensor()
    open_rows = tf.function(parts, input_signature=[tf.RaggedTensorSpec([None, None], tf.int32)])
    three_rows = tf.function(parts, input_signature=[tf.RaggedTensorSpec([3, None], tf.int32)])
    plain = tf.function(parts)
    for f in (open_rows, three_rows, plain):
        assert f(rt).numpy().tolist() == [[1, 2, 0], [3, 0, 0], [4, 5, 6]]
    # TF 2.21's: the spec's rows (a call without a signature: the value's), row_splits one longer, values open
    assert seen == [((None, None), (None,), (None,), (None,), (None, None)),
                    ((3, None), (4,), (None,), (3,), (3, None)),
                    ((3, None), (4,), (None,), (3,), (3, None))]
