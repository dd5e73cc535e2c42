"""errors23: tf.io image decoding, encoding and read_file on bad input, as TF 2.21 answers
(/work/notes/progs/errors23/p_decode.py, p_decode2.py and their _tf.txt outputs).

- TF's decoders read any format they know: decode_jpeg of a PNG returns its pixels (channels converted
  as libpng does); tapeflow refused ('contents are not a JPEG image').
- Bytes of no known format, or none: the kernels' 'Unknown image file format. One of JPEG, JPEG XL, PNG, GIF,
  BMP, WebP required.' / 'Input is empty.'; a truncated PNG: 'Invalid PNG. Failed to initialize decoder.'
  before its first IDAT chunk, 'Invalid PNG data, size N' after; decode_png channels=2: '`channels` must be
  0, 1, 3 or 4 but got 2'. The ' name: ' tail follows TF's eager paths (a tensor argument: fast path;
  DecodeJpeg never; DecodeImage a bare ' name: ').
- read_file of a missing file: NotFoundError '<path>; No such file or directory'; of a directory:
  FailedPreconditionError '<path>; Is a directory' (tapeflow said 'io.read_file: <path>: no such file').
- decode_image(dtype=float32) divides by 255 as DecodeImageV2's kernel (15 -> 0.05882352963089943; tapeflow
  used convert_image_dtype's multiply, 0.05882353335618973).
- encode_png of floats: the registry's 'Value for attr 'T' of float ...'; rank 2: 'images must be at least
  rank 3[2,2]'; 5 channels: 'image must have 1, 2, 3, or 4 channels, got 5'; a rank-4 batch encodes one
  string per image (tapeflow refused)."""
import numpy as np
import pytest

import framework as tf
from framework.errors import FailedPreconditionError, InvalidArgumentError, NotFoundError

# TF 2.21's encode_png of np.arange(48).reshape(4, 4, 3) * 5 (uint8)
TF_PNG = (b'\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00\x00\x04\x00\x00\x00\x04\x08\x02\x00\x00\x00&\x93\t)\x00\x00'
          b'\x00\x14IDAT\x08\x99cd`\xe5\xe2\x87\x01\x16\x1b\x1b\x1b"8\x00j\xd2\x04UI\xe8\xf3\xaf\x00\x00\x00\x00IEND'
          b'\xaeB`\x82')
CPU = '{{function_node __wrapped__%s_device_/job:localhost/replica:0/task:0/device:CPU:0}} '
UNKNOWN = 'Unknown image file format. One of JPEG, JPEG XL, PNG, GIF, BMP, WebP required.'


def _text(call, error=InvalidArgumentError):
    with pytest.raises(error) as caught:
        call()
    assert type(caught.value) is error
    return str(caught.value)


def test_decode_jpeg_reads_a_png():
    assert tf.io.decode_jpeg(TF_PNG).numpy()[1, :2].tolist() == [[60, 65, 70], [75, 80, 85]]
    assert tf.io.decode_jpeg(TF_PNG, channels=1).numpy()[1, :2].tolist() == [[64], [79]]
    assert tf.io.decode_jpeg(TF_PNG, channels=4).numpy()[0, 1].tolist() == [15, 20, 25, 255]


@pytest.mark.parametrize('call, text', [
    (lambda: tf.io.decode_png(b'abc'), CPU % 'DecodePng' + UNKNOWN + ' [Op:DecodePng]'),
    (lambda: tf.io.decode_png('abc'), CPU % 'DecodePng' + UNKNOWN + ' [Op:DecodePng]'),
    (lambda: tf.io.decode_png(b'abc', name='x'), CPU % 'DecodePng' + UNKNOWN + ' [Op:DecodePng]'),
    (lambda: tf.io.decode_png(tf.constant(b'abc')), CPU % 'DecodePng' + UNKNOWN + ' [Op:DecodePng] name: '),
    (lambda: tf.io.decode_png(b''), CPU % 'DecodePng' + 'Input is empty. [Op:DecodePng]'),
    (lambda: tf.io.decode_png(tf.constant(b'')), CPU % 'DecodePng' + 'Input is empty. [Op:DecodePng] name: '),
    (lambda: tf.io.decode_jpeg(b'abc'), CPU % 'DecodeJpeg' + UNKNOWN + ' [Op:DecodeJpeg]'),
    (lambda: tf.io.decode_jpeg(tf.constant(b'abc')), CPU % 'DecodeJpeg' + UNKNOWN + ' [Op:DecodeJpeg]'),
    (lambda: tf.image.decode_jpeg(b'abc'), CPU % 'DecodeJpeg' + UNKNOWN + ' [Op:DecodeJpeg]'),
    (lambda: tf.io.decode_image(b'abc'), CPU % 'DecodeImage' + UNKNOWN + ' [Op:DecodeImage]'),
    (lambda: tf.io.decode_image(tf.constant(b'abc'), name='x'), CPU % 'DecodeImage' + UNKNOWN +
     ' [Op:DecodeImage] name: '),
    (lambda: tf.io.decode_image(b''), CPU % 'DecodeImage' + 'Input is empty. [Op:DecodeImage]'),
    (lambda: tf.io.decode_png(TF_PNG[:20]), CPU % 'DecodePng' + 'Invalid PNG. Failed to initialize decoder. '
                                            '[Op:DecodePng]'),
    (lambda: tf.io.decode_png(TF_PNG[:40]), CPU % 'DecodePng' + 'Invalid PNG. Failed to initialize decoder. '
                                            '[Op:DecodePng]'),
    (lambda: tf.io.decode_png(TF_PNG[:41]), CPU % 'DecodePng' + 'Invalid PNG data, size 41 [Op:DecodePng]'),
    (lambda: tf.io.decode_png(TF_PNG[:-12]), CPU % 'DecodePng' + 'Invalid PNG data, size 65 [Op:DecodePng]'),
    (lambda: tf.io.decode_png(TF_PNG, channels=2), CPU % 'DecodePng' + '`channels` must be 0, 1, 3 or 4 but got 2 '
                                                   '[Op:DecodePng]'),
])
def test_decoder_texts(call, text):
    assert _text(call) == text


def test_read_file_texts(tmp_path):
    missing = CPU % 'ReadFile' + '/nonexistent/x; No such file or directory [Op:ReadFile]'
    assert _text(lambda: tf.io.read_file('/nonexistent/x'), NotFoundError) == missing
    assert _text(lambda: tf.io.read_file(b'/nonexistent/x'), NotFoundError) == missing
    assert _text(lambda: tf.io.read_file('/nonexistent/x', name='y'), NotFoundError) == missing
    assert _text(lambda: tf.io.read_file(tf.constant('/nonexistent/x')), NotFoundError) == missing + ' name: '
    assert _text(lambda: tf.io.read_file(tf.constant('/nonexistent/x'), name='y'), NotFoundError) == missing + ' name: y'
    assert _text(lambda: tf.io.read_file(str(tmp_path)), FailedPreconditionError) == (
        CPU % 'ReadFile' + '%s; Is a directory [Op:ReadFile]' % tmp_path)


def test_decode_image_to_float_divides_as_the_kernel():
    assert tf.io.decode_image(TF_PNG, dtype=tf.float32).numpy()[0, 1].tolist() == [
        0.05882352963089943, 0.0784313753247261, 0.09803921729326248]
    assert tf.io.decode_image(TF_PNG, dtype=tf.float64).numpy()[0, 1].tolist() == [
        0.058823529411764705, 0.0784313725490196, 0.09803921568627451]
    assert tf.io.decode_image(TF_PNG, dtype=tf.float16).numpy()[0, 1].astype('float64').tolist() == [
        0.058837890625, 0.07843017578125, 0.0980224609375]


_ATTR = ("Value for attr 'T' of %s is not in the list of allowed values: uint8, uint16\n\t; NodeDef: {{node EncodePng}}; "
         "Op<name=EncodePng; signature=image:T -> contents:string; attr=compression:int,default=-1; "
         "attr=T:type,default=DT_UINT8,allowed=[DT_UINT8, DT_UINT16]> [Op:EncodePng] name: ")


def test_encode_png_texts_and_batches():
    assert _text(lambda: tf.io.encode_png(tf.ones((2, 2, 3)))) == _ATTR % 'float'
    assert _text(lambda: tf.io.encode_png(np.ones((2, 2, 3), 'float32'))) == _ATTR % 'float'
    assert _text(lambda: tf.io.encode_png(tf.ones((2, 2, 3), tf.int32))) == _ATTR % 'int32'
    assert _text(lambda: tf.io.encode_png(np.ones((2, 2), 'uint8'))) == (
        CPU % 'EncodePng' + 'images must be at least rank 3[2,2] [Op:EncodePng] name: ')
    assert _text(lambda: tf.io.encode_png(tf.ones((2, 2, 5), tf.uint8))) == (
        CPU % 'EncodePng' + 'image must have 1, 2, 3, or 4 channels, got 5 [Op:EncodePng] name: ')
    batch = tf.io.encode_png(tf.ones((1, 2, 2, 3), tf.uint8))
    assert batch.shape == (1,) and batch.dtype == tf.string
    assert tf.io.decode_png(batch[0]).numpy().tolist() == np.ones((2, 2, 3), 'uint8').tolist()
