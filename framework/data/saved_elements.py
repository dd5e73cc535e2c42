"""The file format of ``Dataset.save`` / ``Dataset.load``: a dataset's elements as numpy arrays.

TensorFlow writes its snapshot format (protobuf specs and framed TensorProto records); tapeflow
writes its own, made of numpy files only, so loading never unpickles anything:

    path/dataset_spec.json   the element_spec (nested dicts / tuples / namedtuples of Tensor,
                             Ragged and Sparse specs) and the number of elements
    path/elements.npz        per flat part: every element's values in one array, their shapes
                             (ranks and sizes), and for strings their lengths

A part is a dense component, or one array of a composite one: a RaggedTensor's flat values and
row splits, a SparseTensor's indices, values and dense shape.
"""
import collections
import json

import numpy as np

from .. import dtypes, nest
from ..ragged.ragged_spec import RaggedTensorSpec
from ..ragged.ragged_tensor import RaggedTensor
from ..sparse.sparse_tensor import SparseTensor
from ..tensor_shape import TensorShape
from ..type_spec import SparseTensorSpec
from .ragged_elements import RaggedRow
from .spec import TensorSpec

FORMAT = 'tapeflow.data.save/1'
SPEC_FILE = 'dataset_spec.json'
ELEMENTS_FILE = 'elements.npz'


# ---- element_spec <-> JSON -----------------------------------------------------------------

def _dims(shape):
    if shape is None or TensorShape(shape).rank is None:
        return None
    return [None if d is None else int(d) for d in TensorShape(shape).as_list()]


def encode_spec(spec, what='Dataset.save'):
    """``spec`` (an element_spec) as JSON-ready values."""
    if isinstance(spec, dict):
        return {'dict': [[key, encode_spec(value, what)] for key, value in spec.items()]}
    if isinstance(spec, tuple) and hasattr(spec, '_fields'):
        return {'namedtuple': type(spec).__name__, 'fields': list(spec._fields),
                'items': [encode_spec(value, what) for value in spec]}
    if isinstance(spec, tuple):
        return {'tuple': [encode_spec(value, what) for value in spec]}
    if isinstance(spec, RaggedTensorSpec):
        return {'ragged': _dims(spec.shape), 'dtype': spec.dtype.name, 'ragged_rank': spec.ragged_rank,
                'row_splits_dtype': spec.row_splits_dtype.name}
    if isinstance(spec, SparseTensorSpec):
        return {'sparse': _dims(spec.shape), 'dtype': spec.dtype.name}
    if isinstance(spec, TensorSpec):
        return {'tensor': _dims(spec.shape), 'dtype': spec.dtype.name, 'name': spec.name}
    raise TypeError('%s: elements described by %r cannot be saved; save datasets of tensors, ragged or sparse '
                    'tensors (in tuples and dicts)' % (what, spec))


def decode_spec(value):
    """The element_spec that ``encode_spec`` wrote."""
    if 'dict' in value:
        return {key: decode_spec(item) for key, item in value['dict']}
    if 'namedtuple' in value:
        return collections.namedtuple(value['namedtuple'], value['fields'])(*map(decode_spec, value['items']))
    if 'tuple' in value:
        return tuple(decode_spec(item) for item in value['tuple'])
    if 'ragged' in value:
        return RaggedTensorSpec(value['ragged'], value['dtype'], value['ragged_rank'], value['row_splits_dtype'])
    if 'sparse' in value:
        return SparseTensorSpec(value['sparse'], value['dtype'])
    return TensorSpec(value['tensor'], value['dtype'], value.get('name'))


# ---- elements <-> flat parts -----------------------------------------------------------------

def _host(value):
    value = value.numpy() if hasattr(value, 'numpy') else value
    if isinstance(value, bytes):        # a string element: kept whole (a numpy 'S' array drops trailing NULs)
        array = np.empty((), object)
        array[()] = value
        return array
    return np.asarray(value)


def element_parts(element, spec):
    """The arrays an element is stored as, in the order of ``nest.flatten(spec)``."""
    parts = []
    for value, leaf in zip(nest.flatten(element), nest.flatten(spec)):
        if isinstance(leaf, RaggedTensorSpec) and isinstance(value, RaggedTensor):
            parts.append(_host(value.flat_values))
            parts.extend(_host(splits) for splits in value.nested_row_splits)
        elif isinstance(leaf, SparseTensorSpec):
            parts.extend((_host(value.indices), _host(value.values), _host(value.dense_shape)))
        else:
            parts.append(_host(value))
    return parts


def _leaf_part_dtypes(leaf):
    """The dtype names of the arrays one flat component (described by ``leaf``) is stored as."""
    if isinstance(leaf, RaggedTensorSpec) and leaf.ragged_rank > 0:
        return [leaf.dtype.name] + [leaf.row_splits_dtype.name] * leaf.ragged_rank
    if isinstance(leaf, SparseTensorSpec):
        return ['int64', leaf.dtype.name, 'int64']
    return [leaf.dtype.name]


def parts_per_leaf(spec):
    """How many stored arrays each flat component of ``spec`` takes."""
    return [len(_leaf_part_dtypes(leaf)) for leaf in nest.flatten(spec)]


def element_from_parts(parts, spec, counts):
    """The host element (as the pipeline carries it) that ``element_parts`` split."""
    values, at = [], 0
    for leaf, count in zip(nest.flatten(spec), counts):
        mine, at = parts[at:at + count], at + count
        if isinstance(leaf, RaggedTensorSpec) and leaf.ragged_rank > 0:
            values.append(RaggedTensor.from_nested_row_splits(mine[0], mine[1:], validate=False))
        elif isinstance(leaf, RaggedTensorSpec):          # a dense row of a ragged component
            row = mine[0].view(RaggedRow)
            row.row_splits_dtype = leaf.row_splits_dtype.name
            values.append(row)
        elif isinstance(leaf, SparseTensorSpec):
            values.append(SparseTensor(mine[0], mine[1], mine[2]))
        else:
            values.append(mine[0])
    return nest.pack_sequence_as(spec, values)


# ---- columns of parts <-> arrays in the .npz -------------------------------------------------

def _storage_dtype(dtype):
    """numpy can store bfloat16 only as raw bytes: its 16 bits as uint16."""
    return np.dtype(np.uint16) if dtype.name == 'bfloat16' else dtype


def pack_column(index, arrays, dtype_name):
    """One part of every element as the .npz arrays ``p<index>.*``."""
    ranks = np.array([a.ndim for a in arrays], np.int64)
    sizes = np.array([d for a in arrays for d in a.shape], np.int64)
    packed = {'p%d.ranks' % index: ranks, 'p%d.sizes' % index: sizes}
    if dtype_name == 'string':
        strings = [s if isinstance(s, bytes) else str(s).encode() for a in arrays for s in a.reshape(-1).tolist()]
        packed['p%d.lengths' % index] = np.array([len(s) for s in strings], np.int64)
        packed['p%d.bytes' % index] = np.frombuffer(b''.join(strings), np.uint8)
    else:
        dtype = dtypes.numpy_dtype(dtype_name)
        flat = [np.ascontiguousarray(a, dtype).reshape(-1) for a in arrays]
        values = np.concatenate(flat) if flat else np.zeros(0, dtype)
        packed['p%d.values' % index] = values.view(_storage_dtype(dtype))
    return packed


def unpack_column(index, stored, dtype_name, count):
    """The ``count`` arrays of one part that ``pack_column`` stored."""
    ranks = stored['p%d.ranks' % index]
    sizes = stored['p%d.sizes' % index]
    shapes, at = [], 0
    for rank in ranks.tolist():
        shapes.append(tuple(sizes[at:at + rank].tolist()))
        at += rank
    lengths = [int(np.prod(shape, dtype=np.int64)) for shape in shapes]
    if dtype_name == 'string':
        text = stored['p%d.bytes' % index].tobytes()
        string_lengths = stored['p%d.lengths' % index].tolist()
        ends = np.cumsum([0] + string_lengths).tolist()
        strings = [text[ends[i]:ends[i + 1]] for i in range(len(string_lengths))]
        values = np.empty(len(strings), object)
        values[:] = strings
    else:
        dtype = dtypes.numpy_dtype(dtype_name)
        values = stored['p%d.values' % index].view(dtype)
    arrays, at = [], 0
    for shape, length in zip(shapes, lengths):
        arrays.append(values[at:at + length].reshape(shape))
        at += length
    if len(arrays) != count:
        raise ValueError('Dataset.load: part %d holds %d elements, the spec file says %d; the files are '
                         'damaged' % (index, len(arrays), count))
    return arrays


def part_dtypes(spec):
    """The dtype name of each stored part, in order."""
    return [name for leaf in nest.flatten(spec) for name in _leaf_part_dtypes(leaf)]


def write_header(spec, count):
    return json.dumps({'format': FORMAT, 'element_spec': encode_spec(spec), 'cardinality': count}, indent=1)
