"""tf.data's file datasets; expected values are what TF 2.21 gives for the same files."""
import gzip

import numpy as np
import pytest

import framework as tf


@pytest.fixture
def lines_file(tmp_path):
    path = tmp_path / 'lines.txt'
    path.write_bytes(b'a b\r\nsecond\n\nlast')
    return str(path)


def test_text_lines_drop_their_line_ends_as_tensorflow(lines_file, tmp_path):
    ds = tf.data.TextLineDataset(lines_file)
    assert list(ds.as_numpy_iterator()) == [b'a b', b'second', b'', b'last']
    assert ds.element_spec == tf.TensorSpec((), tf.string)
    assert int(ds.cardinality()) == -2                     # unknown until read, as TF
    zipped = tmp_path / 'lines.txt.gz'
    zipped.write_bytes(gzip.compress(b'x\ny\n'))
    assert len(list(tf.data.TextLineDataset([lines_file, lines_file]))) == 8
    assert list(tf.data.TextLineDataset(str(zipped), compression_type='GZIP').as_numpy_iterator()) == [b'x', b'y']


def test_string_batches_are_object_arrays_that_keep_every_byte(lines_file):
    batches = list(tf.data.TextLineDataset(lines_file).batch(2).as_numpy_iterator())
    assert [b.dtype for b in batches] == [object, object]
    assert batches[0].tolist() == [b'a b', b'second']
    kept = list(tf.data.Dataset.from_tensor_slices([b'a', b'bb\x00']).batch(2).as_numpy_iterator())[0]
    assert kept.tolist() == [b'a', b'bb\x00']
    assert list(tf.data.TextLineDataset(lines_file).map(tf.strings.upper).as_numpy_iterator())[0] == b'A B'


@pytest.mark.parametrize('compression', [None, 'GZIP', 'ZLIB'])
def test_tfrecords_written_by_the_writer_read_back(tmp_path, compression):
    path = str(tmp_path / 'r.tfrecord')
    with tf.io.TFRecordWriter(path, options=compression) as writer:
        for record in (b'x', b'yz', b''):
            writer.write(record)
    ds = tf.data.TFRecordDataset(path, compression_type=compression)
    assert list(ds.as_numpy_iterator()) == [b'x', b'yz', b'']
    assert [int(n) for n in ds.map(tf.strings.length)] == [1, 2, 0]


def test_fixed_length_records_skip_header_and_footer(lines_file):
    ds = tf.data.FixedLengthRecordDataset(lines_file, 4, header_bytes=1, footer_bytes=4)
    assert list(ds.as_numpy_iterator()) == [b' b\r\n', b'seco', b'nd\n\n']
    with pytest.raises(tf.errors.InvalidArgumentError, match='not an exact multiple of the record length'):
        list(tf.data.FixedLengthRecordDataset(lines_file, 3, header_bytes=1))


def test_missing_file_and_bad_arguments_name_the_dataset(tmp_path):
    with pytest.raises(tf.errors.NotFoundError, match='TextLineDataset'):
        list(tf.data.TextLineDataset(str(tmp_path / 'none.txt')))
    with pytest.raises(ValueError, match='compression_type'):
        list(tf.data.TextLineDataset(str(tmp_path / 'none.txt'), compression_type='LZMA'))
    with pytest.raises(ValueError, match='record_bytes'):
        tf.data.FixedLengthRecordDataset(str(tmp_path / 'x'), 0)


def test_numeric_stage_outputs_come_out_as_numpy_scalars():
    values = list(tf.data.Dataset.range(3).map(lambda x: x * 2).as_numpy_iterator())
    assert values == [0, 2, 4] and all(type(v) is np.int64 for v in values)
