"""TensorFlow event files (``events.out.tfevents.*``), the files TensorBoard reads.

A file is a sequence of records, each an ``Event`` protocol buffer framed as
TFRecord frames it: its length (uint64, little-endian), the masked CRC-32C of
the length, the bytes, and their masked CRC-32C. The first event names the
format ('brain.Event:2'); scalars follow as TF 2 writes them: a float32 scalar
tensor under the 'scalars' plugin. The few protobuf fields needed are encoded
here by hand, so no protobuf package is required.
"""
import os
import socket
import struct
import threading
import time

from ..io.tfrecord import frame


# ---- the protobuf wire format, for the fields an event uses -------------------------------
def _varint(value):
    out = bytearray()
    while True:
        bits, value = value & 0x7F, value >> 7
        if value:
            out.append(bits | 0x80)
        else:
            out.append(bits)
            return bytes(out)


def _message(number, payload):
    return _varint(number << 3 | 2) + _varint(len(payload)) + payload


def _event(wall_time, step, body):
    out = _varint(1 << 3 | 1) + struct.pack('<d', wall_time)          # Event.wall_time (double)
    if step:
        out += _varint(2 << 3) + _varint(step & 0xFFFFFFFFFFFFFFFF)    # Event.step (int64)
    return out + body


def version_event(wall_time):
    # Event.file_version, then source_metadata{writer}: the header TF 2.21's C++ EventsWriter writes
    return _event(wall_time, 0, _message(3, b'brain.Event:2')
                  + _message(10, _message(1, b'tensorflow.core.util.events_writer')))


def scalar_event(tag, value, step, wall_time):
    """An Event holding Summary{Value{tag, metadata: 'scalars' plugin, tensor: float32 scalar}}."""
    metadata = _message(1, _message(1, b'scalars')) + _varint(4 << 3) + _varint(1)    # data_class SCALAR
    tensor = _varint(1 << 3) + _varint(1) + _message(2, b'') + _message(5, struct.pack('<f', value))
    summary_value = _message(1, tag.encode('utf-8')) + _message(9, metadata) + _message(8, tensor)
    return _event(wall_time, step, _message(5, _message(1, summary_value)))


class EventFileWriter:
    """Appends events to a new ``events.out.tfevents.<time>.<host>.<pid>.<n>.v2`` file in ``logdir``."""

    _counter = 0
    _lock = threading.Lock()

    def __init__(self, logdir):
        os.makedirs(logdir, exist_ok=True)
        with EventFileWriter._lock:
            EventFileWriter._counter += 1
            number = EventFileWriter._counter
        name = 'events.out.tfevents.%d.%s.%d.%d.v2' % (time.time(), socket.gethostname(), os.getpid(), number)
        self.path = os.path.join(logdir, name)
        self._file = open(self.path, 'wb')
        self._file.write(frame(version_event(time.time())))

    def add_scalar(self, tag, value, step):
        self._file.write(frame(scalar_event(tag, float(value), int(step), time.time())))

    def flush(self):
        self._file.flush()

    def close(self):
        if not self._file.closed:
            self._file.close()
