"""``tf.saved_model.Asset``: a file that travels with a SavedModel (a vocabulary, a config)."""
import filecmp
import os
import shutil

from ..tensor import constant


class Asset:
    """A file to copy into the SavedModel's 'assets/' directory. After loading, ``asset_path``
    names the copy.

    Raises:
        TypeError: a path that is not a string.
    """

    def __init__(self, path):
        path = os.fspath(path) if isinstance(path, os.PathLike) else path
        if isinstance(path, bytes):
            path = path.decode('utf-8')
        if not isinstance(path, str):
            raise TypeError('tf.saved_model.Asset: path must be a string, got %r' % (path,))
        self._path = path

    @property
    def asset_path(self):
        """The file's path, as a string tensor."""
        return constant(self._path)

    def __repr__(self):
        return '<Asset %s>' % self._path


def copy_into(asset, assets_dir):
    """Copy ``asset``'s file into ``assets_dir``; return the name it got there.

    Raises:
        FileNotFoundError: the file does not exist.
    """
    if not os.path.isfile(asset._path):
        raise FileNotFoundError('tf.saved_model.save: Asset file %s does not exist' % asset._path)
    base, extension = os.path.splitext(os.path.basename(asset._path))
    name, number = base + extension, 0
    while os.path.exists(os.path.join(assets_dir, name)) and not filecmp.cmp(asset._path,
                                                                             os.path.join(assets_dir, name), False):
        number += 1                                   # another file of the same name: number this one
        name = '%s_%d%s' % (base, number, extension)
    shutil.copyfile(asset._path, os.path.join(assets_dir, name))
    return name
