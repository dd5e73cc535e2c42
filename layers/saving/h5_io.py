"""Opening HDF5 files, and the string attributes Keras writes into them.

Every read error names the path: a missing file, a file that is not HDF5
(or was truncated), and an object that the layout promises but the file
lacks all say which file and what to do.
"""
import errno
import io
import json
import os
import pathlib
import zipfile

import h5py
import ml_dtypes
import numpy as np

from framework.errors import shown_as

# HDF5 keeps attributes in the object header, which holds about 64 KB;
# Keras splits longer name lists into 'name0', 'name1', ... attributes.
HEADER_LIMIT = 64512


class SavedFileError(ValueError):
    """A file that cannot be read as a saved model or weights file."""


# Keras 3 lets the reader's own errors through where a file cannot be opened; these
# keep SavedFileError's message and also answer to the class a TensorFlow program catches.
class UnknownClassError(SavedFileError, TypeError):
    """A .keras file's config names a class not registered here (Keras 3 raises TypeError: '<class
    ...> could not be deserialized properly', or 'Could not locate class')."""


class SavedFileNotFoundError(SavedFileError, FileNotFoundError):
    """No such file (Keras: FileNotFoundError from h5py, ValueError 'File not found' for .keras)."""


class UnreadableHDF5Error(SavedFileError, OSError):
    """Not HDF5, or truncated (Keras: h5py's OSError)."""


class SavedFileNotADirectoryError(SavedFileError, NotADirectoryError):
    """A file stands where a directory of the path should be (Keras: open()'s or h5py's
    NotADirectoryError, errno 20)."""


class MissingMemberError(SavedFileError, KeyError):
    """A .keras archive without a member it needs (Keras: zipfile's KeyError "There is no item named
    'config.json' in the archive", which str() shows quoted, as here)."""


class DirectoryGivenError(SavedFileError, IsADirectoryError):
    """A directory where a weights file was expected (Keras: h5py's IsADirectoryError)."""


class NotAZipError(SavedFileError, zipfile.BadZipFile):
    """A .keras file that is not a zip (Keras: zipfile.BadZipFile from load_weights, ValueError from
    load_model)."""


class ArchiveNotFoundError(SavedFileNotFoundError):
    """load_model's missing .keras file (Keras 3: ValueError 'File not found: filepath=...')."""


class ArchiveNotZipError(NotAZipError):
    """load_model's .keras file that is no zip (Keras 3: ValueError 'File not found: filepath=...')."""


# type(e).__name__ and the traceback's last line show the class TensorFlow raises (as optim.gradients'
# NotAVariableError does): a user's `print(type(e).__name__, e)` after a failed load prints TF's line.
for _error, _tf_class in ((SavedFileError, ValueError), (NotAZipError, zipfile.BadZipFile),
                          (ArchiveNotZipError, ValueError), (UnknownClassError, TypeError),
                          (SavedFileNotFoundError, FileNotFoundError), (ArchiveNotFoundError, ValueError),
                          (UnreadableHDF5Error, OSError), (MissingMemberError, KeyError),
                          (DirectoryGivenError, IsADirectoryError), (SavedFileNotADirectoryError, NotADirectoryError)):
    shown_as(_error, _tf_class)


def loading_path(filepath):
    """The path load_model / load_weights read ``filepath`` as: Keras 3 reads a number or bytes by its
    str() (3 is 'filepath=3', b'm.keras' "filepath=b'm.keras'", formats it does not know), and anything
    else that is no path (None, a file object, a list) reaches os.stat's TypeError, as on TF 2.21."""
    if isinstance(filepath, (int, float, bytes)) and not isinstance(filepath, bool):
        return str(filepath)
    if not isinstance(filepath, (str, os.PathLike)):
        error = TypeError('stat: path should be string, bytes, os.PathLike or integer, not %s'
                          % type(filepath).__name__)
        if hasattr(filepath, 'read'):
            error.add_note('load_model / load_weights take a path; a file object is not read (nor in Keras 3)')
        raise error
    return os.fspath(filepath)


def missing_file_message(path, code=errno.ENOENT):
    """Keras 3's words for a file that is not there: load_model's for a .keras path, else h5py's,
    which Keras lets through (``code``: errno.ENOTDIR where a file stands in the path)."""
    if path.endswith('.keras'):
        return 'File not found: filepath=%s. Please ensure the file is an accessible `.keras` zip file.' % path
    if path.endswith('.weights.json'):          # Keras opens a sharded map with Python's open()
        return str(OSError(code, os.strerror(code), path))
    return ("[Errno %d] Unable to synchronously open file (unable to open file: name = '%s', errno = %d, "
            "error message = '%s', flags = 0, o_flags = 0)" % (code, path, code, os.strerror(code)))


def missing_file_error(path, message=missing_file_message):
    """The error for reading ``path``, which does not exist: SavedFileNotFoundError, or, where a file
    stands in place of one of its directories, SavedFileNotADirectoryError with errno 20 in the text,
    as open() and h5py report it. ``message(path, code)`` words it."""
    from framework.atomic_files import missing_directory_errno
    directory = os.path.dirname(os.path.abspath(path))
    if not os.path.isdir(directory) and missing_directory_errno(directory) == errno.ENOTDIR:
        return SavedFileNotADirectoryError(message(path, errno.ENOTDIR))
    return SavedFileNotFoundError(message(path, errno.ENOENT))


def refuse_missing_directory(path):
    """h5py's error (which Keras lets through) for a new HDF5 file in a directory that is not there:
    FileNotFoundError, or NotADirectoryError where a file stands in the way."""
    directory = os.path.dirname(os.path.abspath(path))
    if os.path.isdir(directory):
        return
    from framework.atomic_files import missing_directory_errno
    code = missing_directory_errno(directory)
    # Keras hands h5py a pathlib.Path: './a//b.weights.h5' is named 'a/b.weights.h5'
    raise OSError(code, "Unable to synchronously create file (unable to open file: name = '%s', errno = %d, "
                  "error message = '%s', flags = 13, o_flags = 242)" % (pathlib.PurePath(path), code, os.strerror(code)))


def refuse_directory_target(path):
    """h5py's IsADirectoryError (which Keras lets through) for a new HDF5 file whose path is a directory."""
    if os.path.isdir(path):
        raise IsADirectoryError(errno.EISDIR, "Unable to synchronously create file (unable to open file: name = '%s', "
                                "errno = 21, error message = 'Is a directory', flags = 13, o_flags = 242)"
                                % pathlib.PurePath(path))


def open_for_reading(path):
    """An ``h5py.File`` opened read-only.

    Raises:
        SavedFileNotFoundError (a FileNotFoundError and SavedFileError): no such file.
        UnreadableHDF5Error (an OSError and SavedFileError): the file is not HDF5, or is
            truncated or damaged.
    """
    path = os.fspath(path)
    if not os.path.exists(path):
        raise missing_file_error(path)
    if os.path.isdir(path):
        raise DirectoryGivenError('%s is a directory (a TensorFlow SavedModel?); expected an HDF5 file '
                             '(.weights.h5 or .h5) or a .keras archive' % path)
    try:
        return h5py.File(path, 'r')
    except OSError as err:
        error = UnreadableHDF5Error(str(err))         # h5py's words, which Keras 3 lets through
        error.add_note('%s is not a readable HDF5 file (%s bytes; truncated, damaged, or another format)'
                       % (path, os.path.getsize(path)))
        raise error from None


def open_bytes_for_reading(data, where):
    """An ``h5py.File`` over in-memory bytes (the weights inside a .keras archive)."""
    try:
        return h5py.File(io.BytesIO(data), 'r')
    except OSError as err:
        error = UnreadableHDF5Error(str(err))         # h5py's words, which Keras 3 lets through
        error.add_note('%s does not hold a readable HDF5 file (%d bytes)' % (where, len(data)))
        raise error from None


def decode(value):
    """An attribute as ``str`` (h5py returns bytes for Keras 2's fixed-length strings)."""
    if isinstance(value, bytes):
        return value.decode('utf8')
    if isinstance(value, np.ndarray) and value.ndim == 0:
        return decode(value[()])
    return value


def read_string_list(group, name):
    """The list stored in attribute ``name``, or in its chunks 'name0', 'name1', ...; [] when absent."""
    if name in group.attrs:
        return [decode(v) for v in np.atleast_1d(group.attrs[name])]
    out, chunk = [], 0
    while '%s%d' % (name, chunk) in group.attrs:
        out.extend(decode(v) for v in np.atleast_1d(group.attrs['%s%d' % (name, chunk)]))
        chunk += 1
    return out


def write_string_list(group, name, items):
    """Store ``items`` (strings) as Keras does: one attribute, or chunks when too long for a header."""
    encoded = [item.encode('utf8') for item in items]
    too_long = [item for item in encoded if len(item) > HEADER_LIMIT]
    if too_long:
        raise ValueError('cannot store %s in %s: names longer than %d bytes: %s'
                         % (name, group.name, HEADER_LIMIT, too_long))
    array = np.array(encoded) if encoded else np.array([], dtype='S1')
    chunks = 1
    while any(part.nbytes > HEADER_LIMIT for part in np.array_split(array, chunks)):
        chunks += 1
    if chunks == 1:
        # The list itself, as Keras stores it: h5py writes variable-length strings (an empty list
        # as an empty float64 array); only chunks are fixed-length byte arrays
        group.attrs[name] = encoded
    else:
        for index, part in enumerate(np.array_split(array, chunks)):
            group.attrs['%s%d' % (name, index)] = part


def read_json_attr(group, name, path):
    """The JSON document in attribute ``name``, decoded; None when absent."""
    if name not in group.attrs:
        return None
    text = decode(group.attrs[name])
    try:
        return json.loads(text)
    except json.JSONDecodeError as err:        # Keras 3 lets json's error through
        err.add_note('%s: attribute %r is not valid JSON' % (path, name))
        raise
    except TypeError as err:
        raise SavedFileError('%s: attribute %r is not valid JSON: %s' % (path, name, err)) from None


# HDF5 has no bfloat16: h5py stores ml_dtypes' bfloat16 as 2-byte opaque data, and Keras 3's
# weights store marks such a dataset with the attribute dtype='bfloat16' to read it back
BFLOAT16 = 'bfloat16'


def read_array(dataset):
    """A dataset's value as a numpy array (scalars included); bfloat16 again where ``write_array``
    marked it (Keras 3's reader does the same; unmarked, such data stays 2-byte opaque values)."""
    value = np.array(dataset[()])
    if dataset.attrs.get('dtype') == BFLOAT16:
        return value.view(ml_dtypes.bfloat16)
    return value


def write_array(group, key, array):
    """Create dataset ``key`` in ``group`` holding ``array``, marked as Keras 3 marks bfloat16 data."""
    dataset = group.create_dataset(key, data=array)
    if np.asarray(array).dtype == ml_dtypes.bfloat16:
        dataset.attrs['dtype'] = BFLOAT16
    return dataset


def store_array(value):
    """What Keras 3's weights store files for a value a layer puts into it (``store[key] = value`` in
    save_own_variables, or an edited file's weight): ``np.array(value)``, refused by its numpy dtype's
    name where Keras's standardize_dtype knows no such dtype: 'Invalid dtype: str96' for a string,
    'bytes16', 'object' for None or a dict, 'void16' for raw bytes (ml_dtypes' bfloat16 / float8 pass)."""
    array = value if isinstance(value, np.ndarray) else np.array(value)
    if array.dtype.kind in 'OSUMm' or array.dtype.type is np.void:
        raise ValueError('Invalid dtype: %s' % array.dtype.name)
    return array
