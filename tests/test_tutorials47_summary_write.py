"""tf.summary.write's event bytes, return value and errors, and the event file's header.

Golden records printed by TF 2.21 (/work/notes/progs/tutorials47/t47_sumwrite.py: each record's bytes after
Event.wall_time): the value keeps tf.convert_to_tensor's dtype (Python float -> float32, int -> int32, bool,
np.float64, int64, float16), no metadata field unless metadata is given, a callable is called, and the call
returns tf.Tensor(True) (tf.Tensor(False) with no writer). The file starts with file_version and
source_metadata{writer: 'tensorflow.core.util.events_writer'}.
"""
import glob
import struct

import numpy as np
import pytest

import framework as tf


def _records(directory):
    (path,) = glob.glob(str(directory / 'events.out.tfevents.*'))
    data, i, out = open(path, 'rb').read(), 0, []
    while i < len(data):
        n = struct.unpack('<Q', data[i:i + 8])[0]
        out.append(data[i + 12 + 9:i + 12 + n])         # after Event.wall_time (tag + 8-byte double)
        i += 12 + n + 4
    return out


TF_RECORDS = [
    b'\x1a\rbrain.Event:2R$\n"tensorflow.core.util.events_writer',
    b'*\x11\n\x0f\n\x01aB\n\x08\x01\x12\x00"\x04\x00\x00\x80?',
    b'\x10\x01*\x11\n\x0f\n\x01bB\n\x08\x03\x12\x00"\x04\x03\x00\x00\x00',
    b'\x10\x02*\x15\n\x13\n\x01cB\x0e\x08\x02\x12\x00"\x08\x00\x00\x00\x00\x00\x00\x00@',
    b'\x10\x03*\x10\n\x0e\n\x01dB\t\x08\x07\x12\x00B\x03str',
    b'\x10\x04*\x19\n\x17\n\x01eB\x12\x08\x01\x12\x04\x12\x02\x08\x02"\x08\x00\x00\x80?\x00\x00\x00@',
    b'\x10\x05*\x11\n\x0f\n\x01fB\n\x08\x01\x12\x00"\x04\x00\x00\xa0@',
    b'\x10\x06*\x11\n\x0f\n\x01gB\n\x08\x01\x12\x00"\x04\x00\x00\x80?',
    b'\x10\x07*\x0e\n\x0c\n\x01hB\x07\x08\n\x12\x00"\x01\x01',
    b'\x10\x08*\x15\n\x13\n\x01iB\x0e\x08\t\x12\x00"\x08\x02\x00\x00\x00\x00\x00\x00\x00',
    b'\x10\t*\x0f\n\r\n\x01jB\x08\x08\x13\x12\x00"\x02\x00@',
]


def test_write_keeps_the_converted_dtype_and_no_metadata(tmp_path):
    writer = tf.summary.create_file_writer(str(tmp_path))
    with writer.as_default():
        results = [tf.summary.write('a', 1.0, step=0), tf.summary.write('b', 3, step=1),
                   tf.summary.write('c', np.float64(2), step=2), tf.summary.write('d', 'str', step=3),
                   tf.summary.write('e', [1., 2.], step=4), tf.summary.write('f', lambda: tf.constant(5.0), step=5),
                   tf.summary.write('g', 1.0, step=6, metadata=b''), tf.summary.write('h', True, step=7),
                   tf.summary.write('i', tf.constant(2, tf.int64), step=8),
                   tf.summary.write('j', tf.constant(2, tf.float16), step=9)]
    writer.flush()
    assert _records(tmp_path) == TF_RECORDS
    assert all(isinstance(r, tf.Tensor) and r.dtype == tf.bool and bool(r) for r in results)
    assert repr(results[0]) == '<tf.Tensor: shape=(), dtype=bool, numpy=True>'


def test_write_without_writer_or_step():
    called = []
    result = tf.summary.write('l', lambda: called.append(1) or 1.0, step=0)
    assert repr(result) == '<tf.Tensor: shape=(), dtype=bool, numpy=False>' and not called
    writer = tf.summary.create_noop_writer()
    with writer.as_default():
        assert not bool(tf.summary.write('l', 1.0, step=0))


def test_no_step_is_tensorflows_text(tmp_path):
    writer = tf.summary.create_file_writer(str(tmp_path))
    with writer.as_default():
        with pytest.raises(ValueError) as caught:
            tf.summary.write('k', 1.0)
    assert str(caught.value) == ('No step set. Please specify one either through the `step` argument or through '
                                 'tf.summary.experimental.set_step()')
    assert 'tf.summary.write' in caught.value.__notes__[0]
