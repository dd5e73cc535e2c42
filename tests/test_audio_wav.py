"""tf.audio.decode_wav / encode_wav against TensorFlow 2.21 (bytes, samples and kernel errors printed by
TF on the same inputs, /work/notes/progs/audio/wav.py)."""
import io
import wave

import numpy as np
import pytest

import framework as tf

A = np.float32([[0.0, 0.5], [-1.0, 1.0], [0.25, -0.3333], [1.5, -2.0], [0.00001, 0.99999]])
# TF 2.21: tf.audio.encode_wav(A, 16000).numpy()
HEADER = (b'RIFF8\x00\x00\x00WAVEfmt \x10\x00\x00\x00\x01\x00\x02\x00\x80>\x00\x00\x00\xfa\x00\x00\x04\x00\x10\x00'
          b'data\x14\x00\x00\x00')
SAMPLES = [0, 16384, -32768, 32767, 8192, -10922, 32767, -32768, 0, 32767]


def test_encode_writes_tensorflows_bytes():
    data = tf.audio.encode_wav(A, 16000).numpy()
    assert data[:44] == HEADER
    assert np.frombuffer(data[44:], np.int16).tolist() == SAMPLES
    # halves round away from zero (C's roundf), as TF's FloatToInt16Sample
    halves = np.float32([[0.5 / 32768], [-1.5 / 32768], [2.5 / 32768]])
    assert np.frombuffer(tf.audio.encode_wav(halves, 8).numpy()[44:], np.int16).tolist() == [1, -2, 3]


def test_decode_scales_by_32768_and_fits_channels_and_samples():
    data = tf.audio.encode_wav(A, 16000)
    audio, rate = tf.audio.decode_wav(data)
    assert rate.dtype == tf.int32 and int(rate) == 16000
    np.testing.assert_array_equal(audio.numpy(), np.float32(SAMPLES).reshape(5, 2) / 32768)
    assert audio.numpy()[1, 1] == np.float32(0.9999695)
    np.testing.assert_array_equal(tf.audio.decode_wav(data, desired_channels=1).audio.numpy(), audio.numpy()[:, :1])
    three = tf.audio.decode_wav(data, desired_channels=3).audio.numpy()     # TF repeats the last channel
    np.testing.assert_array_equal(three, audio.numpy()[:, [0, 1, 1]])
    padded = tf.audio.decode_wav(data, desired_samples=7).audio.numpy()
    assert padded.shape == (7, 2) and not padded[5:].any()
    assert tf.audio.decode_wav(data, desired_samples=2).audio.shape == (2, 2)
    mono = tf.audio.encode_wav(A[:, :1], 8000)
    np.testing.assert_array_equal(tf.audio.decode_wav(mono, desired_channels=2).audio.numpy()[:, 1],
                                  tf.audio.decode_wav(mono).audio.numpy()[:, 0])


def test_decode_reads_files_written_by_the_wave_module():
    buf = io.BytesIO()
    with wave.open(buf, 'wb') as f:
        f.setnchannels(1)
        f.setsampwidth(2)
        f.setframerate(22050)
        f.writeframes(np.int16([-3, 7, 1000]).tobytes())
    audio, rate = tf.audio.decode_wav(buf.getvalue())
    assert int(rate) == 22050
    np.testing.assert_array_equal(audio.numpy()[:, 0], np.float32([-3, 7, 1000]) / 32768)


def _wav(width):
    buf = io.BytesIO()
    with wave.open(buf, 'wb') as f:
        f.setnchannels(1)
        f.setsampwidth(width)
        f.setframerate(100)
        f.writeframes(bytes(range(6 * width)))
    return buf.getvalue()


@pytest.mark.parametrize('call, text', [
    (lambda: tf.audio.decode_wav(_wav(1)), 'Can only read 16-bit WAV files, but received 8 [Op:DecodeWav]'),
    (lambda: tf.audio.decode_wav(_wav(3)), 'Can only read 16-bit WAV files, but received 24 [Op:DecodeWav]'),
    (lambda: tf.audio.decode_wav(b'garbage'), 'Header mismatch: Expected RIFF but found garb [Op:DecodeWav]'),
    (lambda: tf.audio.decode_wav(HEADER), 'Data too short when trying to read string [Op:DecodeWav]'),
    (lambda: tf.audio.encode_wav(np.zeros(3, np.float32), 100), 'audio must be 2-dimensional[3] [Op:EncodeWav] name: '),
])
def test_kernel_errors_read_as_tensorflows(call, text):
    # TF 2.21's messages, after its '{{function_node __wrapped__<Op>_device_...}} ' prefix
    with pytest.raises(tf.errors.InvalidArgumentError) as err:
        call()
    assert str(err.value).endswith(text)


def test_bad_arguments_name_the_function():
    with pytest.raises(TypeError, match='audio.decode_wav'):
        tf.audio.decode_wav(3.5)
    with pytest.raises(ValueError, match='audio.decode_wav: desired_channels'):
        tf.audio.decode_wav(b'RIFF', desired_channels='two')
    with pytest.raises(ValueError, match='audio.encode_wav: sample_rate'):
        tf.audio.encode_wav(A, 'fast')
    with pytest.raises((TypeError, ValueError), match='audio.encode_wav'):
        tf.audio.encode_wav('abc', 100)
