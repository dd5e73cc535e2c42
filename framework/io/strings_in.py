"""Reading byte strings and file names out of tapeflow's string tensors (numpy object arrays of bytes)."""
import re

import numpy as np

from ..tensor import Tensor, convert_to_tensor


def as_bytes(value, op, what='contents'):
    """One byte string from a Python str/bytes or a 0-d string tensor."""
    if isinstance(value, Tensor):
        if value._data.dtype.kind not in 'OSU' or value.ndim != 0:
            raise TypeError('%s: %s must be a scalar string tensor, got dtype %s and shape %s'
                            % (op, what, value.dtype.name, tuple(value.shape)))
        value = value._data.item()
    if isinstance(value, np.ndarray) and value.ndim == 0:
        value = value.item()
    if isinstance(value, str):
        return value.encode('utf-8')
    if isinstance(value, (bytes, bytearray)):
        return bytes(value)
    raise TypeError('%s: %s must be bytes, a str or a scalar string tensor, got %s' % (op, what, type(value).__name__))


def as_path(value, op, what='filename'):
    """A local file-system path (str) from a str, bytes, os.PathLike or scalar string tensor.
    A 'file://' URI names its local path, as in TensorFlow; other URI schemes (gs://, s3://, ...)
    raise TensorFlow's UnimplementedError: tapeflow reads and writes the local file system only."""
    return local_path(path_text(value, op, what))


def path_text(value, op, what='filename'):
    """The text of a path or URI (str) from a str, bytes, os.PathLike or scalar string tensor."""
    if hasattr(value, '__fspath__'):
        value = value.__fspath__()
    return as_bytes(value, op, what).decode('utf-8')


_SCHEME = re.compile(r'([a-zA-Z][0-9a-zA-Z.]*)://')      # TensorFlow's ParseURI


def local_path(path):
    """``path`` with a 'file://' scheme removed; a path with another scheme is refused."""
    match = _SCHEME.match(path)
    if match is None:
        return path
    if match.group(1) == 'file':
        return path[match.end():]
    from ..errors import UnimplementedError
    raise UnimplementedError(None, None, "File system scheme '%s' not implemented (file: '%s')"
                             % (match.group(1), path))


def byte_array(value, op, what='input'):
    """An object ndarray of bytes (any shape) from strings, lists of them or a string tensor."""
    if isinstance(value, (bytes, str, list, tuple)):
        # Not through convert_to_tensor: numpy's bytes dtype would drop trailing NUL bytes.
        raw = np.empty((), object) if isinstance(value, (bytes, str)) else None
        if raw is not None:
            raw[()] = value
        else:
            raw = np.array(value, dtype=object)
        if all(isinstance(v, (bytes, str)) for v in raw.reshape(-1)):
            return np.vectorize(lambda v: v.encode('utf-8') if isinstance(v, str) else v, otypes=[object])(raw) \
                if raw.size else raw
    t = value if isinstance(value, Tensor) else convert_to_tensor(value)
    if t._data.dtype.kind not in 'OSU':
        raise TypeError('%s: %s must be a string tensor, got dtype %s' % (op, what, t.dtype.name))
    out = np.empty(t._data.shape, object)
    for index, item in np.ndenumerate(t._data):
        out[index] = item.encode('utf-8') if isinstance(item, str) else bytes(item)
    return out


def string_tensor(data):
    """A string Tensor holding ``data`` (bytes, or an object array of bytes)."""
    array = np.empty((), object) if isinstance(data, bytes) else data
    if isinstance(data, bytes):
        array[()] = data
    return Tensor(array)
