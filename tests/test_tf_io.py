"""tf.io against TensorFlow 2.21: PNG bytes written by TF's encode_png and TensorProto bytes from
TF's serialize_tensor are literals here (printed by /opt/tfref); files, gfile, raw and CSV decoding."""
import os
import struct
import zlib

import numpy as np
import pytest

import framework as tf

# tf.io.encode_png of RGBA_IMG and GREY16 (TF 2.21, libpng)
RGBA_IMG = (np.arange(3 * 4 * 4).reshape(3, 4, 4) * 37 % 256).astype(np.uint8)
TF_RGBA_PNG = bytes.fromhex(
    '89504e470d0a1a0a0000000d4948445200000004000000030806000000b4f4aec60000003e494441540899013300ccff0000254a6f94b9de'
    '03284d7297bce1062b0050759abfe4092e53789dc2e70c31567b00a0c5ea0f34597ea3c8ed12375c81a6cb0f31160971aafaa200000000'
    '49454e44ae426082')
GREY16 = (np.arange(6).reshape(2, 3, 1) * 12345).astype(np.uint16)
TF_GREY16_PNG = bytes.fromhex(
    '89504e470d0a1a0a0000000d4948445200000003000000021000000000e88fe5850000001649444154089963646030b034b06498b0fac0'
    '938fb200164004c11e5783a80000000049454e44ae426082')


def test_decode_png_reads_tensorflow_files():
    np.testing.assert_array_equal(tf.io.decode_png(TF_RGBA_PNG).numpy(), RGBA_IMG)
    np.testing.assert_array_equal(tf.io.decode_png(TF_RGBA_PNG, channels=3).numpy(), RGBA_IMG[..., :3])
    np.testing.assert_array_equal(tf.io.decode_png(TF_GREY16_PNG, dtype=tf.uint16).numpy(), GREY16)
    np.testing.assert_array_equal(tf.io.decode_png(TF_GREY16_PNG).numpy(), GREY16 >> 8)     # libpng strips the low byte
    grey_rgb = tf.io.decode_png(TF_GREY16_PNG, channels=4).numpy()
    assert grey_rgb.shape == (2, 3, 4) and (grey_rgb[..., 3] == 255).all() and (grey_rgb[..., 0] == GREY16[..., 0] >> 8).all()
    np.testing.assert_array_equal(tf.image.decode_png(tf.constant(TF_RGBA_PNG)).numpy(), RGBA_IMG)
    with pytest.raises(ValueError, match='io.decode_png.*signature'):
        tf.io.decode_png(b'GIF89a....')
    with pytest.raises(ValueError, match='channels'):
        tf.io.decode_png(TF_RGBA_PNG, channels=2)


def _paeth(a, b, c):
    p = a + b - c
    pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
    return a if pa <= pb and pa <= pc else b if pb <= pc else c


def _filtered_png(pixels):
    """A PNG whose row y uses filter y % 5 (None, Sub, Up, Average, Paeth), filtered as the PNG spec says."""
    height, width, channels = pixels.shape
    rows = pixels.reshape(height, -1).astype(int)
    raw = b''
    for y in range(height):
        up = rows[y - 1] if y else np.zeros_like(rows[0])
        kind, out = y % 5, []
        for i, value in enumerate(rows[y]):
            left = rows[y][i - channels] if i >= channels else 0
            corner = up[i - channels] if i >= channels else 0
            predict = [0, left, up[i], (left + up[i]) // 2, _paeth(left, up[i], corner)][kind]
            out.append((value - predict) % 256)
        raw += bytes([kind] + out)

    def chunk(kind, body):
        return struct.pack('>I', len(body)) + kind + body + struct.pack('>I', zlib.crc32(kind + body))
    header = struct.pack('>IIBBBBB', width, height, 8, 2, 0, 0, 0)
    return b'\x89PNG\r\n\x1a\n' + chunk(b'IHDR', header) + chunk(b'IDAT', zlib.compress(raw)) + chunk(b'IEND', b'')


def test_decode_png_undoes_every_row_filter():
    pixels = np.random.default_rng(0).integers(0, 256, (10, 7, 3)).astype(np.uint8)
    np.testing.assert_array_equal(tf.io.decode_png(_filtered_png(pixels)).numpy(), pixels)


@pytest.mark.parametrize('shape, dtype', [((5, 6, 1), np.uint8), ((4, 3, 3), np.uint8), ((3, 2, 4), np.uint8),
                                          ((2, 5, 2), np.uint8), ((3, 4, 3), np.uint16)])
def test_encode_png_round_trips(shape, dtype):
    pixels = np.random.default_rng(1).integers(0, np.iinfo(dtype).max, shape).astype(dtype)
    encoded = tf.io.encode_png(pixels)
    assert encoded.dtype == tf.string and encoded.shape == ()
    np.testing.assert_array_equal(tf.io.decode_png(encoded, dtype=dtype).numpy(), pixels)
    with pytest.raises(TypeError, match='io.encode_png'):
        tf.io.encode_png(pixels.astype(np.float32))


def test_decode_image_and_jpeg_need_pillow_only_for_jpeg():
    out = tf.io.decode_image(TF_RGBA_PNG, dtype=tf.float32)
    np.testing.assert_allclose(out.numpy(), RGBA_IMG / np.float32(255), rtol=1e-6)
    assert not tf.io.is_jpeg(TF_RGBA_PNG).numpy() and tf.io.is_jpeg(b'\xff\xd8\xff\xe0').numpy()
    with pytest.raises(ValueError, match='Unknown image file format. One of JPEG, JPEG XL, PNG, GIF, BMP, WebP '
                                         'required.'):        # TF 2.21's DecodeImage text (errors23)
        tf.io.decode_image(b'not an image')
    try:
        import PIL  # noqa: F401
    except ImportError:
        with pytest.raises(ImportError, match='Pillow'):
            tf.io.decode_jpeg(b'\xff\xd8\xff\xe0\x00\x10JFIF')


@pytest.mark.parametrize('value, expected', [
    # tf.io.serialize_tensor of each value (TF 2.21)
    (np.float32([[1.5, 2.0]]), b'\x08\x01\x12\x08\x12\x02\x08\x01\x12\x02\x08\x02"\x08\x00\x00\xc0?\x00\x00\x00@'),
    (np.int32(3), b'\x08\x03\x12\x00"\x04\x03\x00\x00\x00'),
    (np.array([b'ab', b'c'], object), b'\x08\x07\x12\x04\x12\x02\x08\x02B\x02abB\x01c'),
])
def test_serialize_tensor_matches_tensorflow_bytes(value, expected):
    t = tf.constant(value)
    assert tf.io.serialize_tensor(t).numpy() == expected
    back = tf.io.parse_tensor(expected, t.dtype)
    assert back.dtype == t.dtype and back.shape == t.shape and (back.numpy() == t.numpy()).all()


@pytest.mark.parametrize('value', [np.zeros((0, 3)), np.array([True, False]), np.arange(6, dtype=np.uint16).reshape(2, 3, 1),
                                   np.array([1 + 2j], np.complex64), np.int64(-7)])
def test_parse_tensor_round_trips(value):
    t = tf.constant(value)
    back = tf.io.parse_tensor(tf.io.serialize_tensor(t), t.dtype)
    assert back.dtype == t.dtype and back.shape == t.shape and (back.numpy() == t.numpy()).all()
    with pytest.raises(tf.errors.InvalidArgumentError, match=r'Type mismatch between parsed tensor \(\w+\) and dtype '
                                                            r'\(string\) \[Op:ParseTensor\] name: '):    # TF 2.21
        tf.io.parse_tensor(tf.io.serialize_tensor(t), tf.string)


def test_decode_raw_matches_tensorflow():
    # TF: [[513, 1027], [1541, 2055]], [1, 2, 3, 0, 0] and [258, 772]
    assert tf.io.decode_raw([b'\x01\x02\x03\x04', b'\x05\x06\x07\x08'], tf.int16).numpy().tolist() == [[513, 1027],
                                                                                                      [1541, 2055]]
    assert tf.io.decode_raw(b'\x01\x02\x03', tf.uint8, fixed_length=5).numpy().tolist() == [1, 2, 3, 0, 0]
    assert tf.io.decode_raw(b'\x01\x02\x03\x04', tf.int16, little_endian=False).numpy().tolist() == [258, 772]
    with pytest.raises(ValueError, match='same length'):
        tf.io.decode_raw([b'\x01', b'\x01\x02'], tf.uint8)


def test_decode_csv_matches_tensorflow():
    ints, floats, strings = tf.io.decode_csv(['1,2.5,a', '4,,"b,c"'], [[0], [9.0], ['z']])
    assert ints.dtype == tf.int32 and ints.numpy().tolist() == [1, 4]
    assert floats.dtype == tf.float32 and floats.numpy().tolist() == [2.5, 9.0]
    assert strings.numpy().tolist() == [b'a', b'b,c']
    first, = tf.io.decode_csv(['7;x', '8;y'], [tf.constant([], tf.int64)], field_delim=';', select_cols=[0])
    assert first.dtype == tf.int64 and first.numpy().tolist() == [7, 8]
    with pytest.raises(ValueError, match='required'):
        tf.io.decode_csv([',1'], [tf.constant([], tf.int32), [0]])
    with pytest.raises(ValueError, match='is not a valid int32: x'):
        tf.io.decode_csv(['x'], [[0]])


def test_files_and_gfile(tmp_path):
    path = str(tmp_path / 'sub' / 'a.bin')
    tf.io.write_file(path, b'\x00hello')
    assert tf.io.read_file(path).numpy() == b'\x00hello'
    assert tf.io.gfile.exists(path) and tf.io.gfile.isdir(str(tmp_path / 'sub'))
    tf.io.gfile.copy(path, str(tmp_path / 'sub' / 'b.bin'))
    with pytest.raises(tf.errors.AlreadyExistsError):
        tf.io.gfile.copy(path, str(tmp_path / 'sub' / 'b.bin'))
    tf.io.gfile.rename(str(tmp_path / 'sub' / 'b.bin'), str(tmp_path / 'sub' / 'c.bin'))
    assert sorted(tf.io.gfile.listdir(str(tmp_path / 'sub'))) == ['a.bin', 'c.bin']
    assert tf.io.matching_files(str(tmp_path / 'sub' / '*.bin')).numpy().tolist() == [
        os.path.join(str(tmp_path), 'sub', n).encode() for n in ('a.bin', 'c.bin')]
    assert len(tf.io.gfile.glob(str(tmp_path / '*' / '*.bin'))) == 2
    tf.io.gfile.makedirs(str(tmp_path / 'x' / 'y'))
    with tf.io.gfile.GFile(str(tmp_path / 'x' / 'y' / 't.txt'), 'w') as f:
        f.write('one\ntwo\n')
    with tf.io.gfile.GFile(str(tmp_path / 'x' / 'y' / 't.txt')) as f:
        assert f.readlines() == ['one\n', 'two\n'] and f.size() == 8
    walked = [(os.path.relpath(d, str(tmp_path)), sorted(files)) for d, _, files in tf.io.gfile.walk(str(tmp_path))]
    assert ('x/y', ['t.txt']) in walked
    tf.io.gfile.remove(path)
    assert not tf.io.gfile.exists(path)
    with pytest.raises(tf.errors.NotFoundError, match='read_file'):
        tf.io.read_file(path)
    tf.io.gfile.rmtree(str(tmp_path / 'x'))
    assert not tf.io.gfile.isdir(str(tmp_path / 'x'))


# tf.train.Example(...).SerializeToString() from TF 2.21 for the message built in the test below
TF_EXAMPLE = (b'\nA\n\x05\n\x01e\x12\x00\n\x16\n\x01a\x12\x11\x1a\x0f\n\r\x03\xff\xff\xff\xff\xff\xff\xff\xff\xff\x01'
              b'\xac\x02\n\x11\n\x01z\x12\x0c\x12\n\n\x08\x00\x00\xc0?\x00\x00\x00\xc0\n\r\n\x01m\x12\x08\n\x06\n'
              b'\x02hi\n\x00')


def test_example_protos_match_tensorflow_bytes():
    from framework.io.example_proto import BytesList, Example, Feature, Features, FloatList, Int64List
    example = Example(features=Features(feature={
        'e': Feature(), 'a': Feature(int64_list=Int64List(value=[3, -1, 300])),
        'z': Feature(float_list=FloatList(value=[1.5, -2.0])), 'm': Feature(bytes_list=BytesList(value=[b'hi', b'']))}))
    assert example.SerializeToString() == TF_EXAMPLE
    parsed = Example.FromString(TF_EXAMPLE)
    assert parsed == example and parsed.features.feature['a'].int64_list.value == [3, -1, 300]
    assert parsed.features.feature['z'].WhichOneof('kind') == 'float_list'
    # TF 2.21's protobuf sets the fields in the order given: the last of a oneof wins
    assert Feature(float_list=FloatList(value=[1.0]), int64_list=Int64List(value=[1])).WhichOneof('kind') == 'int64_list'


def test_parse_examples_match_tensorflow():
    spec = {'z': tf.io.FixedLenFeature([2], tf.float32), 'a': tf.io.VarLenFeature(tf.int64),
            'm': tf.io.FixedLenFeature([2], tf.string), 'q': tf.io.FixedLenFeature([], tf.int64, default_value=7)}
    one = tf.io.parse_single_example(TF_EXAMPLE, spec)
    assert one['z'].numpy().tolist() == [1.5, -2.0] and one['m'].numpy().tolist() == [b'hi', b'']
    assert one['q'].dtype == tf.int64 and one['q'].numpy() == 7
    assert one['a'].indices.numpy().tolist() == [[0], [1], [2]] and one['a'].values.numpy().tolist() == [3, -1, 300]
    batch = tf.io.parse_example([TF_EXAMPLE, b''], {'a': tf.io.VarLenFeature(tf.int64),
                                                    'q': tf.io.FixedLenFeature([1], tf.float32, default_value=[0.5])})
    assert batch['a'].indices.numpy().tolist() == [[0, 0], [0, 1], [0, 2]]
    assert batch['a'].dense_shape.numpy().tolist() == [2, 3]
    assert batch['q'].numpy().tolist() == [[0.5], [0.5]]
    with pytest.raises(tf.errors.InvalidArgumentError, match='Feature: r \\(data type: int64\\) is required'):
        tf.io.parse_single_example(TF_EXAMPLE, {'r': tf.io.FixedLenFeature([], tf.int64)})
    with pytest.raises(tf.errors.InvalidArgumentError, match='Key: z'):
        tf.io.parse_single_example(TF_EXAMPLE, {'z': tf.io.FixedLenFeature([3], tf.float32)})


def test_base64_and_decompression_match_tensorflow():
    import gzip
    # TF: encode_base64(b'\xfb\xff hello?') == b'-_8gaGVsbG8_' (web-safe, no padding by default)
    assert tf.io.encode_base64(b'\xfb\xff hello?').numpy() == b'-_8gaGVsbG8_'
    assert tf.io.encode_base64([b'a'], pad=True).numpy().tolist() == [b'YQ==']
    assert tf.io.decode_base64([b'YQ', b'YQ==', b'-_8gaGVsbG8_']).numpy().tolist() == [b'a', b'a', b'\xfb\xff hello?']
    assert tf.io.decode_compressed(zlib.compress(b'abc'), 'ZLIB').numpy() == b'abc'
    assert tf.io.decode_compressed([gzip.compress(b'x\x00')], 'GZIP').numpy().tolist() == [b'x\x00']
    with pytest.raises(ValueError, match='compression_type'):
        tf.io.decode_compressed(b'abc', 'LZ4')


def test_tfrecord_writer_matches_tensorflow_bytes(tmp_path):
    from framework.io.tfrecord import read_records
    path = str(tmp_path / 'a.tfrecord')
    with tf.io.TFRecordWriter(path) as writer:
        writer.write(b'hello')
        writer.write(b'')
    # the file TF 2.21's TFRecordWriter writes for the same two records
    assert open(path, 'rb').read() == (b'\x05\x00\x00\x00\x00\x00\x00\x00\xea\xb2\x04>hello\xbb\x1f\x1c\x19'
                                       b'\x00\x00\x00\x00\x00\x00\x00\x00)\x03\x98\x07\xd8\xea\x82\xa2')
    assert list(read_records(path)) == [b'hello', b'']
    for kind in ('ZLIB', 'GZIP'):
        packed = str(tmp_path / kind)
        with tf.io.TFRecordWriter(packed, tf.io.TFRecordOptions(kind)) as writer:
            writer.write(b'abc')
            writer.write(b'xyz' * 10)
        assert list(read_records(packed, kind)) == [b'abc', b'xyz' * 10]
    broken = open(path, 'rb').read()[:-1] + b'\x00'
    open(path, 'wb').write(broken)
    with pytest.raises(tf.errors.DataLossError, match='corrupted record'):
        list(read_records(path))


def test_extract_jpeg_shape_reads_the_frame_header():
    # SOI, an APP0 segment, then SOF0: precision 8, height 0x01e0 = 480, width 0x0280 = 640, 3 components
    header = (b'\xff\xd8' + b'\xff\xe0\x00\x10JFIF\x00\x01\x01\x00\x00\x01\x00\x01\x00\x00'
              + b'\xff\xc0\x00\x11\x08\x01\xe0\x02\x80\x03' + b'\x00' * 9)
    assert tf.io.extract_jpeg_shape(header).numpy().tolist() == [480, 640, 3]
    assert tf.image.extract_jpeg_shape(header, tf.int64).dtype == tf.int64
    with pytest.raises(ValueError, match='not a JPEG'):
        tf.io.extract_jpeg_shape(TF_RGBA_PNG)
