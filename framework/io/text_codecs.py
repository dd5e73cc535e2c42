"""``tf.io.encode_base64`` / ``decode_base64`` (web-safe alphabet, as TensorFlow) and ``decode_compressed``."""
import base64

import numpy as np

from ..ops.operands import named_errors
from .strings_in import byte_array, string_tensor
from .tfrecord import compression_kind, decompressed


def _each(value, op, fn):
    strings = byte_array(value, op)
    out = np.empty(strings.shape, object)
    for index, item in np.ndenumerate(strings):
        out[index] = fn(item)
    return string_tensor(out if out.ndim else out.item())


@named_errors('io.encode_base64')
def encode_base64(input, pad=False, name=None):  # noqa: A002  (TensorFlow's argument name)
    """Each string in web-safe base64 ('-' and '_' for '+' and '/'), '=' padding only with ``pad``."""
    return _each(input, 'io.encode_base64',
                 lambda s: base64.urlsafe_b64encode(s) if pad else base64.urlsafe_b64encode(s).rstrip(b'='))


@named_errors('io.decode_base64')
def decode_base64(input, name=None):  # noqa: A002
    """Each web-safe base64 string decoded (padding optional)."""
    def decode(s):
        try:
            return base64.urlsafe_b64decode(s + b'=' * (-len(s) % 4))
        except ValueError as err:
            raise ValueError('io.decode_base64: %r is not web-safe base64: %s' % (s[:40], err)) from None
    return _each(input, 'io.decode_base64', decode)


@named_errors('io.decode_compressed')
def decode_compressed(bytes, compression_type='', name=None):  # noqa: A002
    """Each string decompressed: ``compression_type`` '' (unchanged), 'ZLIB' or 'GZIP'."""
    kind = compression_kind(compression_type, 'io.decode_compressed')
    return _each(bytes, 'io.decode_compressed', lambda s: decompressed(s, kind))
