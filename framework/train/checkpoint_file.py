"""The files of one checkpoint: '<prefix>.index' and '<prefix>.data-00000-of-00001'.

``Checkpoint`` writes TensorFlow's format (``write_bundle``, see
``tensor_bundle``), which TensorFlow reads. Checkpoints tapeflow wrote before
are in an own format, still read here (as are the variables of SavedModels
tapeflow wrote before it wrote TensorFlow's format there too):
- the data file is HDF5: datasets 't0', 't1', ... and the keys, in order, in
  the JSON dataset 'keys'; the object graph (class names and Keras build
  configs by path) in the JSON dataset '_CHECKPOINTABLE_OBJECT_GRAPH';
- the index is JSON: every key's shape and dtype, and a token also written
  into the data file, so a data file from another save is noticed.

Both files are written to temporary names, and only then renamed into place,
the index last: a save that fails part-way leaves earlier checkpoints whole,
even one at the same prefix, and the index (what ``latest_checkpoint`` looks
for) only names complete data.
"""
import json
import os
import secrets

import h5py
import numpy as np

from .. import backend, dtypes
from ..atomic_files import atomic_write_together
from ..keras_repr import default_repr
from . import tensor_bundle, trackable_proto, v1_reader_fallback
from .unordered_map_order import unordered_map_order

DATA_SUFFIX = '.data-00000-of-00001'
INDEX_SUFFIX = '.index'
GRAPH_KEY = '_CHECKPOINTABLE_OBJECT_GRAPH'
FORMAT = 'tapeflow-checkpoint-1'


# TensorFlow's dtype of opaque values (a tf.data iterator's state), which tapeflow keeps as raw bytes;
# not registered among tapeflow's dtypes, since no tensor of it is ever made.
_VARIANT = dtypes.DType._make('variant', np.dtype('object'))
# the DataType enum's names (types.proto) that are not DT_ and the dtype's name in capitals
_ENUM_NAMES = {'float32': 'FLOAT', 'float64': 'DOUBLE', 'float16': 'HALF'}


class CheckpointFormatError(ValueError):
    """A file that is not a readable tapeflow checkpoint."""


def write(prefix, variables, graph):
    """Write ``variables`` ({key: Variable}) and ``graph`` (a JSON-able dict) under ``prefix``."""
    prefix = os.fspath(prefix)
    directory = os.path.dirname(os.path.abspath(prefix))
    os.makedirs(directory, exist_ok=True)
    token = secrets.token_hex(8)
    keys = sorted(variables)
    entries = {}
    with atomic_write_together([prefix + DATA_SUFFIX, prefix + INDEX_SUFFIX]) as (data_file, index_file):
        with h5py.File(data_file, 'w') as f:
            for index, key in enumerate(keys):
                value = np.asarray(backend.to_host(variables[key]._data))
                f.create_dataset('t%d' % index, data=value)
                entries[key] = {'shape': list(value.shape), 'dtype': value.dtype.name}
            f['keys'] = json.dumps(keys)
            f[GRAPH_KEY] = json.dumps(graph)
            f.attrs['token'] = token
        with open(index_file, 'w') as f:
            json.dump({'format': FORMAT, 'token': token, 'tensors': entries}, f)
    return prefix


def write_bundle(prefix, tensors, absl_logs=True):
    """Write ``tensors`` ((key, numpy array) pairs, in data order) as a TensorFlow checkpoint
    (``absl_logs``: see tensor_bundle.encode)."""
    prefix = os.fspath(prefix)
    _refuse_file_in_path(os.path.dirname(prefix))
    index, data = tensor_bundle.encode(tensors, absl_logs)
    # Both files written before either replaces its predecessor, and the index renamed last: a write
    # that fails part-way at an existing prefix leaves that checkpoint whole and readable.
    with atomic_write_together([tensor_bundle.data_path(prefix), prefix + INDEX_SUFFIX]) as (data_file, index_file):
        with open(data_file, 'wb') as f:
            f.write(data)
        with open(index_file, 'wb') as f:
            f.write(index)
    return prefix


def _refuse_file_in_path(directory):
    """TensorFlow's error when a file stands where the checkpoint's directory (or one above) would be."""
    while directory and not os.path.exists(directory):
        parent = os.path.dirname(directory)
        if parent == directory:
            return
        directory = parent
    if directory and not os.path.isdir(directory):
        from ..errors import FailedPreconditionError
        error = FailedPreconditionError(None, None, '%s is not a directory' % directory)
        error.add_note('A checkpoint prefix names a file inside a directory: %s is a file, so nothing can be '
                       'written under it; choose another directory.' % directory)
        raise error


def exists(prefix):
    return os.path.exists(os.fspath(prefix) + INDEX_SUFFIX)


class CheckpointReader:
    """Reads one checkpoint's tensors by key, as ``tf.train.load_checkpoint`` returns.

    Raises:
        NotFoundError: no checkpoint at ``prefix``.
        CheckpointFormatError: the files are not a complete tapeflow checkpoint.
    """

    __repr__ = default_repr     # TF's object repr, its module named as TF names it

    def __init__(self, prefix):
        from ..errors import NotFoundError
        self.prefix = os.fspath(prefix)
        index_path = self.prefix + INDEX_SUFFIX
        if not os.path.exists(index_path) and v1_reader_fallback.existing_v1_file(self.prefix):
            # TF's V1 fallback: a file given in place of a prefix is read as a table (or refused)
            if v1_reader_fallback.check_v1_table(self.prefix):
                self._read_as_empty_v1_checkpoint()
                return
        if not os.path.exists(index_path):
            error = NotFoundError(None, None, 'Unsuccessful TensorSliceReader constructor: Failed to find any '
                                  'matching files for %s' % self.prefix)      # TensorFlow 2.21's words
            error.add_note('There is no %s: pass the prefix that save() returned, e.g. '
                           'tf.train.latest_checkpoint(directory).' % index_path)
            raise error
        self.saved_graph = None          # a TensorFlow checkpoint's object graph: [trackable_proto.SavedNode]
        self.is_tensor_bundle = tensor_bundle.is_tensor_bundle(index_path)
        if self.is_tensor_bundle:           # TensorFlow's format (TensorFlow's or tapeflow's writing)
            shapes, values = tensor_bundle.read(self.prefix)
            self._entries = {k: {'shape': shape, 'dtype': dtype} for k, (shape, dtype) in shapes.items()
                             if k != GRAPH_KEY}
            self._values = {k: v for k, v in values.items() if k != GRAPH_KEY}
            if GRAPH_KEY in values:
                self._graph_bytes = values[GRAPH_KEY].reshape(-1)[0]
                self.saved_graph = trackable_proto.decode(self._graph_bytes)
            self.object_graph = {}
            return
        try:
            with open(index_path) as f:
                index = json.load(f)
            if index.get('format') != FORMAT:
                raise ValueError('format %r' % index.get('format'))
        except (ValueError, OSError) as err:
            raise CheckpointFormatError('%s is neither a tapeflow checkpoint index nor a TensorFlow TensorBundle '
                                        '(%s)' % (index_path, err)) from None
        self._entries = index['tensors']
        self._values = self._read_data(index['token'])

    def _read_data(self, token):
        path = self.prefix + DATA_SUFFIX
        try:
            with h5py.File(path, 'r') as f:
                if f.attrs.get('token') != token:
                    raise CheckpointFormatError('%s does not belong to %s%s (written by another save); the '
                                                'checkpoint is incomplete' % (path, self.prefix, INDEX_SUFFIX))
                keys = json.loads(f['keys'][()])
                values = {key: np.array(f['t%d' % i][()]) for i, key in enumerate(keys)}
                self.object_graph = json.loads(f[GRAPH_KEY][()])
        except OSError as err:
            raise CheckpointFormatError('cannot read checkpoint data %s: %s' % (path, err)) from None
        return values

    _graph_bytes = None      # a TensorFlow-format checkpoint's serialized object graph
    _missing_key_text = 'Key %s not found in checkpoint'     # TF's V2 reader's words

    def _read_as_empty_v1_checkpoint(self):
        """A TF 2 index passed as the prefix: TF's V1 reader finds no tensors in it."""
        self.is_tensor_bundle, self.object_graph, self.saved_graph = True, {}, None
        self._entries, self._values = {}, {}
        self._missing_key_text = '%s not found in checkpoint file'      # TF's V1 reader's words

    def has_tensor(self, name):
        return name in self._values or (name == GRAPH_KEY and self._graph_bytes is not None)

    def get_tensor(self, name):
        """The saved value of ``name``, e.g. 'v/.ATTRIBUTES/VARIABLE_VALUE': a numpy array, or a numpy
        scalar (bytes for a string) for a scalar, as TensorFlow's reader returns it; the object graph
        '_CHECKPOINTABLE_OBJECT_GRAPH' is its serialized bytes."""
        if name == GRAPH_KEY and self._graph_bytes is not None:
            return self._graph_bytes
        if name not in self._values:
            from ..errors import NotFoundError
            error = NotFoundError(None, None, self._missing_key_text % name)    # TensorFlow 2.21's words
            error.add_note('Checkpoint %s holds: %s' % (self.prefix, sorted(self._values)))
            raise error
        value = self._values[name]
        return value[()] if value.ndim == 0 else value.copy()

    def _keys(self):
        """The keys in the order TensorFlow's reader lists them (its C++ unordered_map's order), the
        object graph's among them when the checkpoint has one."""
        keys = list(self._entries)
        if self._graph_bytes is not None or not self.is_tensor_bundle:
            keys.append(GRAPH_KEY)
        return unordered_map_order(keys)

    def get_variable_to_shape_map(self):
        return {key: [] if key == GRAPH_KEY else list(self._entries[key]['shape']) for key in self._keys()}

    def get_variable_to_dtype_map(self):
        return {key: dtypes.string if key == GRAPH_KEY else
                _VARIANT if self._entries[key]['dtype'] == 'variant' else dtypes.as_dtype(self._entries[key]['dtype'])
                for key in self._keys()}

    def debug_string(self):
        """TF 2.21's CheckpointReader.debug_string(): a line per key, in sorted order, b'<key> (<DataType>)
        [<dims>]\n', the DataType as its proto enum names it (DT_FLOAT, DT_DOUBLE, DT_HALF, DT_INT64, ...)."""
        shapes, kinds = self.get_variable_to_shape_map(), self.get_variable_to_dtype_map()
        return ''.join('%s (DT_%s) [%s]\n' % (key, _ENUM_NAMES.get(kinds[key].name, kinds[key].name.upper()),
                                              ','.join(str(d) for d in shapes[key]))
                       for key in sorted(shapes)).encode()

    def values(self):
        """Every saved value, by key (without the object graph)."""
        return dict(self._values)
