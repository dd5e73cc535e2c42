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


# numpy dtype name -> TensorFlow's DataType code, for the arrays tf.summary.write keeps in their own dtype
_DATA_TYPES = {'float32': DT_FLOAT, 'float64': DT_DOUBLE, 'int32': 3, 'uint8': 4, 'int16': 5, 'int8': 6,
               'complex64': 8, 'int64': 9, 'bool': 10, 'bfloat16': 14, 'uint16': 17, 'complex128': 18,
               'float16': 19, 'uint32': 22, 'uint64': 23}


def tensor_proto(array):
    """A TensorProto of a numpy array (TF's AsProtoTensorContent: the raw little-endian bytes as
    tensor_content), or of an array of bytes (strings, as string_val). Other dtypes than float32 and
    float64 are kept only by tf.summary.write; a dtype TF has no code for is written as float32."""
    array = np.asarray(array)
    if array.dtype.kind in 'SUO':
        items = [item if isinstance(item, bytes) else str(item).encode('utf-8') for item in array.reshape(-1)]
        return (_varint(1 << 3) + _varint(DT_STRING) + _message(2, _shape(array.shape))
                + b''.join(_message(8, item) for item in items))
    code = _DATA_TYPES.get(array.dtype.name)
    if code is None:
        code, array = DT_FLOAT, array.astype(np.float32)
    return (_varint(1 << 3) + _varint(code) + _message(2, _shape(array.shape))
            + _message(4, np.ascontiguousarray(array, dtype=array.dtype.newbyteorder('<')).tobytes()))


def metadata(plugin_name, data_class, description=None, content=b''):
    out = _message(1, _message(1, plugin_name.encode('utf-8')) + (_message(2, content) if content else b''))
    if description:
        out += _message(3, description.encode('utf-8'))
    return out + _varint(4 << 3) + _varint(data_class)


def summary_event(tag, tensor, meta, step, wall_time):
    """An Event holding Summary{Value{tag, metadata, tensor}}."""
    # (no metadata field for empty metadata: tf.summary.write's default, as TF writes it)
    value = _message(1, tag.encode('utf-8')) + (_message(9, meta) if meta else b'') + _message(8, tensor)
    return _event(wall_time, step, _message(5, _message(1, value)))
