"""``tf.fingerprint``: TensorFlow's FarmHash Fingerprint64 of each row of a tensor, as 8 bytes.

A row is ``data[i]``: numbers are hashed as the bytes they are stored in (little-endian); a string
row of one string is hashed as that string, a row of several as the concatenated fingerprints
of its strings, as TensorFlow's Fingerprint kernel does.
"""
import numpy as np

from .. import backend
from ..errors import kernel_error
from ..string_hashes import fingerprint64
from ..tensor import Tensor
from .operands import as_tensor, named_errors


def _le_bytes(value):
    return value.to_bytes(8, 'little')


@named_errors('fingerprint')
def fingerprint(data, method='farmhash64', name=None):
    """uint8 [len(data), 8]: the little-endian Fingerprint64 of each row of ``data`` (rank >= 1).

    Raises:
        InvalidArgumentError: a scalar ``data``, or a method other than 'farmhash64'.
    """
    data = as_tensor(data, 'fingerprint')
    method = method.decode() if isinstance(method, bytes) else getattr(method, 'numpy', lambda: method)()
    method = method.decode() if isinstance(method, bytes) else method
    if method != 'farmhash64':
        raise kernel_error('Fingerprint', 'Unsupported fingerprint method: %s' % method,
                           note="fingerprint: method must be 'farmhash64'")
    array = backend.to_host(data._data)
    if array.ndim == 0:
        raise kernel_error('Fingerprint', '`data` should have at least one dimension: []',
                           note='fingerprint: data must have a batch axis (one fingerprint per row)')
    rows = array.reshape(array.shape[0], int(np.prod(array.shape[1:], dtype=np.int64)))
    if array.dtype == object:
        def row_bytes(row):
            if row.size == 1:
                return bytes(row[0])
            return b''.join(_le_bytes(fingerprint64(bytes(s))) for s in row)
    else:
        rows = np.ascontiguousarray(rows.astype(rows.dtype.newbyteorder('<')))
        row_bytes = np.ndarray.tobytes
    out = np.frombuffer(b''.join(_le_bytes(fingerprint64(row_bytes(row))) for row in rows), np.uint8)
    return Tensor(backend.place(out.reshape(len(rows), 8)))
