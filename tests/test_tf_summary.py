"""tf.summary: the events written decode to what TensorBoard's TF 2 plugins expect.

The test decodes the event file with the checkpoint reader's protobuf field decoder (field
numbers from TensorFlow's event.proto, summary.proto and tensor.proto).
"""
import glob
import struct
import threading
import zlib

import numpy as np
import pytest

import framework as tf
from framework.train.protobuf_wire import fields as _fields  # the checkpoint reader's protobuf field decoder


def _events(logdir):
    (path,) = glob.glob(str(logdir / 'events.out.tfevents.*.v2'))
    raw, events, i = open(path, 'rb').read(), [], 0
    while i < len(raw):
        (length,) = struct.unpack('<Q', raw[i:i + 8])
        events.append(_fields(raw[i + 12:i + 12 + length]))
        i += 16 + length
    return events


def _summaries(logdir):
    """(tag, step, plugin name, data class, tensor fields) per summary event."""
    out = []
    for event in _events(logdir):
        if 5 not in event:
            continue
        value = _fields(_fields(event[5][0])[1][0])
        meta = _fields(value[9][0])
        plugin = _fields(meta[1][0]) if 1 in meta else {}
        out.append((value[1][0].decode(), event.get(2, [0])[0], plugin.get(1, [b''])[0].decode(),
                    meta[4][0], _fields(value[8][0])))
    return out


def _shape(tensor):
    return [_fields(dim)[1][0] for dim in _fields(tensor[2][0]).get(2, [])]


def test_scalar_with_writer_step_and_no_writer(tmp_path):
    assert tf.summary.scalar('loss', 0.5, step=1) is False          # no default writer: nothing written
    writer = tf.summary.create_file_writer(str(tmp_path))
    with writer.as_default(step=3):
        assert tf.summary.scalar('loss', tf.constant(0.25))
        assert tf.summary.scalar('acc', 2, step=7)
    (first, second) = _summaries(tmp_path)
    assert first[:4] == ('loss', 3, 'scalars', 1)
    assert first[4][1] == [1] and _shape(first[4]) == [] and struct.unpack('<f', first[4][4][0]) == (0.25,)
    assert second[:4] == ('acc', 7, 'scalars', 1)
    assert _events(tmp_path)[0][3] == [b'brain.Event:2']                   # Event.file_version


def test_step_must_be_known(tmp_path):
    with tf.summary.create_file_writer(str(tmp_path)).as_default():
        with pytest.raises(ValueError, match='No step set'):
            tf.summary.scalar('x', 1.0)
        tf.summary.experimental.set_step(4)
        try:
            assert tf.summary.experimental.get_step() == 4
            assert tf.summary.scalar('x', 1.0)
        finally:
            tf.summary.experimental.set_step(None)
    assert _summaries(tmp_path)[0][1] == 4


@pytest.mark.parametrize('data, buckets, expected', [
    # edges: linspace(min, max, buckets + 1); the maximum falls in the last bucket
    ([0.0, 1.0, 2.0, 3.0], 3, [[0, 1, 1], [1, 2, 1], [2, 3, 2]]),
    ([5.0, 5.0], 2, [[5, 5, 0], [5, 5, 2]]),        # one value: all in the last bucket
    ([], 2, [[0, 0, 0], [0, 0, 0]]),
])
def test_histogram_buckets(tmp_path, data, buckets, expected):
    with tf.summary.create_file_writer(str(tmp_path)).as_default(step=0):
        assert tf.summary.histogram('h', np.array(data, np.float32), buckets=buckets)
    (_, _, plugin, data_class, tensor), = _summaries(tmp_path)
    assert (plugin, data_class, tensor[1]) == ('histograms', 2, [2])           # DT_DOUBLE
    assert _shape(tensor) == [buckets, 3]
    np.testing.assert_array_equal(np.frombuffer(tensor[4][0], '<f8').reshape(buckets, 3), expected)


def test_text_and_image(tmp_path):
    pixels = np.array([[[[0.0], [1.0]], [[0.5], [2.0]]]], np.float32)           # 1 image, 2x2, gray
    with tf.summary.create_file_writer(str(tmp_path)).as_default(step=2):
        assert tf.summary.text('note', 'hello *world*')
        assert tf.summary.image('img', pixels, max_outputs=3)
    text, image = _summaries(tmp_path)
    assert text[2:4] == ('text', 2) and text[4][1] == [7] and text[4][8] == [b'hello *world*']
    assert image[2:4] == ('images', 3)
    width, height, png = image[4][8]
    assert (width, height) == (b'2', b'2') and png.startswith(b'\x89PNG\r\n\x1a\n')
    # the IDAT rows: filter byte 0 then the pixels; 0.5 * 255.5 truncates to 127, 2.0 saturates at 255
    idat_length = struct.unpack('>I', png[33:37])[0]
    assert zlib.decompress(png[41:41 + idat_length]) == bytes([0, 0, 255, 0, 127, 255])


def test_record_if_and_noop_writer(tmp_path):
    with tf.summary.create_file_writer(str(tmp_path)).as_default(step=0):
        with tf.summary.record_if(False):
            assert not tf.summary.should_record_summaries()
            assert tf.summary.scalar('skipped', 1.0) is False
        with tf.summary.record_if(lambda: True):
            assert tf.summary.scalar('kept', 1.0)
    with tf.summary.create_noop_writer().as_default(step=0):
        assert tf.summary.scalar('nothing', 1.0) is False
    assert [s[0] for s in _summaries(tmp_path)] == ['kept']


def test_default_writer_is_per_thread(tmp_path):
    seen = []
    with tf.summary.create_file_writer(str(tmp_path)).as_default(step=0):
        thread = threading.Thread(target=lambda: seen.append(tf.summary.should_record_summaries()))
        thread.start()
        thread.join()
        assert tf.summary.should_record_summaries()
    assert seen == [False]


def test_bad_input_names_the_summary(tmp_path):
    writer = tf.summary.create_file_writer(str(tmp_path))
    with writer.as_default(step=0):
        with pytest.raises(ValueError, match=r"scalar\('s'\).*shape \(2,\)"):
            tf.summary.scalar('s', [1.0, 2.0])
        with pytest.raises(ValueError, match=r"image\('i'\).*shape \(2, 2\)"):
            tf.summary.image('i', np.zeros((2, 2)))
        with pytest.raises(TypeError, match=r"text\('t'\).*strings"):
            tf.summary.text('t', 3.0)
        with pytest.raises(ValueError, match='buckets must be >= 0'):
            tf.summary.histogram('h', [1.0], buckets=-1)
    writer.close()
    with pytest.raises(RuntimeError, match='closed'):
        writer.write_event(b'')
    with pytest.raises(ValueError, match='logdir'):
        tf.summary.create_file_writer('')


def test_audio_writes_wav_clips(tmp_path):
    clips = np.array([[[0.0], [1.0], [-1.0], [0.25]]] * 4, np.float32)           # 4 clips, 4 frames, mono
    with tf.summary.create_file_writer(str(tmp_path)).as_default(step=1):
        assert tf.summary.audio('sound', clips, 16000, max_outputs=2)
        with pytest.raises(ValueError, match=r"audio\('bad'\).*shape"):
            tf.summary.audio('bad', np.zeros((4, 2)), 16000)
    (_, _, plugin, data_class, tensor), = _summaries(tmp_path)
    assert (plugin, data_class, _shape(tensor)) == ('audio', 3, [2, 2])          # [clip, label] per clip
    wav, label = tensor[8][:2]
    assert wav[:4] == b'RIFF' and wav[8:12] == b'WAVE' and label == b''
    # int16 samples round(x * 32768) clipped, as tf.audio.encode_wav (byte-identical in TF 2.21)
    assert np.frombuffer(wav[44:], '<i2').tolist() == [0, 32767, -32768, 8192]
