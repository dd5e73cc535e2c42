"""tf.data's file readers fail as TF 2.21's reader kernels do: TFRecordDataset over a damaged file,
TextLine / TFRecord datasets whose data is not of their compression_type, FixedLengthRecordDataset with a
body that is no whole number of records. Every text below is TF 2.21's (probe
/work/notes/progs/data14/p5.py), raised from the iterator's IteratorGetNext."""
import gzip
import zlib

import pytest

import framework as tf

_NEXT = ('{{function_node __wrapped__IteratorGetNext_output_types_1_device_/job:localhost/replica:0/task:0/'
         'device:CPU:0}} %s [Op:IteratorGetNext] name: ')


def _records(tmp_path):
    """The bytes of a TFRecord file of b'rec0', b'rec1rec1', b'rec2rec2rec2' (records at 0, 20 and 44)."""
    path = str(tmp_path / 'whole.tfrecord')
    with tf.io.TFRecordWriter(path) as writer:
        for i in range(3):
            writer.write(b'rec%d' % i * (i + 1))
    return open(path, 'rb').read()


def _file(tmp_path, name, data):
    path = tmp_path / name
    path.write_bytes(data)
    return str(path)


def _read(dataset):
    return list(dataset.as_numpy_iterator())


def _flipped(data, at):
    damaged = bytearray(data)
    damaged[at] ^= 1
    return bytes(damaged)


@pytest.mark.parametrize('cut, text', [
    (12, "truncated record at 0' failed with Read less bytes than requested"),    # a header, no body
    (14, "truncated record at 0' failed with Read less bytes than requested"),
    (-1, "truncated record at 44' failed with Read less bytes than requested"),   # the last body's checksum
    (-5, "truncated record at 44' failed with Read less bytes than requested"),
])
def test_tfrecord_cut_inside_a_record(tmp_path, cut, text):
    path = _file(tmp_path, 'cut', _records(tmp_path)[:cut])
    with pytest.raises(tf.errors.DataLossError) as caught:
        _read(tf.data.TFRecordDataset(path))
    assert str(caught.value) == _NEXT % text


@pytest.mark.parametrize('cut, expected', [(5, []), (-20, [b'rec0', b'rec1rec1'])])
def test_tfrecord_cut_inside_a_header_ends_the_records(tmp_path, cut, expected):
    # TF 2.21 gives [] and [b'rec0', b'rec1rec1']: the header's short read is the end of the file there
    assert _read(tf.data.TFRecordDataset(_file(tmp_path, 'cut', _records(tmp_path)[:cut]))) == expected


@pytest.mark.parametrize('at, text', [
    (9, 'corrupted record at 0 (Is this even a TFRecord file?)'),       # the first length's checksum
    (0, 'corrupted record at 0 (Is this even a TFRecord file?)'),       # the first length
    (14, 'corrupted record at 12'),                                     # the first body: its offset
    (19, 'corrupted record at 12'),                                     # the first body's checksum
    (20, 'corrupted record at 20'),                                     # the second length
])
def test_tfrecord_checksum_failures(tmp_path, at, text):
    path = _file(tmp_path, 'bad', _flipped(_records(tmp_path), at))
    with pytest.raises(tf.errors.DataLossError) as caught:
        _read(tf.data.TFRecordDataset(path))
    assert str(caught.value) == _NEXT % text


def test_text_file_read_as_tfrecords(tmp_path):
    path = _file(tmp_path, 'a.txt', b'line1\nline2\r\n\nlast')
    with pytest.raises(tf.errors.DataLossError) as caught:
        _read(tf.data.TFRecordDataset(path))
    assert str(caught.value) == _NEXT % 'corrupted record at 0 (Is this even a TFRecord file?)'
    with pytest.raises(tf.errors.DataLossError, match=r'\[Op:ReduceDataset\]'):     # the one-shot kernel's name
        tf.data.TFRecordDataset(path).reduce(tf.constant(b''), lambda a, b: b)


@pytest.mark.parametrize('kind', ['GZIP', 'ZLIB'])
def test_uncompressed_data_read_as_compressed(tmp_path, kind):
    records = _file(tmp_path, 'plain.tfrecord', _records(tmp_path))
    lines = _file(tmp_path, 'a.txt', b'line1\nline2')
    for dataset in (tf.data.TFRecordDataset(records, kind), tf.data.TextLineDataset(lines, kind)):
        with pytest.raises(tf.errors.DataLossError) as caught:
            _read(dataset)
        assert str(caught.value) == _NEXT % 'inflate() failed with error -3: incorrect header check'


@pytest.mark.parametrize('kind, pack', [('GZIP', gzip.compress), ('ZLIB', zlib.compress)])
def test_compressed_tfrecords(tmp_path, kind, pack):
    raw = _records(tmp_path)
    assert _read(tf.data.TFRecordDataset(_file(tmp_path, 'whole', pack(raw)), kind)) == [
        b'rec0', b'rec1rec1', b'rec2rec2rec2']
    # a stream cut in the last record: TF 2.21 reads the records before it, then its stream runs out
    dataset = tf.data.TFRecordDataset(_file(tmp_path, 'cut', pack(raw)[:-10]), kind)
    got = []
    with pytest.raises(tf.errors.DataLossError) as caught:
        for record in dataset.as_numpy_iterator():
            got.append(record)
    assert got == [b'rec0', b'rec1rec1']
    assert str(caught.value) == _NEXT % "truncated record at 44' failed with EOF reached"


def test_fixed_length_body_not_whole_records(tmp_path):
    path = _file(tmp_path, 'a.txt', b'line1\nline2\r\n\nlast')       # 18 bytes
    text = ('Excluding the header (%d bytes) and footer (%d bytes), input file "' + path + '" has body length %d '
            'bytes, which is not an exact multiple of the record length (4 bytes).')
    with pytest.raises(tf.errors.InvalidArgumentError) as caught:
        _read(tf.data.FixedLengthRecordDataset(path, 4))
    assert str(caught.value) == _NEXT % (text % (0, 0, 18))
    # header and footer longer than the file: TF's kernel reads 18 - 20 as a uint64
    with pytest.raises(tf.errors.InvalidArgumentError) as caught:
        _read(tf.data.FixedLengthRecordDataset(path, 4, header_bytes=15, footer_bytes=5))
    assert str(caught.value) == _NEXT % (text % (15, 5, 18446744073709551614))
    assert _read(tf.data.FixedLengthRecordDataset(path, 4, header_bytes=1, footer_bytes=1)) == [
        b'ine1', b'\nlin', b'e2\r\n', b'\nlas']
    with pytest.raises(tf.errors.InvalidArgumentError, match=r'\[Op:ReduceDataset\] name: $'):
        tf.data.FixedLengthRecordDataset(path, 4).reduce(tf.constant(b''), lambda a, b: b)


def test_fixed_length_compressed_body_not_whole_records(tmp_path):
    path = _file(tmp_path, 'fg2', gzip.compress(b'abcdefg'))
    assert _read(tf.data.FixedLengthRecordDataset(_file(tmp_path, 'fg', gzip.compress(b'abcdef')), 3,
                                                  compression_type='GZIP')) == [b'abc', b'def']
    with pytest.raises(tf.errors.DataLossError) as caught:     # DataLossError where the file is compressed
        _read(tf.data.FixedLengthRecordDataset(path, 3, compression_type='GZIP'))
    assert str(caught.value) == _NEXT % (
        'Excluding the header (0 bytes) and footer (0 bytes), input file "%s" has body length 7 bytes, which is '
        'not an exact multiple of the record length (3 bytes).' % path)
