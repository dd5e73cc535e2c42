"""The unzipped form of a ``.keras`` archive: ``save_model(model, 'dir', zipped=False)``.

Keras 3 then writes the archive's members as files of a directory (metadata.json, config.json,
model.weights.h5, assets/...), and ``load_model('dir')`` reads a directory holding a config.json
the way it reads the zip. ``UnzippedArchive`` answers the two ``zipfile.ZipFile`` calls the
archive readers make, so both forms are read by the same code (keras_archive.py).
"""
import datetime
import json
import os

import h5py

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
    """Write the members of an archive as files under the directory ``path`` (made if missing), and
    the (maybe empty) ``asset_directories`` ('assets/layers/string_lookup/') as Keras makes them."""
    os.makedirs(path, exist_ok=True)
    metadata = {'keras_version': keras_version,
                'date_saved': datetime.datetime.now().strftime('%Y-%m-%d@%H:%M:%S')}
    for name, text in ((METADATA, json.dumps(metadata)), (CONFIG, config)):
        with open(os.path.join(path, name), 'w') as f:
            f.write(text)
    with h5py.File(os.path.join(path, WEIGHTS), 'w') as f:
        write_weights(f)
    for name in asset_directories:
        os.makedirs(os.path.join(path, *name.rstrip('/').split('/')), exist_ok=True)
    for name, data in (assets or {}).items():
        target = os.path.join(path, *name.split('/'))
        os.makedirs(os.path.dirname(target), exist_ok=True)
        with open(target, 'wb') as f:
            f.write(data)
