"""Keras 3's sharded weights: ``save_weights(path, max_shard_size=GB)`` and loading the ``.weights.json``.

Keras 3.15 (``saving_lib.ShardedH5IOStore``) writes ``<base>.weights.json``::

    {"metadata": {"total_size": <bytes, a float>},
     "weight_map": {"/layers/dense/vars": ["<base>_00000.weights.h5"], ...}}

and the shards ``<base>_00000.weights.h5``, ``<base>_00001.weights.h5``, ... in the ``.weights.h5``
layout. It walks the saveables in order (see ``keras_tree``): each one's ``vars`` group, with its
``name`` attribute, is made in the shard being filled; a value that would take that shard past the
limit opens the next one, where the group goes on without the attribute. A value is counted as
``elements * bits / 8`` bytes (a bool as one bit) and one larger than the limit is refused. The
map lists a group's shards, or names its one shard as a string when the group holds one value.
"""
import io
import json
import math
import os
import warnings

import h5py
import numpy as np

from framework.atomic_files import atomic_write_together
from . import keras3_weights
from .h5_io import SavedFileError, missing_file_error, refuse_missing_directory, write_array

_GB = 1024 ** 3


def sharded_paths(filepath):
    """(the .json path written, the shards' base name) for ``save_weights(filepath, max_shard_size=...)``."""
    stem = os.path.splitext(os.path.basename(filepath))[0]
    json_path = filepath if filepath.endswith('.json') else os.path.splitext(filepath)[0] + '.json'
    return json_path, stem.replace('.weights', '')


def _bits(dtype):
    dtype = np.dtype(dtype)
    if dtype == np.bool_:
        return 1
    if dtype.name == 'bfloat16':        # ml_dtypes' bfloat16 is numpy kind 'V'; Keras sizes it as 16 bits
        return 16
    if dtype.kind not in 'fiu':
        raise ValueError('Invalid dtype: %s' % dtype)
    return dtype.itemsize * 8


def _readable(size):
    """Keras's readable_memory_size: '1.50 KB'."""
    for unit in ['B', 'KB', 'MB', 'GB', 'TB', 'PB']:
        if size / 1024 < 1:
            return '%.2f %s' % (size, unit)
        size /= 1024
    return '%.2f PB' % size


class _Shards:
    """The h5py root ``keras3_weights.write`` fills, spread over in-memory shard files."""

    def __init__(self, base, max_shard_size):
        self.base, self.limit = base, float(max_shard_size) * _GB
        self.buffers, self.files = [], []
        self.weight_map, self.total, self.filled = {}, 0, 0
        self._new_shard()

    def _new_shard(self):
        self.buffers.append(io.BytesIO())
        self.files.append(h5py.File(self.buffers[-1], 'w'))
        self.filled = 0

    @property
    def name(self):
        return '%s_%05d.weights.h5' % (self.base, len(self.files) - 1)

    def create_group(self, path):
        return _ShardedGroup(self, path, self.files[-1].create_group(path), len(self.files) - 1)

    def close(self):
        for f in self.files:
            f.close()
        return {'metadata': {'total_size': self.total}, 'weight_map': self.weight_map}


class _ShardedGroup:
    """A saveable's ``vars`` group: its values go to the shard being filled."""

    def __init__(self, shards, path, group, shard):
        self.shards, self.path, self.group, self.shard = shards, path, group, shard
        self.attrs = group.attrs

    def create_dataset(self, key, data):
        shards = self.shards
        value = np.asarray(data)
        size = math.prod(value.shape) * _bits(value.dtype) / 8
        shards.total += size
        if size > shards.limit:
            raise ValueError('The size of %s is %s which exceeds the maximum shard size %s. You can increase the '
                             '`max_shard_size` parameter to accommodate the size.'
                             % (key, _readable(size), _readable(shards.limit)))
        shards.filled += size
        if shards.filled > shards.limit:
            shards._new_shard()
            shards.filled = size
        if self.shard != len(shards.files) - 1:      # goes on in the next shard, without the name attribute
            self.group, self.shard = shards.files[-1].require_group(self.path), len(shards.files) - 1
        dataset = write_array(self.group, key, value)
        listed = shards.weight_map.get(self.group.name)
        if listed is None:
            shards.weight_map[self.group.name] = shards.name
        else:
            listed = listed if isinstance(listed, list) else [listed]
            if shards.name not in listed:
                listed.append(shards.name)
            shards.weight_map[self.group.name] = listed
        return dataset


_RENAMED_TO_JSON = ('Saving sharded weights requires `*.json` as the extension. The original path: %s will be '
                    'renamed to %s.')


def save_sharded(model, filepath, max_shard_size):
    """Write the ``.weights.json`` and its shards, all or none (see the module's docstring)."""
    json_path, base = sharded_paths(filepath)
    if json_path != filepath:
        # from the library's own line, as Keras warns from saving_lib.py: stderr shows '  warnings.warn('
        warnings.warn(
            _RENAMED_TO_JSON % (filepath, json_path))
    shards = _Shards(base, max_shard_size)
    try:
        keras3_weights.write(shards, model)
    finally:
        config = shards.close()
    directory = os.path.dirname(json_path)
    names = ['%s_%05d.weights.h5' % (base, i) for i in range(len(shards.buffers))]
    refuse_missing_directory(os.path.join(directory, names[0]))     # h5py's error for the first shard, as in Keras
    with atomic_write_together([os.path.join(directory, n) for n in names] + [json_path]) as temporaries:
        for temporary, buffer in zip(temporaries, shards.buffers):
            with open(temporary, 'wb') as f:
                f.write(buffer.getvalue())
        with open(temporaries[-1], 'w') as f:
            f.write(json.dumps(config, indent=4))


def open_sharded(json_path):
    """The shards a ``.weights.json`` lists, merged into one in-memory ``h5py.File`` (read with
    ``keras3_weights`` as a ``.weights.h5`` file is)."""
    if not os.path.exists(json_path):
        raise missing_file_error(json_path)
    try:
        with open(json_path) as f:
            weight_map = json.load(f)['weight_map']
    except (ValueError, KeyError, TypeError) as err:
        raise SavedFileError('%s is not a sharded-weights map (JSON with a "weight_map"): %s'
                             % (json_path, err)) from None
    names = []
    for listed in weight_map.values():
        for name in listed if isinstance(listed, list) else [listed]:
            if name not in names:
                names.append(name)
    directory = os.path.dirname(json_path)
    merged = h5py.File(io.BytesIO(), 'w')
    for name in names:
        path = os.path.join(directory, name)
        if not os.path.exists(path):
            merged.close()
            raise missing_file_error(path)
        with h5py.File(path, 'r') as shard:
            shard.visititems(lambda key, obj: _merge(merged, key, obj))
    return merged


def _merge(merged, key, obj):
    if isinstance(obj, h5py.Group):
        group = merged.require_group(key)
        for attr, value in obj.attrs.items():
            group.attrs[attr] = value
    else:
        dataset = merged.create_dataset(key, data=obj[()])
        for attr, value in obj.attrs.items():      # (a bfloat16 mark)
            dataset.attrs[attr] = value
