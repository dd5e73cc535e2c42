"""Ragged rows in a tf.data map's trace, as the NMT-with-attention tutorial reads them: TextVectorization(ragged=True)
splits with tf.strings.split (rows counted at run time) or unicode_split (the input's traced length), and a slice
keeping every row (target[:, :-1]) keeps that count. TF 2.21 gives the shapes pinned here (checked under it:
notes progs/tutorials62/nmt.py, probes/rag_spec.py); tapeflow showed the run's row count (3, None)."""
import numpy as np

import framework as tf
from framework import keras

LINES = np.array(['a b c', 'a', 'b c', 'c', 'a b', 'b'])


def _traced(split, drop):
    ds = tf.data.Dataset.from_tensor_slices(LINES).batch(3, drop_remainder=drop)
    tv = keras.layers.TextVectorization(ragged=True, split=split)
    tv.adapt(LINES)
    seen = []

    def f(x):
        r = tv(x)
        seen.append((tuple(r.shape), tuple(r[:, :-1].shape), tuple(r[:, 1:].to_tensor().shape)))
        return r.to_tensor()
    spec = ds.map(f).element_spec
    return tuple(spec.shape), seen[0], tv


def test_whitespace_split_rows_open_in_trace():
    # TF 2.21: (None, None) [(None, None), (None, None), (None, None)], batch drop_remainder or not
    for drop in (False, True):
        spec, seen, _ = _traced('whitespace', drop)
        assert spec == (None, None)
        assert seen == ((None, None), (None, None), (None, None))


def test_character_split_rows_follow_input():
    # TF 2.21: unicode_split keeps the input's traced length: (None, None) for batch(3), (3, None) dropping
    spec, seen, _ = _traced('character', False)
    assert spec == (None, None) and seen == ((None, None),) * 3
    spec, seen, _ = _traced('character', True)
    assert spec == (3, None) and seen == ((3, None),) * 3


def test_eager_shapes_keep_row_count():
    _, _, tv = _traced('whitespace', False)
    out = tv(LINES[:3])
    assert tuple(out.shape) == (3, None) and tuple(out[:, 1:].shape) == (3, None)
    assert out.to_list() == [[4, 2, 3], [4], [2, 3]]      # TF 2.21's (vocabulary '', [UNK], b, c, a)


def test_sliced_split_lines_in_map():
    # TF 2.21: tf.strings.split(x)[:, 1:].to_tensor() in a map of batch(3): TensorSpec (None, None)
    ds = tf.data.Dataset.from_tensor_slices(LINES).batch(3)
    spec = ds.map(lambda x: tf.strings.split(x)[:, 1:].to_tensor()).element_spec
    assert tuple(spec.shape) == (None, None)
    assert [t.numpy().tolist() for t in ds.map(lambda x: tf.strings.split(x)[:, 1:].to_tensor())] == \
        [[[b'b', b'c'], [b'', b''], [b'c', b'']], [[b''], [b'b'], [b'']]]     # TF 2.21's values


def _partitions(x):
    n = tf.size(x)
    return (tf.RaggedTensor.from_row_lengths(tf.range(n), tf.ones_like(x, dtype=tf.int64)),
            tf.RaggedTensor.from_row_splits(tf.range(n), tf.range(n + 1, dtype=tf.int64)),
            tf.RaggedTensor.from_row_starts(tf.range(n), tf.range(n, dtype=tf.int64)),
            tf.RaggedTensor.from_row_limits(tf.range(n), tf.range(1, n + 1, dtype=tf.int64)),
            tf.RaggedTensor.from_row_lengths(tf.range(3), [1, 2]),
            tf.RaggedTensor.from_row_splits(tf.range(3), tf.constant([0, 1, 3])),
            tf.RaggedTensor.from_row_lengths(tf.range(n), tf.ones_like(x, dtype=tf.int64))[:, :1])


def test_partition_factories_count_rows_as_traced():
    # TF 2.21: the rows are the partition tensor's traced length (splits: less one), open for a batch(3) map,
    # known for Python lengths or constants, and for batch(2, drop_remainder=True) (tf.size folds to 2)
    lines = np.array(['a b', 'c', 'd e f', 'g'])
    seen = []

    def f(x):
        out = _partitions(x)
        seen.append([tuple(r.shape) for r in out])
        return tuple(r.to_tensor() for r in out)
    spec = tf.data.Dataset.from_tensor_slices(lines).batch(3).map(f).element_spec
    assert [tuple(s.shape) for s in spec] == [(None, None)] * 4 + [(2, None)] * 2 + [(None, None)]
    assert seen[0] == [(None, None)] * 4 + [(2, None)] * 2 + [(None, None)]
    ds = tf.data.Dataset.from_tensor_slices(lines).batch(2, drop_remainder=True)
    assert [tuple(s.shape) for s in ds.map(f).element_spec] == [(2, None)] * 7
    first = [t.numpy().tolist() for t in next(iter(ds.map(f)))]
    assert first == [[[0], [1]]] * 4 + [[[0, 0], [1, 2]]] * 2 + [[[0], [1]]]


def test_partition_in_function_open_length():
    # TF 2.21: print 'r.shape (None, None)'; structured_outputs Tensor("Identity:0", shape=(None, None), dtype=int32)
    seen = []

    @tf.function
    def g(x):
        r = tf.RaggedTensor.from_row_lengths(x, tf.ones_like(x))
        seen.append((tuple(r.shape), tuple(r.to_tensor().shape)))
        return r.to_tensor()
    out = g.get_concrete_function(tf.TensorSpec([None], tf.int32)).structured_outputs
    assert tuple(out.shape) == (None, None) and seen[0] == ((None, None), (None, None))
    assert g(tf.constant([1, 2, 3])).numpy().tolist() == [[1], [2], [3]]
    assert tuple(tf.RaggedTensor.from_row_lengths(tf.range(3), tf.constant([1, 2])).shape) == (2, None)    # eager
