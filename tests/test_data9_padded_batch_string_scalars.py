"""padded_batch of scalar string components gives a flat bytes column, as TF 2.21 (it held each
element's 0-d array). Golden values printed by TF 2.21 with /work/notes/progs/data9/p3.py:
    t = tf.data.Dataset.range(1, 4).map(lambda x: (tf.strings.as_string(x), tf.fill([x], tf.strings.as_string(x))))
    for b in t.padded_batch(2, padding_values=('', 'pad')).as_numpy_iterator(): print(b)
  (array([b'1', b'2'], dtype=object), array([[b'1', b'pad'], [b'2', b'2']], dtype=object))
  (array([b'3'], dtype=object), array([[b'3', b'3', b'3']], dtype=object))"""
import numpy as np

import framework as tf


def _batches(**kwargs):
    t = tf.data.Dataset.range(1, 4).map(lambda x: (tf.strings.as_string(x), tf.fill([x], tf.strings.as_string(x))))
    return list(t.padded_batch(2, **kwargs).as_numpy_iterator())


def test_scalar_strings_batch_as_bytes():
    for kwargs in ({}, {'padding_values': ('', 'pad')}):
        first, second = _batches(**kwargs)
        assert first[0].dtype == object and first[0].shape == (2,)
        assert [type(v) for v in first[0]] == [bytes, bytes]
        assert first[0].tolist() == [b'1', b'2'] and second[0].tolist() == [b'3']


def test_string_vectors_pad_with_the_given_value():
    first, second = _batches(padding_values=('', 'pad'))
    assert first[1].tolist() == [[b'1', b'pad'], [b'2', b'2']]
    assert second[1].tolist() == [[b'3', b'3', b'3']]
    assert np.asarray(first[1]).shape == (2, 2)
