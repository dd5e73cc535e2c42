"""Layer assets in a ``.keras`` archive: files a layer writes beside its weights, as Keras 3.

A layer whose state is not variables (an adapted vocabulary) defines
``save_assets(dir_path)``, writing files into an empty directory, and
``load_assets(dir_path)``, reading them back. Keras 3 stores those files in
the archive under ``assets/<path>/``, where ``<path>`` is the layer's place in
the same tree as its weights (see ``keras_tree``): an adapted
TextVectorization of a functional model writes
``assets/layers/text_vectorization/vocabulary.txt``.
"""
import os
import tempfile

from .h5_io import SavedFileError
from .keras_tree import saveables

PREFIX = 'assets/'


def _with_assets(model, method):
    return [node for node in saveables(model, include_optimizer=False) if callable(getattr(node.obj, method, None))]


def _member_prefix(path):
    return PREFIX + path + '/' if path else PREFIX


def collect(model):
    """{archive member name: bytes} of every file the model's layers write with ``save_assets``,
    in name order: Keras zips its asset directory as the file system lists it, which puts a
    TextVectorization's ``_lookup_layer/vocabulary.txt`` before its own ``vocabulary.txt``."""
    members = {name: data for _, files in _written(model) for name, data in files.items()}
    return dict(sorted(members.items()))


def directories(model):
    """The directories Keras 3's asset store makes as it saves: ``assets`` and ``assets/<path>`` of each
    layer with ``save_assets`` (an unzipped save to an absolute path keeps them, empty or not)."""
    return [PREFIX.rstrip('/')] + [_member_prefix(node.path).rstrip('/') for node in _with_assets(model, 'save_assets')]


def layers_with_assets(model):
    """The names of tapeflow's layers that write asset files (state a format without assets loses). A user's
    layer is not asked: Keras never calls save_assets for a .h5 file, and the user's hook may do more than write."""
    named = []
    for node, files in _written(model, builtin_only=True):
        # A TextVectorization's lookup layer writes the same vocabulary again: name the outer layer only.
        if files and not any(node.path.startswith(path + '/') for path, _ in named):
            named.append((node.path, node.obj.name))
    return [name for _, name in named]


def _layer_directory(root, node):
    """The directory handed to a layer's save_assets / load_assets: ``<root>/assets/<its path>``,
    made empty, as Keras 3's asset store names it (a layer that names its files after
    ``os.path.basename(dir_path)`` sees its own snake-case name, as in TF)."""
    directory = os.path.join(root, *_member_prefix(node.path).rstrip('/').split('/'))
    os.makedirs(directory)
    return directory


def _written(model, builtin_only=False):
    out = []
    for node in _with_assets(model, 'save_assets'):
        if builtin_only and type(node.obj).__module__.split('.')[0] not in ('layers', 'framework'):
            continue
        members = {}
        out.append((node, members))
        with tempfile.TemporaryDirectory() as root:
            directory = _layer_directory(root, node)
            node.obj.save_assets(directory)
            for parent, _, files in os.walk(directory):
                for name in sorted(files):
                    full = os.path.join(parent, name)
                    relative = os.path.relpath(full, directory).replace(os.sep, '/')
                    with open(full, 'rb') as f:
                        members[_member_prefix(node.path) + relative] = f.read()
    return out


def restore(model, members, path):
    """Hand each layer with ``load_assets`` a directory holding its files from ``members``
    ({archive member name: bytes}), those under ``assets/<its path>/`` (nested layers' files
    in their subdirectories).

    Raises:
        SavedFileError: a layer's ``load_assets`` failed (a file missing or unreadable), naming
            the layer and the archive.
    """
    for node in _with_assets(model, 'load_assets'):
        prefix = _member_prefix(node.path)
        with tempfile.TemporaryDirectory() as root:
            directory = _layer_directory(root, node)
            for name, data in members.items():
                if not name.startswith(prefix) or name.endswith('/'):
                    continue
                relative = name[len(prefix):]
                if '..' in relative.split('/'):
                    raise SavedFileError('%s: asset member %r leaves its directory; the archive is damaged or '
                                         'not a Keras file' % (path, name))
                target = os.path.join(directory, *relative.split('/'))
                os.makedirs(os.path.dirname(target), exist_ok=True)
                with open(target, 'wb') as f:
                    f.write(data)
            try:
                node.obj.load_assets(directory)
            except (OSError, ValueError) as err:
                raise SavedFileError("%s: cannot load the assets of layer '%s' (%s) from %s: %s; the archive "
                                     'lacks or damages them: save the model again from its source'
                                     % (path, node.obj.name, node.path or 'the model itself', prefix, err)) from err
