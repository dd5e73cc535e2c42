"""The unzipped form of a ``.keras`` archive: ``save_model(model, 'dir', zipped=False)``.

Keras 3 then writes the archive's members as files of a directory (metadata.json, config.json,
model.weights.h5, assets/...), and ``load_model('dir')`` reads a directory holding a config.json
the way it reads the zip. ``UnzippedArchive`` answers the two ``zipfile.ZipFile`` calls the
archive readers make, so both forms are read by the same code (keras_archive.py).
"""
import datetime
import io
import json
import os

import h5py

from framework.atomic_files import atomic_write_together

CONFIG = 'config.json'
METADATA = 'metadata.json'
WEIGHTS = 'model.weights.h5'


def is_unzipped_archive(path):
    """Whether ``path`` is a directory written by ``save_model(..., zipped=False)``."""
    return os.path.isdir(path) and os.path.isfile(os.path.join(path, CONFIG))


class UnzippedArchive:
    """A directory read as a zip archive: ``read(member)`` and ``namelist()``."""

    def __init__(self, path):
        self.path = path

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return False

    def read(self, name):
        try:
            with open(os.path.join(self.path, *name.split('/')), 'rb') as f:
                return f.read()
        except FileNotFoundError:
            raise KeyError(name) from None

    def namelist(self):
        names = []
        for root, _, files in os.walk(self.path):
            relative = os.path.relpath(root, self.path)
            names.extend(name if relative == '.' else '/'.join(relative.split(os.sep) + [name]) for name in files)
        return sorted(names)


def write(path, config, keras_version, write_weights, assets=None, asset_directories=()):
    """Write the members of an archive as files under the directory ``path`` (made if missing).
    Every member is written to a temporary first, so an interrupted save leaves the old members
    whole, and never a new config beside old weights.

    Keras 3.15.1's asset store joins its temporary directory with ``<path>/assets``: for a relative
    ``path`` the asset files go into that temporary directory, which it deletes (no ``assets/``, and an
    adapted vocabulary lost); an absolute ``path`` wins the join, so ``assets/`` and the directory of
    each layer with assets (``asset_directories``) are made there, empty where a layer writes nothing.
    Ours holds the files there are either way (Keras's loader reads them), and the directories
    where Keras makes them."""
    os.makedirs(path, exist_ok=True)
    if os.path.isabs(os.fspath(path)):
        for directory in asset_directories:
            os.makedirs(os.path.join(path, *directory.split('/')), exist_ok=True)
    metadata = {'keras_version': keras_version,
                'date_saved': datetime.datetime.now().strftime('%Y-%m-%d@%H:%M:%S')}
    weights = io.BytesIO()      # first: Keras runs a layer's save_own_variables before its save_assets
    with h5py.File(weights, 'w') as f:
        write_weights(f)
    assets = (assets() if callable(assets) else assets) or {}
    for name in assets:
        os.makedirs(os.path.dirname(os.path.join(path, *name.split('/'))), exist_ok=True)
    # config.json last: it is what makes a directory an archive (is_unzipped_archive)
    names = [WEIGHTS] + list(assets) + [METADATA, CONFIG]
    with atomic_write_together([os.path.join(path, *name.split('/')) for name in names]) as temporaries:
        with open(temporaries[0], 'wb') as f:
            f.write(weights.getvalue())
        texts = list(assets.values()) + [json.dumps(metadata).encode('utf8'), config.encode('utf8')]
        for temporary, data in zip(temporaries[1:], texts):
            with open(temporary, 'wb') as f:
                f.write(data)
