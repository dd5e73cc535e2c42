"""``Dataset.save``, ``Dataset.load`` and ``Dataset.snapshot``.

``save`` runs the dataset once and writes its elements (saved_elements.py has the format); the
directory appears whole or not at all: it is written under a temporary name and renamed into
place, and an older save at the same path is replaced only then. ``load`` gives a dataset of
the saved elements with the saved element_spec and cardinality. ``snapshot`` passes the first
full pass through while writing it, and later passes read the written files, as tf.data's
snapshot does within a program (the same order again after a shuffle upstream).
"""
import json
import os
import secrets
import shutil

import numpy as np

from .. import nest
from ..errors import InvalidArgumentError, NotFoundError, kernel_error
from .arguments import function_argument
from . import saved_elements as saved
from .spec import DatasetSpec

_COMPRESSIONS = (None, 'GZIP', 'SNAPPY', 'AUTO', 'NONE', '')


def _path(path, what):
    if hasattr(path, 'numpy'):
        path = path.numpy()
    if isinstance(path, bytes):
        path = path.decode()
    if not isinstance(path, (str, os.PathLike)):
        raise TypeError('%s: path must be a string, got %r of type %s' % (what, path, type(path).__name__))
    return os.fspath(path)


def _compression(compression, what):
    if compression not in _COMPRESSIONS:
        raise ValueError("%s: compression must be None, 'GZIP', 'SNAPPY' or 'AUTO', got %r" % (what, compression))
    return compression


def _write(elements, spec, path, compression):
    """Write ``elements`` (host structures) with ``spec`` as a saved dataset at ``path``, atomically."""
    dtype_names = saved.part_dtypes(spec)
    columns = [[] for _ in dtype_names]
    count = 0
    for element in elements:
        for column, part in zip(columns, saved.element_parts(element, spec)):
            column.append(part)
        count += 1
    arrays = {}
    for index, (column, dtype_name) in enumerate(zip(columns, dtype_names)):
        arrays.update(saved.pack_column(index, column, dtype_name))
    header = saved.write_header(spec, count)
    parent = os.path.dirname(os.path.abspath(path))
    os.makedirs(parent, exist_ok=True)
    temporary = os.path.join(parent, '.%s.tmp-%s' % (os.path.basename(path), secrets.token_hex(4)))
    os.makedirs(temporary)
    try:
        write = np.savez_compressed if compression in ('GZIP', 'SNAPPY', 'AUTO') else np.savez
        write(os.path.join(temporary, saved.ELEMENTS_FILE), **arrays)
        with open(os.path.join(temporary, saved.SPEC_FILE), 'w') as f:
            f.write(header)
        _replace_directory(temporary, path)
    except BaseException:
        shutil.rmtree(temporary, ignore_errors=True)
        raise


def _replace_directory(new, path):
    """Move the finished directory ``new`` to ``path``; an older one there goes only afterwards."""
    if not os.path.exists(path):
        os.replace(new, path)
        return
    if not os.path.isdir(path):
        raise FileExistsError('Dataset.save: %s exists and is not a directory' % path)
    old = path + '.old-%s' % secrets.token_hex(4)
    os.replace(path, old)
    os.replace(new, path)
    shutil.rmtree(old, ignore_errors=True)


def save(dataset, path, compression=None, shard_func=None, checkpoint_args=None):
    """``Dataset.save``: run ``dataset`` once and write its elements under the directory ``path``.

    ``shard_func`` is called on each element as in TensorFlow (it must return an int64 scalar)
    but all elements go to one file. Raises TypeError for elements that are not tensors, ragged
    or sparse tensors in tuples and dicts (a dataset of datasets)."""
    what = 'Dataset.save'
    path = _path(path, what)
    _compression(compression, what)
    if checkpoint_args is not None and not isinstance(checkpoint_args, dict):
        raise TypeError('%s: checkpoint_args must be a dict of tf.train.CheckpointManager arguments, got %r'
                        % (what, checkpoint_args))
    if shard_func is not None:
        function_argument(shard_func, 'shard_func', what)
    spec = dataset.element_spec
    saved.encode_spec(spec, what)          # refuse what cannot be saved before running the dataset
    elements = dataset._make_iterator()
    if shard_func is not None:
        elements = _checked_shards(elements, shard_func, what)
    _write(elements, spec, path, compression)


def _checked_shards(elements, shard_func, what):
    """The elements, each passed to ``shard_func`` first: TF's SaveDataset kernel refuses any result but an
    int64 scalar as it runs it (a Python int traces as int32, 2.5 / a bool / a pair / a vector alike)."""
    from ..tensor import Tensor
    from .structure import call_with_element
    for element in elements:
        shard = call_with_element(shard_func, element)
        if not (isinstance(shard, Tensor) and shard.dtype.name == 'int64' and shard.shape == ()
                or isinstance(shard, np.int64)):
            raise kernel_error('SaveDataset', '`shard_func` must return a scalar int64.', named=True,
                               node='SaveDataset_Tshard_func_args_0',
                               note='%s: shard_func must return an int64 scalar (tf.cast(x, tf.int64)), got %r'
                                    % (what, shard))
        yield element


def _read(path, what):
    """(element_spec, cardinality, parts by column) of the saved dataset at ``path``."""
    spec_file = os.path.join(path, saved.SPEC_FILE)
    if not os.path.isfile(spec_file):
        # TensorFlow's class and words; what tapeflow found in a note
        error = NotFoundError('tf.data snapshot element_spec file not found: %s.' % spec_file)
        if os.path.isfile(os.path.join(path, 'dataset_spec.pb')):
            error.add_note('%s: %s holds a dataset saved by TensorFlow (its snapshot format); tapeflow loads the '
                           "datasets tapeflow's Dataset.save wrote" % (what, path))
        else:
            error.add_note('%s: no dataset was saved at %s' % (what, path))
        raise error
    with open(spec_file) as f:
        header = json.load(f)
    if header.get('format') != saved.FORMAT:
        raise ValueError('%s: %s was not written by Dataset.save (format %r)' % (what, spec_file, header.get('format')))
    spec = saved.decode_spec(header['element_spec'])
    count = int(header['cardinality'])
    with np.load(os.path.join(path, saved.ELEMENTS_FILE), allow_pickle=False) as stored:
        columns = [saved.unpack_column(index, stored, dtype_name, count)
                   for index, dtype_name in enumerate(saved.part_dtypes(spec))]
    return spec, count, columns


def load(path, element_spec=None, compression=None, reader_func=None, wait=False):
    """``Dataset.load``: the dataset ``Dataset.save`` wrote at ``path``.

    ``element_spec``, when given, must describe the saved elements. Raises NotFoundError when
    nothing was saved there."""
    from .dataset import Dataset
    what = 'Dataset.load'
    path = _path(path, what)
    _compression(compression, what)
    spec, count, columns = _read(path, what)
    if element_spec is not None and not _describes(element_spec, spec):
        # TensorFlow takes the given spec and fails when the elements are read: so does this
        def mismatch():
            raise InvalidArgumentError('%s: element_spec %r does not describe the saved elements %r; pass the '
                                       'spec they were saved with, or none' % (what, element_spec, spec))
            yield                                                   # (a generator: raises when read)
        return Dataset(mismatch, count, lambda: element_spec)
    dataset = Dataset(lambda: _elements(spec, count, columns), count, lambda: spec)
    dataset._tf_class = '_LoadDataset'
    if reader_func is not None:
        # TensorFlow hands reader_func a dataset of its shard datasets: here, one shard
        shard = dataset
        dataset = reader_func(Dataset(lambda: iter([shard]), 1, lambda: DatasetSpec(spec)))
    return dataset


def _describes(given, saved_spec):
    given, saved_spec = nest.flatten(given), nest.flatten(saved_spec)
    return len(given) == len(saved_spec) and all(
        type(a) is type(b) and a.is_compatible_with(b) for a, b in zip(given, saved_spec))


def snapshot(dataset, path, compression='AUTO', reader_func=None, shard_func=None):
    """``Dataset.snapshot``: the first full pass goes through and is written to ``path``; later
    passes of this dataset read the written elements."""
    what = 'Dataset.snapshot'
    path = _path(path, what)
    _compression(compression, what)
    spec = dataset.element_spec
    saved.encode_spec(spec, what)
    source, written = dataset._make_iterator, []

    def passes():
        if written:
            yield from _elements_at(path, what)
            return
        elements = []
        for element in source():
            elements.append(element)
            yield element
        _write(iter(elements), spec, path, compression)
        written.append(True)
    result = dataset._then(passes)
    # TF 2.21 snapshots the enumerated elements and maps the index away unless a shard_func is given
    result._tf_class = '_MapDataset' if shard_func is None else '_SnapshotDataset'
    return result


def _elements_at(path, what):
    return _elements(*_read(path, what))


def _elements(spec, count, columns):
    counts = saved.parts_per_leaf(spec)
    for i in range(count):
        yield saved.element_from_parts([column[i] for column in columns], spec, counts)
