"""flat_map / interleave building from_tensors / from_tensor_slices of an element of unknown rank: TF 2.21's
spec is its trace's, TensorSpec(shape=<unknown>), not the first element's (printed by TF 2.21:
/work/notes/progs/data13/p12.py, k3 / k4)."""
import framework as tf


def _unranked():
    def gen():
        yield [1, 2]
        yield [3]
    return tf.data.Dataset.from_generator(gen, output_types=tf.int32)


def test_interleave_of_from_tensors_keeps_no_rank():
    ds = _unranked().interleave(lambda x: tf.data.Dataset.from_tensors(x))
    assert ds.element_spec == tf.TensorSpec(None, tf.int32)
    assert [v.tolist() for v in ds.as_numpy_iterator()] == [[1, 2], [3]]


def test_flat_map_of_slices_keeps_no_rank():
    ds = _unranked().flat_map(lambda x: tf.data.Dataset.from_tensor_slices(x))
    assert ds.element_spec == tf.TensorSpec(None, tf.int32)
    assert [int(v) for v in ds.as_numpy_iterator()] == [1, 2, 3]


def test_known_ranks_still_open_only_their_lengths():
    ds = tf.data.Dataset.range(1, 3).flat_map(lambda x: tf.data.Dataset.from_tensors(tf.fill([x], x)))
    assert ds.element_spec == tf.TensorSpec((None,), tf.int64)
