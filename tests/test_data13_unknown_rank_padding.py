"""padded_batch and bucket_by_sequence_length on elements of unknown rank (from_generator with output_types
alone), as TF 2.21 (texts printed by TF 2.21: /work/notes/progs/data13/p11.py, u1 / u2 / u9)."""
import pytest

import framework as tf


def _unranked():
    def gen():
        yield [1, 2]
        yield [3]
    return tf.data.Dataset.from_generator(gen, output_types=tf.int32)


def test_padded_batch_needs_padded_shapes_for_an_unknown_rank():
    with pytest.raises(ValueError, match=r'^You must provide `padded_shapes` argument because component 0 has '
                                         r'unknown rank\.'):
        _unranked().padded_batch(2)
    with pytest.raises(ValueError, match='component 1 has unknown rank'):
        tf.data.Dataset.zip(tf.data.Dataset.range(2), _unranked()).padded_batch(2)
    padded = _unranked().padded_batch(2, padded_shapes=[3])
    assert padded.element_spec == tf.TensorSpec((None, 3), tf.int32)     # TF 2.21: (None, 3)
    assert [b.tolist() for b in padded.as_numpy_iterator()] == [[[1, 2, 0], [3, 0, 0]]]


def test_bucketing_an_unknown_rank_fails_on_its_shapes():
    with pytest.raises(ValueError, match=r'^Cannot iterate over a shape with unknown rank\.'):
        _unranked().bucket_by_sequence_length(lambda x: tf.shape(x)[0], [2], [2, 2]).element_spec
