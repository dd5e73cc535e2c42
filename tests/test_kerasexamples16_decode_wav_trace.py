"""tf.audio.decode_wav in a tf.function or a Dataset.map: TensorFlow's graph does not know a WAV file's
length or channels until it reads the file, so the audio is (None, None) unless desired_samples /
desired_channels fix them, and the sample rate a scalar; the op is 'DecodeWav' ('DecodeWav:1' the rate).
keras.io's CTC speech recognition example maps decode_wav, squeeze and tf.signal.stft over files of
different lengths: TF 2.21's element spec is (None, None, 33) after padded_batch, where tapeflow gave the
first file's frame count. Golden texts printed by TF 2.21 (notes/progs/kerasexamples16/p18_wav_trace.py,
p17b_spec.py, p17_ctc_asr.py).
"""
import contextlib
import io

import numpy as np
import pytest

import framework as tf


@pytest.fixture
def wav_files(tmp_path):
    rs = np.random.RandomState(0)
    paths = []
    for i, frames in enumerate([300, 420]):
        path = str(tmp_path / ('clip%d.wav' % i))
        tf.io.write_file(path, tf.audio.encode_wav((rs.randn(frames, 2) * 0.1).astype('float32'), 8000))
        paths.append(path)
    return paths


def test_decode_wav_printed_in_a_function(wav_files):
    @tf.function
    def f(c):
        print(tf.audio.decode_wav(c))
        print(tf.audio.decode_wav(c, desired_channels=1))
        print(tf.audio.decode_wav(c, desired_samples=100))
        print(tf.audio.decode_wav(c, 3, 50, name='mywav'))
        audio, _ = tf.audio.decode_wav(c, desired_channels=1)
        s = tf.squeeze(audio, axis=-1)
        print(s)
        print(tf.signal.stft(s, frame_length=64, frame_step=32, fft_length=64))
        return audio

    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        audio = f(tf.io.read_file(wav_files[0]))
    assert out.getvalue().splitlines() == [
        "DecodeWav(audio=<tf.Tensor 'DecodeWav:0' shape=(None, None) dtype=float32>, "
        "sample_rate=<tf.Tensor 'DecodeWav:1' shape=() dtype=int32>)",
        "DecodeWav(audio=<tf.Tensor 'DecodeWav_1:0' shape=(None, 1) dtype=float32>, "
        "sample_rate=<tf.Tensor 'DecodeWav_1:1' shape=() dtype=int32>)",
        "DecodeWav(audio=<tf.Tensor 'DecodeWav_2:0' shape=(100, None) dtype=float32>, "
        "sample_rate=<tf.Tensor 'DecodeWav_2:1' shape=() dtype=int32>)",
        "DecodeWav(audio=<tf.Tensor 'mywav:0' shape=(50, 3) dtype=float32>, "
        "sample_rate=<tf.Tensor 'mywav:1' shape=() dtype=int32>)",
        'Tensor("Squeeze:0", shape=(None,), dtype=float32)',
        'Tensor("stft/rfft:0", shape=(None, 33), dtype=complex64)',
    ]
    assert audio.shape == (300, 1)


def test_decode_wav_dataset_specs(wav_files):
    files = tf.data.Dataset.from_tensor_slices(wav_files)
    decoded = files.map(lambda f: tf.audio.decode_wav(tf.io.read_file(f)))
    assert repr(decoded.element_spec) == (
        'DecodeWav(audio=TensorSpec(shape=(None, None), dtype=tf.float32, name=None), '
        'sample_rate=TensorSpec(shape=(), dtype=tf.int32, name=None))')
    fixed = files.map(lambda f: tf.audio.decode_wav(tf.io.read_file(f), desired_channels=1, desired_samples=500))
    assert repr(fixed.element_spec.audio) == 'TensorSpec(shape=(500, 1), dtype=tf.float32, name=None)'
    assert [x[0].shape for x in decoded] == [(300, 2), (420, 2)]


def test_ctc_example_spectrogram_batches_keep_open_frames(wav_files):
    def spectrogram(f):         # keras.io's CTC ASR encode_single_sample, less its labels
        audio, _ = tf.audio.decode_wav(tf.io.read_file(f))
        audio = tf.squeeze(audio[:, :1], axis=-1)
        spec = tf.math.pow(tf.abs(tf.signal.stft(audio, frame_length=64, frame_step=32, fft_length=64)), 0.5)
        means = tf.math.reduce_mean(spec, 1, keepdims=True)
        stddevs = tf.math.reduce_std(spec, 1, keepdims=True)
        return (spec - means) / (stddevs + 1e-10)

    ds = tf.data.Dataset.from_tensor_slices(wav_files).map(spectrogram).padded_batch(2)
    assert repr(ds.element_spec) == 'TensorSpec(shape=(None, None, 33), dtype=tf.float32, name=None)'
    assert next(iter(ds)).shape == (2, 12, 33)
