"""``tf.io.gfile``: TensorFlow's file-system API on the local file system (os, shutil, glob).

Errors are TensorFlow's: a missing file raises ``errors.NotFoundError``, an
existing target without ``overwrite`` raises ``errors.AlreadyExistsError``.
"""
import os
import shutil

from .. import errors
from .glob_matches import matches
from .strings_in import as_path, local_path, path_text


def _not_found(op, path):
    """TF's file-system error for a missing ``path`` (its words), tapeflow's op as a note."""
    return errors.noted(errors.NotFoundError(None, None, '%s; No such file or directory' % path),
                        'io.gfile.%s: %s: no such file or directory' % (op, path))


def _opened(name, mode, op):
    """``open(name, mode)`` with TF's errors: a missing file (or directory on the way) NotFoundError, a
    directory FailedPreconditionError."""
    try:
        return open(name, mode)
    except FileNotFoundError:
        raise _not_found(op, name) from None
    except IsADirectoryError:
        raise errors.FailedPreconditionError(None, None, '%s; Is a directory' % name) from None


def exists(path):
    """Whether ``path`` names a file or directory."""
    return os.path.exists(as_path(path, 'io.gfile.exists', 'path'))


def isdir(path):
    """Whether ``path`` is a directory."""
    return os.path.isdir(as_path(path, 'io.gfile.isdir', 'path'))


def listdir(path):
    """The names in directory ``path`` (not full paths), unsorted as TensorFlow's."""
    path = as_path(path, 'io.gfile.listdir', 'path')
    if not os.path.isdir(path):
        raise errors.NotFoundError(None, None, 'Could not find directory %s' % path)
    return os.listdir(path)


def glob(pattern):
    """The paths matching ``pattern`` (``*``, ``?``, ``[...]``; a list of patterns is allowed)."""
    # a string is one pattern; any other iterable (a list, a set's iterator) holds several, as in TF
    patterns = [pattern] if isinstance(pattern, (str, bytes)) or hasattr(pattern, 'numpy') else pattern
    out = []
    for p in patterns:
        text = path_text(p, 'io.gfile.glob', 'pattern')
        local = local_path(text)
        scheme = text[:len(text) - len(local)]       # 'file://' matches keep it, as TensorFlow's
        out.extend(scheme + match for match in matches(local))
    return out


def makedirs(path):
    """Create ``path`` and missing parents; an existing directory is fine."""
    os.makedirs(as_path(path, 'io.gfile.makedirs', 'path'), exist_ok=True)


def mkdir(path):
    """Create the directory ``path`` (its parent must exist)."""
    path = as_path(path, 'io.gfile.mkdir', 'path')
    if os.path.isdir(path):
        return                  # TF 2.21: an existing directory is no error
    try:
        os.mkdir(path)
    except FileExistsError:
        raise errors.AlreadyExistsError(None, None, 'io.gfile.mkdir: %s already exists' % path) from None
    except FileNotFoundError:
        raise _not_found('mkdir', path) from None


def remove(path):
    """Delete the file ``path``."""
    path = as_path(path, 'io.gfile.remove', 'path')
    if not os.path.isfile(path):
        raise _not_found('remove', path)
    os.remove(path)


def rmtree(path):
    """Delete the directory ``path`` and everything under it."""
    path = as_path(path, 'io.gfile.rmtree', 'path')
    if not os.path.isdir(path):
        raise errors.NotFoundError(None, None, '%s not found' % path)
    shutil.rmtree(path)


def _target(op, src, dst, overwrite):
    src, dst = as_path(src, 'io.gfile.' + op, 'src'), as_path(dst, 'io.gfile.' + op, 'dst')
    if not os.path.exists(src):
        raise _not_found(op, src)
    if os.path.exists(dst) and not overwrite:
        raise errors.noted(errors.AlreadyExistsError(None, None, 'file already exists'),
                           'io.gfile.%s: %s exists; pass overwrite=True' % (op, dst))
    return src, dst


def rename(src, dst, overwrite=False):
    """Move ``src`` to ``dst``."""
    src, dst = _target('rename', src, dst, overwrite)
    os.replace(src, dst)


def copy(src, dst, overwrite=False):
    """Copy the file ``src`` to ``dst``."""
    src, dst = _target('copy', src, dst, overwrite)
    shutil.copyfile(src, dst)


def walk(top, topdown=True, onerror=None):
    """(directory, subdirectory names, file names) for each directory under ``top``, as os.walk."""
    return os.walk(as_path(top, 'io.gfile.walk', 'top'), topdown=topdown, onerror=onerror)


def join(path, *paths):
    """``path`` and ``paths`` joined with '/' (os.path.join's rule: an absolute part restarts the path);
    a URI keeps its scheme ('file:///tmp' and 'x' give 'file:///tmp/x')."""
    return os.path.join(path_text(path, 'io.gfile.join', 'path'),
                        *[path_text(p, 'io.gfile.join', 'paths') for p in paths])


class FileStatistics:
    """What ``stat`` reports: ``length`` in bytes, ``mtime_nsec`` (nanoseconds since the epoch), ``is_directory``."""
    __slots__ = ('length', 'mtime_nsec', 'is_directory')

    def __init__(self, length=-1, mtime_nsec=0, is_directory=False):
        self.length, self.mtime_nsec, self.is_directory = length, mtime_nsec, is_directory


def stat(path):
    """The FileStatistics of ``path``.

    Raises:
        NotFoundError: nothing at ``path``.
    """
    path = as_path(path, 'io.gfile.stat', 'path')
    try:
        info = os.stat(path)
    except FileNotFoundError:
        raise errors.NotFoundError(None, None, '%s; No such file or directory' % path) from None
    return FileStatistics(info.st_size, info.st_mtime_ns, os.path.isdir(path))


def get_registered_schemes():
    """The URI schemes this file system serves: local paths, plain ('') or as 'file://' URIs."""
    return ['file', '']


class GFile:
    """A file object with TensorFlow's GFile interface: ``read(n=-1)``, ``write``, ``readline``,
    ``readlines``, iteration, ``seek``/``tell``, ``size()``, and use as a context manager.
    Mode 'r' reads str and 'rb' bytes, as Python's open. As TF's, the file opens on first use: a
    missing file is an error of the first read (or write), not of ``GFile(name)``."""

    def __init__(self, name, mode='r'):
        self.name = as_path(name, 'io.gfile.GFile', 'name')
        self.mode = mode
        self._handle = None

    @property
    def _file(self):
        if self._handle is None:
            self._handle = _opened(self.name, self.mode, 'GFile')
        return self._handle

    def read(self, n=-1):
        return self._file.read(n)

    def write(self, data):
        if 'b' in self.mode and isinstance(data, str):
            data = data.encode('utf-8')
        self._file.write(data)

    def readline(self):
        return self._file.readline()

    def readlines(self):
        return self._file.readlines()

    def __iter__(self):
        return iter(self._file)

    def seek(self, offset=None, whence=0, position=None):
        self._file.seek(position if offset is None else offset, whence)

    def tell(self):
        return self._file.tell()

    def size(self):
        try:
            return os.path.getsize(self.name)
        except FileNotFoundError:
            raise _not_found('GFile.size', self.name) from None

    def flush(self):
        if self._handle is not None:
            self._handle.flush()

    def close(self):
        if self._handle is not None:
            self._handle.close()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()


Open = GFile
