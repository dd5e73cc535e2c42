"""tf.io.RaggedFeature in parse_example / parse_single_example (framework/io/example_parsing.py): the Ragged
Tensor guide's tf.Example section, against TF 2.21 (/work/notes/progs/missing/tf_ragged_example.py run with
/opt/tfref; tp_ragged_example2.py builds the same records without protobuf and prints the same lines)."""
import pytest

import framework as tf


def _example(colors, lengths):
    return tf.train.Example(features=tf.train.Features(feature={
        'colors': tf.train.Feature(bytes_list=tf.train.BytesList(value=colors)),
        'lengths': tf.train.Feature(int64_list=tf.train.Int64List(value=lengths))})).SerializeToString()


BATCH = [_example([b'red', b'blue'], [7]), _example([b'orange'], []), _example([b'black', b'yellow'], [1, 3]),
         _example([b'green'], [3, 5, 2])]
SPEC = {'colors': tf.io.RaggedFeature(tf.string), 'lengths': tf.io.RaggedFeature(tf.int64)}


def test_parse_example_gives_ragged_rows_as_tf():
    parsed = tf.io.parse_example(BATCH, SPEC)
    assert str(parsed['colors']) == "<tf.RaggedTensor [[b'red', b'blue'], [b'orange'], [b'black', b'yellow'], " \
                                    "[b'green']]>"
    assert parsed['lengths'].to_list() == [[7], [], [1, 3], [3, 5, 2]]
    assert parsed['lengths'].row_splits.dtype == tf.int32        # RaggedFeature's default row_splits_dtype


def test_parse_single_example_gives_a_dense_row_and_the_spec_prints_as_tf():
    one = tf.io.parse_single_example(BATCH[2], SPEC)
    assert one['colors'].numpy().tolist() == [b'black', b'yellow'] and one['lengths'].dtype == tf.int64
    assert repr(tf.io.RaggedFeature(tf.int64)) == ('RaggedFeature(dtype=tf.int64, value_key=None, partitions=(), '
                                                   'row_splits_dtype=tf.int32, validate=False)')


def test_value_key_and_refused_partitions():
    parsed = tf.io.parse_example(BATCH, {'c': tf.io.RaggedFeature(tf.string, value_key='colors')})
    assert parsed['c'].to_list()[1] == [b'orange']
    with pytest.raises(TypeError, match='cannot be cast to any of the partition types'):     # TF 2.21's refusal
        tf.io.parse_example(BATCH, {'lengths': tf.io.RaggedFeature(tf.int64, partitions=('x',))})
