"""``tf.summary``: write scalars, histograms, text and images to TensorBoard event files.

Each summary is written as TensorBoard's TF 2 plugins read it ('scalars',
'histograms', 'text', 'images'), into the event file of the default writer::

    writer = tf.summary.create_file_writer('logs')
    with writer.as_default(step=0):
        tf.summary.scalar('loss', 0.5)

Without a default writer (or inside a false ``record_if``) a summary writes
nothing and returns False, as in TensorFlow.
"""
import types

import numpy as np

from .. import backend
from . import events
from .histogram import histogram_buckets
from .png import encode_png
from .wav import encode_wav
from .raw_events import write_raw_pb
from .scopes import summary_scope
from .tracing import trace_export, trace_off, trace_on  # noqa: F401
from .writer import (SummaryWriter, create_file_writer, create_noop_writer, default_writer, get_step,
                     record_if, set_step, should_record_summaries, write as _write)

__all__ = ['SummaryWriter', 'audio', 'create_file_writer', 'create_noop_writer', 'flush', 'histogram', 'image',
           'record_if', 'scalar', 'should_record_summaries', 'text', 'trace_export', 'trace_off', 'trace_on',
           'write']

experimental = types.SimpleNamespace(get_step=get_step, set_step=set_step, summary_scope=summary_scope,
                                     write_raw_pb=write_raw_pb)


def _array(data, op):
    if isinstance(data, (str, bytes)):
        return np.array(data, dtype=object)
    raw = getattr(data, '_data', data)
    try:
        return np.asarray(backend.to_host(raw) if not isinstance(raw, (list, tuple)) else raw)
    except (TypeError, ValueError) as err:
        raise TypeError('tf.summary.%s: data must be a tensor or array, got %r (%s)' % (op, data, err)) from None


def _real(array, op, name):
    if array.dtype.kind not in 'biuf':
        raise TypeError('tf.summary.%s(%r): data must be real numbers, got dtype %s' % (op, name, array.dtype))
    return array


def scalar(name, data, step=None, description=None):
    """Write ``data`` (a real scalar) as a float32 scalar. Returns True when written.

    Raises:
        ValueError: data that is not a scalar, or no step given or set.
    """
    array = _real(_array(data, 'scalar'), 'scalar', name)
    if array.ndim != 0:
        raise ValueError('tf.summary.scalar(%r): data must be a scalar, got shape %s' % (name, array.shape))
    meta = events.metadata('scalars', events.DATA_CLASS_SCALAR, description)
    return _write(name, events.tensor_proto(array.astype(np.float32)), meta, step, 'tf.summary.scalar')


def histogram(name, data, step=None, buckets=None, description=None):
    """Write the histogram of ``data`` (any shape, real): ``buckets`` (default 30) rows of
    (left edge, right edge, count), as TensorBoard's ``histogram_v2``."""
    array = _real(_array(data, 'histogram'), 'histogram', name)
    table = histogram_buckets(array, 30 if buckets is None else buckets)
    meta = events.metadata('histograms', events.DATA_CLASS_TENSOR, description)
    return _write(name, events.tensor_proto(table), meta, step, 'tf.summary.histogram')


def text(name, data, step=None, description=None):
    """Write ``data`` (a string or array of strings; Markdown in TensorBoard)."""
    array = _array(data, 'text')
    if array.dtype.kind not in 'SUO':
        raise TypeError('tf.summary.text(%r): data must be strings, got dtype %s' % (name, array.dtype))
    meta = events.metadata('text', events.DATA_CLASS_TENSOR, description)
    return _write(name, events.tensor_proto(array), meta, step, 'tf.summary.text')


def image(name, data, step=None, max_outputs=3, description=None):
    """Write up to ``max_outputs`` images of ``data`` ([k, height, width, 1|3|4]; floats in [0, 1]
    or uint8) as PNGs.

    Raises:
        ValueError: data of another rank or channel count.
    """
    array = _real(_array(data, 'image'), 'image', name)
    if array.ndim != 4 or array.shape[-1] not in (1, 3, 4):
        raise ValueError('tf.summary.image(%r): data must have shape [k, height, width, channels] with 1, 3 or '
                         '4 channels, got shape %s' % (name, array.shape))
    if array.dtype != np.uint8:
        # convert_image_dtype(..., tf.uint8, saturate=True): scale by 255.5 and truncate
        array = np.clip(np.clip(array.astype(np.float64), 0.0, 1.0) * 255.5, 0, 255).astype(np.uint8)
    images = [encode_png(picture) for picture in array[:max(int(max_outputs), 0)]]
    height, width = array.shape[1:3]
    blobs = np.array([str(width).encode(), str(height).encode()] + images, dtype=object)
    meta = events.metadata('images', events.DATA_CLASS_BLOB_SEQUENCE, description)
    return _write(name, events.tensor_proto(blobs), meta, step, 'tf.summary.image')


def audio(name, data, sample_rate, step=None, max_outputs=3, encoding=None, description=None):
    """Write up to ``max_outputs`` clips of ``data`` ([k, frames, channels], floats in [-1, 1]) as WAV.

    Raises:
        ValueError: data of another rank, or an encoding other than 'wav'.
    """
    if encoding not in (None, 'wav'):
        raise ValueError("tf.summary.audio(%r): encoding must be 'wav', got %r" % (name, encoding))
    array = _real(_array(data, 'audio'), 'audio', name)
    if array.ndim != 3:
        raise ValueError('tf.summary.audio(%r): data must have shape [k, frames, channels], got shape %s'
                         % (name, array.shape))
    rate = float(getattr(sample_rate, 'numpy', lambda: sample_rate)())
    clips = [encode_wav(clip, rate) for clip in array[:max(int(max_outputs), 0)]]
    blobs = np.array([[clip, b''] for clip in clips], dtype=object).reshape(len(clips), 2)
    # AudioPluginData{encoding: WAV (11)}: field 2, varint
    meta = events.metadata('audio', events.DATA_CLASS_BLOB_SEQUENCE, description, content=b'\x10\x0b')
    return _write(name, events.tensor_proto(blobs), meta, step, 'tf.summary.audio')


def write(tag, tensor, step=None, metadata=None, name=None):
    """Write ``tensor`` under ``tag`` with no plugin (TensorBoard's generic data), as TF 2.21 does: in
    the dtype ``tf.convert_to_tensor`` gives it (a Python float as float32, an int as int32), with no
    metadata unless given (a SummaryMetadata proto or its bytes); a callable ``tensor`` is called only
    when the summary records. Returns a bool tensor: whether it was written.

    Raises:
        ValueError: no step given or set (only when a writer records).
    """
    from .. import constant, convert_to_tensor       # (framework imports tf.summary lazily, after these)
    if not should_record_summaries():
        return constant(False)
    value = convert_to_tensor(tensor() if callable(tensor) else tensor)
    meta = b'' if metadata is None else getattr(metadata, 'SerializeToString', lambda: metadata)()
    _write(tag, events.tensor_proto(np.asarray(value.numpy())), meta, step, 'tf.summary.write')
    return constant(True)


def flush(writer=None, name=None):
    """Flush ``writer`` (default: the default writer)."""
    writer = writer if writer is not None else default_writer()
    if writer is not None:
        writer.flush()
