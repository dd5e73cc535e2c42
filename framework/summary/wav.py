"""A 16-bit PCM WAV encoder for audio summaries (TensorFlow's ``encode_wav`` conversion)."""
import struct

import numpy as np


def encode_wav(audio, sample_rate):
    """``audio`` (frames, channels) floats in [-1, 1] as WAV bytes.

    Samples become int16 as TensorFlow converts them: round(x * 32768), clipped to int16.
    Raises:
        ValueError: audio that is not rank 2, or a sample rate that is not positive.
    """
    audio = np.asarray(audio, dtype=np.float64)
    if audio.ndim != 2:
        raise ValueError('encode_wav: audio must have shape (frames, channels), got %s' % (audio.shape,))
    if sample_rate <= 0:
        raise ValueError('encode_wav: sample_rate must be positive, got %r' % (sample_rate,))
    frames, channels = audio.shape
    samples = np.clip(np.round(audio * 32768.0), -32768, 32767).astype('<i2').tobytes()
    header = struct.pack('<4sI4s4sIHHIIHH4sI', b'RIFF', 36 + len(samples), b'WAVE', b'fmt ', 16, 1, channels,
                         int(sample_rate), int(sample_rate) * channels * 2, channels * 2, 16, b'data', len(samples))
    return header + samples
