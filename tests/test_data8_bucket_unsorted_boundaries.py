"""bucket_by_sequence_length with boundaries that do not increase: TF 2.21 takes them as given.

TF 2.21 (/work/notes/progs/data8/p10.py):
    ds = tf.data.Dataset.range(3).map(lambda x: tf.range(x))
    b = ds.bucket_by_sequence_length(lambda x: tf.shape(x)[0], [3, 2], [1, 2, 3])
    b.element_spec             # TensorSpec(shape=(None, None), dtype=tf.int64, name=None)
    list(b.as_numpy_iterator())  # [array([], shape=(1, 0), dtype=int64), array([[0]]), array([[0, 1]])]
(each length lands in bucket 0: lows [int32 min, 3, 2], highs [3, 2, int32 max]; batch size 1)
"""
import framework as tf


def test_unsorted_boundaries_use_first_holding_bucket():
    ds = tf.data.Dataset.range(3).map(lambda x: tf.range(x))
    b = ds.bucket_by_sequence_length(lambda x: tf.shape(x)[0], [3, 2], [1, 2, 3])
    assert str(b.element_spec) == 'TensorSpec(shape=(None, None), dtype=tf.int64, name=None)'
    assert [a.tolist() for a in b.as_numpy_iterator()] == [[[]], [[0]], [[0, 1]]]


def test_sorted_boundaries_unchanged():
    ds = tf.data.Dataset.range(6).map(lambda x: tf.range(x))
    b = ds.bucket_by_sequence_length(lambda x: tf.shape(x)[0], [2, 4], [2, 2, 2])
    # printed by TF 2.21 ([a.tolist() for a in b.as_numpy_iterator()]): padded with 0 to each batch's longest
    assert [a.tolist() for a in b.as_numpy_iterator()] == [[[0], [0]], [[0, 1, 0], [0, 1, 2]],
                                                          [[0, 1, 2, 3, 0], [0, 1, 2, 3, 4]]]
