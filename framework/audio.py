"""``tf.audio``: 16-bit PCM WAV files to float32 samples and back, as TensorFlow's wav_io.

Samples are ``int16 / 32768`` when read and ``round(x * 32768)`` clipped to the int16
range when written (so 1.0 is written 32767 and read back 0.9999695). TensorFlow reads
only 16-bit PCM; other widths raise its InvalidArgumentError.
"""
import collections
import struct

import numpy as np

from .errors import kernel_error
from .io.strings_in import as_bytes, string_tensor
from .ops.operands import as_tensor
from .tensor import Tensor

DecodeWav = collections.namedtuple('DecodeWav', ['audio', 'sample_rate'])
_PCM, _EXTENSIBLE = 1, 0xFFFE


def _fail(op_type, text):
    # TensorFlow's kernel text as it is (a program may print it); the note names the function
    return kernel_error(op_type, text, named=op_type == 'EncodeWav', note='tf.audio.%s reads and writes 16-bit PCM WAV files only'
                        % ('decode_wav' if op_type == 'DecodeWav' else 'encode_wav'))


def _integer(value, what, op):
    try:
        return int(value.numpy() if hasattr(value, 'numpy') else value)
    except (TypeError, ValueError) as err:
        raise type(err)('%s: %s must be an integer, got %r' % (op, what, value)) from None


def _read(data, offset, size):
    if offset + size > len(data):
        raise _fail('DecodeWav', 'Data too short when trying to read string')
    return data[offset:offset + size]


def _chunks(data):
    """(id, body) of each chunk after the RIFF/WAVE header."""
    riff = _read(data, 0, 4)
    if riff != b'RIFF':
        raise _fail('DecodeWav', 'Header mismatch: Expected RIFF but found %s' % riff.decode('latin-1'))
    _read(data, 4, 4)
    wave = _read(data, 8, 4)
    if wave != b'WAVE':
        raise _fail('DecodeWav', 'Header mismatch: Expected WAVE but found %s' % wave.decode('latin-1'))
    offset = 12
    while offset < len(data):
        kind = _read(data, offset, 4)
        size = struct.unpack('<I', _read(data, offset + 4, 4))[0]
        yield kind, _read(data, offset + 8, size)
        offset += 8 + size + (size & 1)          # chunks are padded to even sizes


def _parse(data):
    fmt = samples = None
    for kind, body in _chunks(data):
        if kind == b'fmt ' and fmt is None:
            if len(body) < 16:
                raise _fail('DecodeWav', 'Bad format chunk size for WAV: Expected 16 or 18, but got %d' % len(body))
            fmt = struct.unpack('<HHIIHH', body[:16])
        elif kind == b'data' and fmt is not None:
            samples = body
            break
    if fmt is None or samples is None:
        raise _fail('DecodeWav', 'No data chunk found in WAV')
    audio_format, channels, rate, _, _, bits = fmt
    if audio_format not in (_PCM, _EXTENSIBLE):
        raise _fail('DecodeWav', 'Bad audio format for WAV: Expected 1 (PCM), or 0xFFFE (Extensible), but got %d'
                    % audio_format)
    if bits != 16:
        raise _fail('DecodeWav', 'Can only read 16-bit WAV files, but received %d' % bits)
    if channels < 1:
        raise _fail('DecodeWav', 'Bad number of channels for WAV file: %d' % channels)
    frames = len(samples) // (2 * channels)
    values = np.frombuffer(samples[:frames * 2 * channels], '<i2').reshape(frames, channels)
    return values, rate


def decode_wav(contents, desired_channels=-1, desired_samples=-1, name=None):
    """A WAV file's samples as float32 (samples, channels) in [-1, 1) and its rate as an int32 scalar.

    ``desired_channels`` keeps the first channels or repeats the last one; ``desired_samples``
    truncates or pads with zeros (-1: as stored).
    """
    data = as_bytes(contents, 'audio.decode_wav')
    channels = _integer(desired_channels, 'desired_channels', 'audio.decode_wav')
    frames = _integer(desired_samples, 'desired_samples', 'audio.decode_wav')
    values, rate = _parse(data)
    if channels > 0:
        stored = values.shape[1]
        values = values[:, [min(c, stored - 1) for c in range(channels)]]
    if frames >= 0:
        padded = np.zeros((frames, values.shape[1]), values.dtype)
        kept = min(frames, values.shape[0])
        padded[:kept] = values[:kept]
        values = padded
    audio = values.astype(np.float32) / np.float32(32768.0)
    return DecodeWav(Tensor(audio), Tensor(np.int32(rate)))


def encode_wav(audio, sample_rate, name=None):
    """float32 (samples, channels) audio as a 16-bit PCM WAV file (a scalar string tensor)."""
    t = as_tensor(audio, 'audio.encode_wav', dtype=np.float32)
    if t._data.dtype != np.float32:
        raise TypeError('audio.encode_wav: audio must be float32, got %s' % t.dtype.name)
    if t.ndim != 2:
        raise _fail('EncodeWav', 'audio must be 2-dimensional%s' % list(t.shape))
    rate = _integer(sample_rate, 'sample_rate', 'audio.encode_wav')
    frames, channels = t.shape
    scaled = np.asarray(t.numpy(), np.float32) * np.float32(32768.0)
    scaled = np.trunc(scaled.astype(np.float64) + np.copysign(0.5, scaled))     # C's roundf: halves away from 0
    samples = np.clip(scaled, -32768, 32767).astype('<i2').tobytes()
    header = b'RIFF' + struct.pack('<I', 36 + len(samples)) + b'WAVE'
    header += b'fmt ' + struct.pack('<IHHIIHH', 16, _PCM, channels, rate, rate * channels * 2, channels * 2, 16)
    return string_tensor(header + b'data' + struct.pack('<I', len(samples)) + samples)


__all__ = ['decode_wav', 'encode_wav']
