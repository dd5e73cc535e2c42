"""The Summary protocol buffers TensorBoard's TF 2 plugins read, encoded by hand (no protobuf package).

A summary value is (tag, metadata naming the plugin, a TensorProto); an event
wraps a Summary with its wall time and step. Framing into the event file is
``event_file``'s, shared with the TensorBoard callback.
"""
import numpy as np

from .event_file import _event, _message, _varint

DT_FLOAT, DT_DOUBLE, DT_STRING = 1, 2, 7
DATA_CLASS_SCALAR, DATA_CLASS_TENSOR, DATA_CLASS_BLOB_SEQUENCE = 1, 2, 3


def _shape(shape):
    return b''.join(_message(2, _varint(1 << 3) + _varint(int(size))) for size in shape)


def tensor_proto(array):
    """A TensorProto for a float32/float64 numpy array, or an array of bytes (strings)."""
    array = np.asarray(array)
    if array.dtype.kind in 'SUO':
        items = [item if isinstance(item, bytes) else str(item).encode('utf-8') for item in array.reshape(-1)]
        return (_varint(1 << 3) + _varint(DT_STRING) + _message(2, _shape(array.shape))
                + b''.join(_message(8, item) for item in items))
    code, kind = (DT_DOUBLE, '<f8') if array.dtype == np.float64 else (DT_FLOAT, '<f4')
    return (_varint(1 << 3) + _varint(code) + _message(2, _shape(array.shape))
            + _message(4, np.ascontiguousarray(array, dtype=kind).tobytes()))


def metadata(plugin_name, data_class, description=None, content=b''):
    out = _message(1, _message(1, plugin_name.encode('utf-8')) + (_message(2, content) if content else b''))
    if description:
        out += _message(3, description.encode('utf-8'))
    return out + _varint(4 << 3) + _varint(data_class)


def summary_event(tag, tensor, meta, step, wall_time):
    """An Event holding Summary{Value{tag, metadata, tensor}}."""
    value = _message(1, tag.encode('utf-8')) + _message(9, meta) + _message(8, tensor)
    return _event(wall_time, step, _message(5, _message(1, value)))
