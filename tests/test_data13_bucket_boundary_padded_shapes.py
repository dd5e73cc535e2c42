"""bucket_by_sequence_length(pad_to_bucket_boundary=True, padded_shapes=...): TF 2.21 fills only the unknown
lengths of padded_shapes with the bucket's boundary - 1 (make_padded_shapes(padded_shapes or input_shapes,
none_filler)); a length padded_shapes gives stays. Golden values printed by TF 2.21
(/work/notes/progs/data13/p3.py)."""
import framework as tf


def _sequences():
    def gen():
        for n in range(1, 7):
            yield [n] * n
    return tf.data.Dataset.from_generator(gen, output_signature=tf.TensorSpec((None,), tf.int32))


def _lengths(x, *rest):
    return tf.shape(x)[0]


def test_known_padded_length_is_kept_over_the_boundary():
    ds = _sequences().bucket_by_sequence_length(_lengths, [3, 5, 8], [2, 2, 2, 2], pad_to_bucket_boundary=True,
                                                padded_shapes=[8])
    # TF 2.21: TensorSpec(shape=(None, 8), dtype=tf.int32, name=None)
    assert ds.element_spec == tf.TensorSpec((None, 8), tf.int32)
    assert [b.shape for b in ds.as_numpy_iterator()] == [(2, 8), (2, 8), (2, 8)]
    assert next(iter(ds.as_numpy_iterator())).tolist() == [[1, 0, 0, 0, 0, 0, 0, 0], [2, 2, 0, 0, 0, 0, 0, 0]]


def test_unknown_padded_lengths_take_the_boundary_and_known_ones_stay():
    pairs = _sequences().map(lambda x: (x, tf.stack([x, x], 1)))
    ds = pairs.bucket_by_sequence_length(_lengths, [3, 5, 8], [2, 2, 2, 2], pad_to_bucket_boundary=True,
                                         padded_shapes=([None], [None, 3]))
    # TF 2.21: (TensorSpec(shape=(None, None), ...), TensorSpec(shape=(None, None, 3), ...))
    assert ds.element_spec == (tf.TensorSpec((None, None), tf.int32), tf.TensorSpec((None, None, 3), tf.int32))
    # TF 2.21: shapes (2, 2) / (2, 2, 3), (2, 4) / (2, 4, 3), (2, 7) / (2, 7, 3)
    assert [(a.shape, b.shape) for a, b in ds.as_numpy_iterator()] == [
        ((2, 2), (2, 2, 3)), ((2, 4), (2, 4, 3)), ((2, 7), (2, 7, 3))]
    first = next(iter(ds.as_numpy_iterator()))[1].tolist()
    assert first == [[[1, 1, 0], [0, 0, 0]], [[2, 2, 0], [2, 2, 0]]]


def test_dict_padded_shapes_and_no_padded_shapes_pad_to_the_boundary():
    ds = _sequences().map(lambda x: {'a': x}).bucket_by_sequence_length(
        lambda d: tf.shape(d['a'])[0], [3, 5, 8], [2, 2, 2, 2], pad_to_bucket_boundary=True, padded_shapes={'a': [None]})
    assert ds.element_spec == {'a': tf.TensorSpec((None, None), tf.int32)}
    assert [d['a'].shape for d in ds.as_numpy_iterator()] == [(2, 2), (2, 4), (2, 7)]
    plain = _sequences().bucket_by_sequence_length(_lengths, [3, 5, 8], [2, 2, 2, 2], pad_to_bucket_boundary=True)
    assert plain.element_spec == tf.TensorSpec((None, None), tf.int32)
    assert [b.shape for b in plain.as_numpy_iterator()] == [(2, 2), (2, 4), (2, 7)]
