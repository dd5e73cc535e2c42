"""``tf.io.read_file``, ``write_file`` and ``matching_files``: whole files as string tensors."""
import os

import numpy as np

from .. import errors
from ..tensor import Tensor
from .decode_errors import op_error
from .glob_matches import matches
from .strings_in import as_bytes, as_path, byte_array, string_tensor
from ..ops.operands import named_errors


@named_errors('io.read_file')
def read_file(filename, name=None):
    """The bytes of the file ``filename`` as a scalar string tensor."""
    path = as_path(filename, 'io.read_file')
    if os.path.isdir(path):      # ReadFile's kernel words (file system status), tailed as TF tails them
        raise op_error('ReadFile', '%s; Is a directory' % path, filename, name,
                       note='io.read_file: %s is a directory' % path, error_class=errors.FailedPreconditionError)
    if not os.path.isfile(path):
        raise op_error('ReadFile', '%s; No such file or directory' % path, filename, name,
                       note='io.read_file: %s: no such file' % path, error_class=errors.NotFoundError)
    with open(path, 'rb') as f:
        return string_tensor(f.read())


@named_errors('io.write_file')
def write_file(filename, contents, name=None):
    """Write ``contents`` (bytes or a scalar string tensor) to ``filename``, creating missing directories."""
    path = as_path(filename, 'io.write_file')
    data = as_bytes(contents, 'io.write_file')
    if os.path.dirname(path):
        os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, 'wb') as f:
        f.write(data)


@named_errors('io.matching_files')
def matching_files(pattern, name=None):
    """The sorted file names matching ``pattern`` (a string or a 1-D string tensor of patterns)."""
    patterns = byte_array(pattern, 'io.matching_files', 'pattern').reshape(-1)
    found = sorted({p.encode('utf-8') for item in patterns for p in matches(item.decode('utf-8'))})
    out = np.empty(len(found), object)
    out[:] = found
    return Tensor(out)
