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
