"""Element structures for ``framework.data``: host conversion, stacking and specs.

tf.data's rule for structure: tuples, namedtuples and dicts are structure, a
list is one tensor. Elements travel through a pipeline as numpy values; they
become framework tensors only when handed out.
"""
import collections
import copy

import numpy as np

from .. import nest
from ..errors import kernel_error
from ..tensor import Tensor, TensorShape, convert_to_tensor, numpy_strings_as_bytes
from .ragged_elements import (is_ragged, is_ragged_row, is_ragged_spec, ragged_spec_with_batch,
                              ragged_spec_without_batch, spec_of_ragged, stack_ragged)
from .sparse_elements import (is_sparse, sparse_spec_with_batch, sparse_spec_without_batch, spec_of_sparse,
                              stack_sparse)
from .spec import DatasetSpec, TensorSpec
from ..extension_batching import batched_spec, restore, restore_spec, take_apart, unbatched_spec
from ..extension_type import ExtensionType, ExtensionTypeSpec


def to_host(value):
    """One component as a numpy value (Python numbers: float32 / int32, as TensorFlow)."""
    if isinstance(value, (np.ndarray, np.generic)) and value.dtype.kind in 'US':
        return numpy_strings_as_bytes(value)       # numpy's str arrays: TensorFlow's bytes
    if isinstance(value, np.ndarray) and value.dtype.kind == 'O':
        return np.asarray(convert_to_tensor(value))      # TF's check: only str / bytes objects make a tensor
    if isinstance(value, (Tensor, np.ndarray, np.generic)):
        return np.asarray(value)
    return np.asarray(convert_to_tensor(value))


def host_structure(value):
    """``value`` with every component as a numpy value; tuples and dicts keep their structure."""
    if type(value) is Tensor:       # (a map's result, once per element: the checks below are for the rest)
        return np.asarray(value)
    if isinstance(value, tuple):
        return type(value)(*map(host_structure, value)) if hasattr(value, '_fields') \
            else tuple(host_structure(v) for v in value)
    if isinstance(value, dict):
        items = {k: host_structure(v) for k, v in value.items()}
        # an OrderedDict stays one, so element_spec and elements print as TensorFlow's
        return collections.OrderedDict(items) if isinstance(value, collections.OrderedDict) else items
    if is_sparse(value) or is_ragged(value) or is_ragged_row(value):    # kept whole: see sparse_ / ragged_elements
        return value
    if isinstance(value, ExtensionType):       # its tensors travel as a structure (extension_batching.py)
        return take_apart(value, host_structure)
    try:
        return to_host(value)
    except (TypeError, ValueError):
        if hasattr(value, '_make_iterator'):    # a dataset (a map returning a window): TF's DatasetSpec component,
            held = copy.copy(value)             # handed on in a variant tensor, so it prints as one
            held._tf_class = '_VariantDataset'
            return held
        raise


def as_tensors(element):
    # (the element a map function is called with, once per element: most are a numpy array or a flat tuple
    # of them, which need no walk of a structure)
    if type(element) is np.ndarray:
        return convert_to_tensor(element)
    if type(element) is tuple:
        tensors = []
        for v in element:       # (a loop, not all(...) over a generator: one frame less per element)
            if type(v) is not np.ndarray and not isinstance(v, np.generic):
                break
            tensors.append(convert_to_tensor(v))
        else:
            return tuple(tensors)
    # Window elements are datasets, and ragged or sparse elements composite tensors: handed out as they are.
    from ..composite import CompositeTensor
    # A ragged component's row is handed out as the dense tensor it is (TF's repr shows a plain array).
    return restore(nest.map_structure(
        lambda v: v if isinstance(v, (Tensor, CompositeTensor)) or hasattr(v, '_make_iterator')
        else convert_to_tensor(v.view(np.ndarray) if is_ragged_row(v) else v), element))


def call_with_element(fn, element):
    """``fn`` applied to an element as tf.data does: a tuple is spread over the arguments."""
    args = as_tensors(element)
    return fn(*args) if isinstance(args, tuple) and not hasattr(args, '_fields') else fn(args)


def stack(elements, what='Dataset.batch'):
    """Components of equal-shaped elements stacked along a new first axis."""
    first = elements[0]
    # a flat tuple (the (x, y) of most programs) is its own list of leaves
    flat_tuple = type(first) is tuple and not any(nest.is_nested(v) for v in first)
    rows = elements if flat_tuple else [nest.flatten(e) for e in elements]
    stacked = []
    for k in range(len(rows[0])):
        parts = [row[k] for row in rows]
        if is_sparse(parts[0]):
            stacked.append(stack_sparse(parts, what))
            continue
        if is_ragged(parts[0]) or is_ragged_row(parts[0]):
            stacked.append(stack_ragged(parts, what))
            continue
        shapes = _shapes(parts)
        if len(shapes) > 1:
            # TensorFlow's words, as its iterator raises them (IteratorGetNext, named by the component count)
            first_shape = np.shape(parts[0])
            note = ('%s: cannot stack elements of different shapes %s in component %d; use padded_batch to pad '
                    'them to a common shape' % (what, sorted(shapes), k))
            if what == MAPPED_BATCH:
                parts = _fused_batch_parts(parts, len(rows[0]), note)
            else:
                other = next(i for i, part in enumerate(parts) if np.shape(part) != first_shape)
                raise kernel_error('IteratorGetNext', 'Cannot batch tensors with different shapes in component %d. '
                                   'First element had shape %s and element %d had shape %s.'
                                   % (k, _dims(first_shape), other, _dims(np.shape(parts[other]))), named=True,
                                   node='IteratorGetNext_output_types_%d' % len(rows[0]), note=note)
        stacked.append(_stack_strings(parts) if _is_string(parts[0]) else np.stack(parts))
    return tuple(stacked) if flat_tuple else nest.pack_sequence_as(first, stacked)


# ``stack``'s ``what`` for a batch right after a map: TF's map_and_batch_fusion (on by default) makes
# the two one MapAndBatch kernel, whose copy into the batch checks sizes, not shapes
MAPPED_BATCH = 'Dataset.map(...).batch'


def _fused_batch_parts(parts, components, note):
    """A fused map and batch's rows of one component: an element of another size is MapAndBatch's
    error; one of the first's size but another shape is copied in that shape, as TF's kernel does."""
    first = np.shape(parts[0])
    size = int(np.prod(first))
    for part in parts[1:]:
        if int(np.prod(np.shape(part))) != size:
            raise kernel_error('IteratorGetNext', 'Cannot add tensor to the batch: number of elements does not '
                               'match. Shapes are: [tensor]: %s, [batch]: %s' % (_dims(np.shape(part)), _dims(first)),
                               named=True, node='IteratorGetNext_output_types_%d' % components, note=note)
    return [np.reshape(part, first) for part in parts]


def _dims(shape):
    """A shape as TF's TensorShape::DebugString writes it: [2,3]."""
    return '[%s]' % ','.join(map(str, shape))


def _shapes(parts):
    """The set of the parts' shapes: arrays' and numpy scalars' own ``.shape``, np.shape for other
    values (np.shape's dispatch on each row took about 8 of the 50 us of batching 32 (x, y) rows)."""
    return {p.shape if isinstance(p, _NUMPY_VALUES) else np.shape(p) for p in parts}


_NUMPY_VALUES = (np.ndarray, np.generic)


def _is_string(value):
    return isinstance(value, (bytes, str)) or getattr(value, 'dtype', None) == object


def _stack_strings(parts):
    """String components stacked as an object array of bytes, as string tensors hold them
    (np.stack would make a fixed-width 'S' array, which drops trailing NUL bytes)."""
    out = np.empty((len(parts),) + np.shape(parts[0]), object)
    for i, part in enumerate(parts):
        out[i, ...] = part
    return out


def spec_of(element, batched=None):
    """The TensorSpec structure of one host element; ``batched`` prepends a batch dimension."""
    def one(value):
        if hasattr(value, '_make_iterator'):
            return DatasetSpec(value.element_spec)
        if is_sparse(value):
            return spec_of_sparse(value, batched)
        if is_ragged(value) or is_ragged_row(value):
            return spec_of_ragged(value, batched)
        shape = tuple(np.shape(value))
        if batched is not None:
            shape = (batched,) + shape
        return TensorSpec(shape, np.asarray(value).dtype)
    return restore_spec(nest.map_structure(one, element))


def with_batch_dim(spec, size):
    """A spec structure for elements stacked in batches of ``size`` (None: unknown)."""
    def one(s):
        if isinstance(s, ExtensionTypeSpec):
            return batched_spec(s, one, size)
        return sparse_spec_with_batch(s, size) if _is_sparse_spec(s) else ragged_spec_with_batch(s, size) \
            if is_ragged_spec(s) else TensorSpec(_prepend(size, s.shape), s.dtype)     # TF's _batch drops the name
    return nest.map_structure(one, spec)


_SCALAR_UNBATCH = 'Cannot unbatch an input with scalar components.'      # TensorFlow's words


def without_batch_dim(spec, what, scalar_text=_SCALAR_UNBATCH):
    """``spec`` less its first axis; a scalar component raises ValueError(scalar_text)."""
    def one(s):
        if isinstance(s, ExtensionTypeSpec):
            return unbatched_spec(s, one)
        if _is_sparse_spec(s):
            return sparse_spec_without_batch(s, what)
        if is_ragged_spec(s):
            return ragged_spec_without_batch(s, what)
        if s.shape is None or s.shape.rank is None:       # (TF's _unbatch drops the spec's name)
            return TensorSpec(None, s.dtype)
        if len(s.shape) == 0:
            error = ValueError(scalar_text)
            error.add_note('%s: the component of spec %s has no batch axis to split; batch the dataset first'
                           % (what, s))
            raise error
        return TensorSpec(s.shape[1:], s.dtype)
    return nest.map_structure(one, spec)


def known_batch_dim(spec):
    """The length of the first axis that all of ``spec``'s components share, when one of them knows it
    (None otherwise): tf.data's unbatch counts its elements with it. Components whose first axes are
    both known and differ raise ValueError, with TF's words. A SparseTensor or extension-type component
    counts as unknown, as in TF (its flat variant has no static shape)."""
    known = None
    for s in nest.flatten(spec):
        if isinstance(s, ExtensionTypeSpec) or _is_sparse_spec(s) or s.shape is None or s.shape.rank in (None, 0):
            continue
        size = s.shape[0]
        if size is None:
            continue
        if known is not None and size != known:
            raise ValueError('`unbatch()` is only supported for datasets of elements whose components have a '
                             'matching leading dimension. Encountered both %d and %d.' % (known, size))
        known = size
    return known


def _is_sparse_spec(spec):
    return type(spec).__name__ == 'SparseTensorSpec'


def _prepend(size, shape):
    return None if shape is None or shape.rank is None else TensorShape((size,) + tuple(shape))
