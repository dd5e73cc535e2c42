"""The ``.keras`` archive of Keras 3: a zip of three members.

    metadata.json      {"keras_version": ..., "date_saved": ...}
    config.json        the model's config, build config and compile config
    model.weights.h5   the weights (and optimizer state) in Keras 3's layout
    assets/...         files layers write with save_assets (an adapted vocabulary), if any

The zip is read with ``zipfile`` and the weights with h5py from memory;
nothing in the archive is executed. The same readers read the unzipped form (a directory of
the members, ``zipped=False``: keras_directory.py).
"""
import contextlib
import datetime
import io
import json
import os
import zipfile

import h5py

from framework.atomic_files import atomic_write
from .keras_directory import UnzippedArchive, is_unzipped_archive
from .h5_io import (MissingMemberError, missing_file_error, NotAZipError, SavedFileError, SavedFileNotFoundError,
                    open_bytes_for_reading)

CONFIG = 'config.json'
METADATA = 'metadata.json'
WEIGHTS = 'model.weights.h5'


def _open_zip(path):
    if not os.path.exists(path):        # (load_model checks first, in its words) zipfile's open, as Keras 3's
        raise missing_file_error(os.fspath(path), lambda p, code: str(OSError(code, os.strerror(code), p)))
    if is_unzipped_archive(path):
        return UnzippedArchive(path)
    try:
        return zipfile.ZipFile(path, 'r')
    except (zipfile.BadZipFile, OSError) as err:
        error = NotAZipError(str(err))        # zipfile's words, which Keras 3's load_weights lets through
        error.add_note('%s is not a .keras archive (a zip file): the file may be truncated, or be an HDF5 file '
                       'misnamed .keras (rename it .h5)' % path)
        raise error from None


def _member(archive, name, path):
    try:
        return archive.read(name)
    except KeyError:
        error = MissingMemberError("There is no item named '%s' in the archive" % name)     # zipfile's words
        error.add_note('%s holds %s' % (path, archive.namelist()))
        raise error from None
    except (zipfile.BadZipFile, OSError, EOFError) as err:
        raise SavedFileError('%s: cannot read %s (truncated or damaged archive): %s' % (path, name, err)) from None


@contextlib.contextmanager
def open_archive_weights(path, loading_model=False):
    """The ``model.weights.h5`` member as an open ``h5py.File``; ``loading_model``: for load_model,
    which names a missing member in Keras 3's words (load_weights lets zipfile's KeyError through)."""
    with _open_zip(path) as archive:
        if loading_model and WEIGHTS not in archive.namelist():
            error = SavedFileError('Expected a model.weights.h5 or model.weights.npz file.')     # Keras 3's words
            error.add_note('%s holds %s' % (path, archive.namelist()))
            raise error
        data = _member(archive, WEIGHTS, path)
    f = open_bytes_for_reading(data, '%s (member %s)' % (path, WEIGHTS))
    try:
        yield f
    finally:
        f.close()


def read_config(path):
    """The config dict of an archive. Keras 3's load_model reads no other member for it: an archive
    without metadata.json (or with a damaged one) loads."""
    with _open_zip(path) as archive:
        text = _member(archive, CONFIG, path)
    try:
        return json.loads(text)
    except json.JSONDecodeError as err:     # Keras 3 lets json's error through (a ValueError)
        err.add_note('%s: %s is not valid JSON' % (path, CONFIG))
        raise
    except ValueError as err:
        raise SavedFileError('%s: %s is not valid JSON: %s' % (path, CONFIG, err)) from None


def read_assets(path):
    """{member name: bytes} of the archive's ``assets/`` members."""
    with _open_zip(path) as archive:
        names = [n for n in archive.namelist() if n.startswith('assets/') and not n.endswith('/')]
        return {name: _member(archive, name, path) for name in names}


def write(path, config, keras_version, write_weights, assets=None):
    """Write an archive atomically; ``write_weights(h5file)`` fills the weights member and
    ``assets`` ({member name: bytes}, or a function giving them, called after the weights are written:
    Keras runs a layer's save_own_variables before its save_assets) are added as they are."""
    metadata = {'keras_version': keras_version,
                'date_saved': datetime.datetime.now().strftime('%Y-%m-%d@%H:%M:%S')}
    buffer = io.BytesIO()
    with h5py.File(buffer, 'w') as f:
        write_weights(f)
    if callable(assets):
        assets = assets()
    with atomic_write(path, create_directories=False) as temporary:
        # Stored, not deflated, as Keras writes its archives (its loader checks members' expansion ratio).
        # Members carry Keras's zip headers: the two JSON files written through ZipFile.open (dated
        # 1980-01-01), the weights stamped now, assets as regular files (mode 644) copied from disk.
        with zipfile.ZipFile(temporary, 'w', compression=zipfile.ZIP_STORED) as archive:
            for name, text in ((METADATA, json.dumps(metadata)), (CONFIG, config)):
                with archive.open(name, 'w') as member:
                    member.write(text.encode('utf8'))
            archive.writestr(WEIGHTS, buffer.getvalue())
            for name, data in (assets or {}).items():
                info = zipfile.ZipInfo(name, datetime.datetime.now().timetuple()[:6])
                info.external_attr = 0o100644 << 16
                archive.writestr(info, data)
