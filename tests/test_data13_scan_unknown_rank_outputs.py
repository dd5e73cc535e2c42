"""Dataset.scan handing on an element of unknown rank: TF 2.21's spec is its trace's, TensorSpec(shape=<unknown>),
not the first element's shape (printed by TF 2.21: /work/notes/progs/data13/p11.py, u11 / u16)."""
import framework as tf


def _unranked():
    def gen():
        yield [1, 2]
        yield [3]
    return tf.data.Dataset.from_generator(gen, output_types=tf.int32)


def test_unknown_rank_output_keeps_no_rank():
    ds = _unranked().scan(tf.constant(0), lambda s, x: (s + tf.reduce_sum(x), x))
    assert ds.element_spec == tf.TensorSpec(None, tf.int32)      # TF 2.21: shape=<unknown>
    assert [v.tolist() for v in ds.as_numpy_iterator()] == [[1, 2], [3]]


def test_other_outputs_keep_their_traced_shapes():
    ds = _unranked().scan(tf.constant(0), lambda s, x: (s + 1, (x, tf.fill([s + 1], s), tf.size(x))))
    # TF 2.21: (TensorSpec(shape=<unknown>), TensorSpec(shape=(None,)), TensorSpec(shape=()))
    assert ds.element_spec == (tf.TensorSpec(None, tf.int32), tf.TensorSpec((None,), tf.int32),
                               tf.TensorSpec((), tf.int32))
    assert [(a.tolist(), b.tolist(), int(c)) for a, b, c in ds.as_numpy_iterator()] == [([1, 2], [0], 2), ([3], [1, 1], 1)]
