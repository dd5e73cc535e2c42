"""rebatch's cardinality is UNKNOWN even of an infinite dataset, as TF 2.21 prints
(`int(tf.data.Dataset.range(10).batch(3).repeat().rebatch(2).cardinality())` is -2; tapeflow said -1)."""
import framework as tf


def test_rebatch_of_infinite_is_unknown():
    endless = tf.data.Dataset.range(10).batch(3).repeat()
    # TF 2.21: -2 -2 -2 for rebatch(2), rebatch(2, drop_remainder=True), rebatch([1, 2])
    for rebatched in (endless.rebatch(2), endless.rebatch(2, drop_remainder=True), endless.rebatch([1, 2])):
        assert int(rebatched.cardinality()) == tf.data.UNKNOWN_CARDINALITY == -2
    # TF 2.21: [[0, 1], [2, 3], [4, 5]] (rows carry over the input batches)
    assert [b.tolist() for b in endless.rebatch(2).take(3).as_numpy_iterator()] == [[0, 1], [2, 3], [4, 5]]


def test_rebatch_of_finite_is_unknown():
    assert int(tf.data.Dataset.range(10).batch(3).rebatch(2).cardinality()) == -2
