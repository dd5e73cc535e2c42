"""``tf.io.parse_single_example`` / ``parse_example`` with ``FixedLenFeature``, ``VarLenFeature`` and
``RaggedFeature``: serialized tf.train.Example records to dense tensors, SparseTensors and
RaggedTensors, with TensorFlow's rules (float32, int64 or string features; a missing fixed feature
needs a default). RaggedFeature gives the values per example (one ragged dimension), or with
partitions nested rows (ragged_partitions.py)."""
import collections

import numpy as np

from .. import dtypes, errors, trace_names
from ..ops.operands import named_errors
from ..tensor import Tensor
from . import ragged_partitions, sparse_feature
from .example_proto import Example
from .sparse_feature import SparseFeature
from .strings_in import byte_array, string_tensor

_KIND_OF = {'float32': 'float_list', 'int64': 'int64_list', 'string': 'bytes_list'}
_DTYPE_OF = {kind: dtype for dtype, kind in _KIND_OF.items()}
_TYPE_NAME = {'float32': 'float', 'int64': 'int64', 'string': 'string'}      # TensorFlow's DataTypeString


class FixedLenFeature(collections.namedtuple('FixedLenFeature', ['shape', 'dtype', 'default_value'])):
    """A feature with exactly prod(shape) values of ``dtype`` (float32, int64 or string) per example."""
    __slots__ = ()

    def __new__(cls, shape, dtype, default_value=None):
        return super().__new__(cls, shape, dtype, default_value)


class VarLenFeature(collections.namedtuple('VarLenFeature', ['dtype'])):
    """A feature with any number of values per example, parsed to a SparseTensor."""
    __slots__ = ()


class RaggedFeature(collections.namedtuple('RaggedFeature', ['dtype', 'value_key', 'partitions', 'row_splits_dtype',
                                                               'validate'])):
    """A feature with any number of values per example, parsed to a RaggedTensor (a batch) or a
    1-D tensor (one example). ``value_key``: the feature to read (default: the spec's own key);
    ``partitions`` (outermost first) cut the values into nested rows (io/ragged_partitions.py).
    """
    __slots__ = ()
    RowSplits, RowLengths = ragged_partitions.RowSplits, ragged_partitions.RowLengths
    RowStarts, RowLimits = ragged_partitions.RowStarts, ragged_partitions.RowLimits
    ValueRowIds, UniformRowLength = ragged_partitions.ValueRowIds, ragged_partitions.UniformRowLength

    def __new__(cls, dtype, value_key=None, partitions=(), row_splits_dtype='int32', validate=False):
        ragged_partitions.check(partitions)
        return super().__new__(cls, dtypes.as_dtype(dtype), value_key, tuple(partitions),
                               dtypes.as_dtype(row_splits_dtype), validate)


def _dtype_name(spec, name, op):
    dtype = dtypes.as_dtype(spec.dtype)
    if dtype.name not in _KIND_OF:
        raise ValueError('%s: feature %r must have dtype float32, int64 or string, got %s' % (op, name, dtype.name))
    return dtype.name


def _values(example, name):
    """The feature's list kind ('float_list', ...) and values, or (None, None) when the example lacks it."""
    feature = example.features.feature.get(name)
    kind = feature.WhichOneof('kind') if feature is not None else None
    return (kind, list(getattr(feature, kind).value)) if kind else (None, None)


def _array(values, dtype):
    if dtype == 'string':
        out = np.empty(len(values), object)
        out[:] = values
        return out
    return np.asarray(values, dtypes.numpy_dtype(dtype)).reshape(len(values))


def _fixed(values, spec, name, dtype, where):
    """One example's values of a FixedLenFeature as an array of its shape; ``where`` says which
    example is read, for TensorFlow's message (None for parse_single_example)."""
    shape = [int(d) for d in spec.shape]
    count = int(np.prod(shape))
    if values is None:
        if spec.default_value is None:
            raise _KernelText('%sFeature: %s (data type: %s) is required but could not be found.'
                              % ('Name: %s, ' % where[0] if where else '', name, _TYPE_NAME[dtype]))
        default = np.asarray(spec.default_value.numpy() if hasattr(spec.default_value, 'numpy')
                             else spec.default_value, object if dtype == 'string' else dtypes.numpy_dtype(dtype))
        return np.broadcast_to(default, shape).copy()
    if len(values) != count:
        if where is None:        # the single-example kernel stops at the first value that does not fit
            raise _KernelText(_at(name, where) + "Can't parse serialized Example: Some %s slice was not parsed."
                              % _KIND_OF[dtype])
        raise _KernelText(_at(name, where) + 'Number of %s values != expected.  Values size: %d but output shape: [%s]'
                          % (_KIND_OF[dtype].split('_')[0], len(values), ','.join(map(str, shape))))
    return _array(values, dtype).reshape(shape)


def _at(key, where):
    """How ParseExampleV2 names the feature it failed on: alone for one example, with the record's
    name and index in a batch."""
    return 'Key: %s.  ' % key if where is None else 'Name: %s, Key: %s, Index: %d.  ' % (where[0], key, where[1])


class _KernelText(Exception):
    """ParseExampleV2's sentence about one record, made into TensorFlow's error by _parse_all."""


def _tensor(array):
    return string_tensor(array) if array.dtype == object else Tensor(array)


def _sparse(entries, dtype, batched):
    """A SparseTensor of (batch index, values) entries: (n, 2) indices if batched, else (n, 1)."""
    from ..sparse import SparseTensor
    indices = [[b, i] if batched else [i] for b, values in entries for i in range(len(values))]
    values = [v for _, vs in entries for v in vs]
    width = max([len(vs) for _, vs in entries] + [0])
    shape = [len(entries), width] if batched else [width]
    sparse = SparseTensor(np.asarray(indices, np.int64).reshape(-1, len(shape)), _tensor(_array(values, dtype)),
                          np.asarray(shape, np.int64))
    if trace_names.current() is not None:
        # TF's graph computes the dense shape from the records: a Dataset.map's spec reads [None] ([None, None]
        # for parse_example), whatever the first record holds (stage_function._traced_shapes reads this)
        sparse.traced_shape = (None,) * len(shape)
    return sparse


def _ragged(entries, dtype, row_splits_dtype):
    """A RaggedTensor with one row of values per example."""
    from ..ragged.ragged_tensor import RaggedTensor
    values = _tensor(_array([v for _, vs in entries for v in vs], dtype))
    lengths = np.asarray([len(vs) for _, vs in entries], row_splits_dtype.as_numpy_dtype)
    return RaggedTensor.from_row_lengths(values, Tensor(lengths))


def _ragged_example(entry, dtype, spec):
    """One example's RaggedFeature: its values (1-D), cut by the spec's partitions."""
    values = _tensor(_array(entry[1], dtype))
    if not spec.partitions:
        return values
    return ragged_partitions.partitioned(values, spec.partitions, entry[2], spec.row_splits_dtype)


def _in_tf_order(features):
    """The spec names as TensorFlow's parse ops return them: VarLenFeatures, then FixedLenFeatures,
    then RaggedFeatures, each group sorted by name."""
    return [name for kind in ((VarLenFeature, SparseFeature), FixedLenFeature, RaggedFeature)
            for name in sorted(k for k, spec in features.items() if isinstance(spec, kind))]


_PARSE_OP = ('Op<name=ParseExampleV2; signature=serialized:string, names:string, sparse_keys:string, '
             'dense_keys:string, ragged_keys:string, dense_defaults: -> sparse_indices:num_sparse*int64, '
             'sparse_values:, sparse_shapes:num_sparse*int64, dense_values:, ragged_values:, ragged_row_splits:; '
             'attr=Tdense:list(type),min=0,allowed=[DT_FLOAT, DT_INT64, DT_STRING]; attr=num_sparse:int,min=0; '
             'attr=sparse_types:list(type),min=0,allowed=[DT_FLOAT, DT_INT64, DT_STRING]; '
             'attr=ragged_value_types:list(type),min=0,allowed=[DT_FLOAT, DT_INT64, DT_STRING]; '
             'attr=ragged_split_types:list(type),min=0,allowed=[DT_INT32, DT_INT64]; '
             'attr=dense_shapes:list(shape),min=0> [Op:ParseExampleV2]')


def _refuse_kernel_dtypes(features, op):
    """A FixedLenFeature / VarLenFeature of a dtype ParseExampleV2 does not take (tf.int32 is the usual slip):
    eagerly the op registry's error for its first such attr (the dense features' Tdense, sorted by name,
    before sparse_types); in a traced function (a Dataset.map's parse function) the graph builder's TypeError
    about the input or attr it fills, 'dense_defaults' or 'sparse_types'. TF 2.21's words (errors25/p_parse*.py)."""
    from ..eager_graph_names import inside_function
    groups = (('Tdense', 'dense_defaults', FixedLenFeature),
              ('sparse_types', 'sparse_types', (VarLenFeature, SparseFeature)))
    for attr, parameter, kind in groups:
        for name in sorted(k for k, spec in features.items() if isinstance(spec, kind)):
            dtype = dtypes.as_dtype(features[name].dtype)
            if dtype.name in _KIND_OF:
                continue
            note = '%s: feature %r must have dtype float32, int64 or string, got %s' % (op, name, dtype.name)
            if inside_function():
                error = TypeError("Value passed to parameter '%s' has DataType %s not in list of allowed values: "
                                  "float32, int64, string" % (parameter, dtype.name))
            else:
                from ..ops.graph_input_errors import kernel_dtype_name
                error = errors.InvalidArgumentError(
                    "Value for attr '%s' of %s is not in the list of allowed values: float, int64, string\n\t; "
                    "NodeDef: {{node ParseExampleV2}}; %s" % (attr, kernel_dtype_name(dtype.name), _PARSE_OP))
            error.add_note(note)
            raise error


def _kernel_name(features):
    """The eager kernel TensorFlow names in its errors: ParseExampleV2 specialized to the spec counts."""
    dense, sparse, ragged = (sum(isinstance(s, kind) for s in features.values())
                             for kind in (FixedLenFeature, (VarLenFeature, SparseFeature), RaggedFeature))
    return ('ParseExampleV2_Tdense_%d_num_sparse_%d_ragged_split_types_%d_ragged_value_types_%d_sparse_types_%d'
            % (dense, sparse, ragged, ragged, sparse))


def _parse_all(records, features, op, names=None):
    """{spec name: (spec, dtype, parsed)} in TensorFlow's order, ``parsed`` holding one entry per record.
    ``names``: each record's name for TensorFlow's batch messages (None: one example, no batch)."""
    if not isinstance(features, dict) or not features:
        raise TypeError('%s: features must be a non-empty dict of FixedLenFeature / VarLenFeature, got %r'
                        % (op, features))
    for name, spec in features.items():
        if not isinstance(spec, (FixedLenFeature, VarLenFeature, RaggedFeature, SparseFeature)):
            raise TypeError('%s: feature %r must be a FixedLenFeature, VarLenFeature or RaggedFeature, got %r'
                            % (op, name, spec))
    for name, spec in features.items():
        if isinstance(spec, SparseFeature):
            sparse_feature.check(name, spec)
    _refuse_kernel_dtypes(features, op)
    specs = {name: (features[name], _dtype_name(features[name], name, op), []) for name in _in_tf_order(features)}
    for index, record in enumerate(records):
        example = Example.FromString(record)
        for name, (spec, dtype, parsed) in specs.items():
            key = spec.value_key if isinstance(spec, (RaggedFeature, SparseFeature)) and spec.value_key else name
            where = None if names is None else (names[index], index)
            try:
                kind, values = _values(example, key)
                if kind is not None and kind != _KIND_OF[dtype]:
                    found, wanted = _TYPE_NAME[_DTYPE_OF[kind]], _TYPE_NAME[dtype]
                    raise _KernelText(_at(key, where) + (
                        "Data types don't match. Data type: %s but expected type: %s" % (found, wanted)
                        if isinstance(spec, FixedLenFeature) else
                        "Data types don't match. Expected type: %s, Actual type: %s" % (wanted, found)))
                if isinstance(spec, FixedLenFeature):
                    parsed.append(_fixed(values, spec, name, dtype, where))
                elif isinstance(spec, SparseFeature):      # and the ints of each index feature
                    lists = [_values(example, k)[1] or [] for k in sparse_feature.index_keys(spec)]
                    parsed.append((index, values or [], lists))
                elif isinstance(spec, RaggedFeature) and spec.partitions:     # and each partition's ints
                    lists = [_values(example, k)[1] or [] for k in ragged_partitions.keys(spec.partitions)]
                    parsed.append((index, values or [], lists))
                else:
                    parsed.append((index, values or []))
            except _KernelText as text:
                raise errors.kernel_error('ParseExampleV2', str(text), node=_kernel_name(features), note=(
                    '%s: record %d, feature %r, read as %r' % (op, index, name, spec))) from None
    return specs


@named_errors('io.parse_single_example')
def parse_single_example(serialized, features, example_names=None, name=None):
    """One serialized Example parsed into {name: Tensor (FixedLenFeature, RaggedFeature) or SparseTensor
    (VarLenFeature)}."""
    op = 'io.parse_single_example'
    record = byte_array(_string_operand(serialized, op), op, 'serialized')
    if record.shape != ():
        raise ValueError('%s: serialized must be one (scalar) string, got shape %s; use parse_example for a batch'
                         % (op, record.shape))
    result = {}
    for key, (spec, dtype, parsed) in _parse_all([record.item()], features, op).items():
        if isinstance(spec, RaggedFeature):
            result[key] = _ragged_example(parsed[0], dtype, spec)
        elif isinstance(spec, SparseFeature):
            result[key] = sparse_feature.sparse(parsed, spec, lambda v: _array(v, dtype), False)
        else:
            result[key] = _sparse(parsed, dtype, False) if isinstance(spec, VarLenFeature) else _tensor(parsed[0])
    return result


def _string_operand(serialized, op):
    """``serialized`` as TF converts it (to a string tensor): a tensor of another dtype is its conversion
    ValueError ('Tensor conversion requested dtype string for Tensor with dtype float32: <tf.Tensor ...>')."""
    if isinstance(serialized, Tensor) and serialized._data.dtype.kind not in 'OSU':
        error = ValueError('Tensor conversion requested dtype string for Tensor with dtype %s: %r'
                           % (serialized.dtype.name, serialized))
        error.add_note('%s: serialized must hold the records (bytes), got a %s tensor' % (op, serialized.dtype.name))
        raise error
    return serialized


@named_errors('io.parse_example')
def parse_example(serialized, features, example_names=None, name=None):
    """A batch (1-D) of serialized Examples: fixed features stacked to (batch,) + shape, var-length
    features as SparseTensors of dense shape (batch, longest), ragged ones as RaggedTensors."""
    op = 'io.parse_example'
    records = byte_array(_string_operand(serialized, op), op, 'serialized')
    if records.ndim != 1:
        raise ValueError('%s: serialized must be a 1-D batch of strings, got shape %s' % (op, records.shape))
    result = {}
    names = ['<unknown>'] * len(records) if example_names is None else [
        n.decode('utf-8', 'replace') if isinstance(n, bytes) else str(n)
        for n in byte_array(example_names, op, 'example_names').reshape(-1)]
    for key, (spec, dtype, parsed) in _parse_all(list(records), features, op, names).items():
        if isinstance(spec, VarLenFeature):
            result[key] = _sparse(parsed, dtype, True)
        elif isinstance(spec, SparseFeature):
            result[key] = sparse_feature.sparse(parsed, spec, lambda v: _array(v, dtype), True)
        elif isinstance(spec, RaggedFeature) and spec.partitions:
            parts = [_ragged_example(entry, dtype, spec) for entry in parsed]
            result[key] = ragged_partitions.batched(parts, spec.row_splits_dtype)
        elif isinstance(spec, RaggedFeature):
            result[key] = _ragged(parsed, dtype, spec.row_splits_dtype)
        else:
            shape = [len(records)] + [int(d) for d in spec.shape]
            stacked = np.stack(parsed) if parsed else _array([], dtype)
            result[key] = _tensor(stacked.reshape(shape))
    return result
