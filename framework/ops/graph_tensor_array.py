"""A TensorArray made inside a tf.function: TensorFlow 2.21's graph TensorArray.

In a graph a TensorArray is a value (a TensorList): ``write``, ``unstack``, ``scatter`` and ``split``
return a new array and leave the one they were called on as it was, so ``ta.write(i, x)`` without
``ta = `` loses the write (the stack reads zeros), as in TensorFlow. The element shape the array
learns is still merged into the old array, as TensorFlow's Python object does. Its errors are the
graph's: 'Inconsistent shapes: ...' ValueError while tracing, and the TensorList kernels'
InvalidArgumentError texts ('Trying to modify element 2 in a list with 2 elements.') where eager
TensorArray raises OutOfRangeError or IndexError (tensor_array_ops._GraphTensorArrayV2, list_kernels).
"""
import sys

import numpy as np

from .. import backend, trace_names
from ..errors import InvalidArgumentError
from ..tensor import _KERNEL_NAMES
from ..tensor_shape import TensorShape
from .indexing import getitem
from .shapes import identity
from .operands import as_tensor
from .tensor_array import TensorArray, _int


def _kernel_name(dtype):
    """A dtype as TensorFlow's kernels name it (DataTypeString: float, double, half, int32, ...)."""
    return _KERNEL_NAMES.get(dtype.name, dtype.name)


def _kernel_error(scope, op, text):
    """The TensorList kernel's InvalidArgumentError ``text`` as a traced function's graph raises it when it runs:
    'Graph execution error:\n\nDetected at node TensorArrayV2Write_2/TensorListSetItem defined at (most recent
    call last): ...' (the op's unique scope in the trace's graph, 'while/...' in a loop body; ``op`` None: the
    scope is the node); the kernel's text alone outside a traced function."""
    from .. import assert_statements, graph_asserts   # (late: they import the ops)
    if assert_statements.traced_mode() is None:
        return InvalidArgumentError(text)
    scope, frames = _op_site(scope)
    node = scope + '/' + op if op else scope
    if assert_statements.traced_function_name() == '<lambda>':
        # (TF 2.21 finds no user frames for a lambda's graph: the kernel's text in the function's node instead)
        return InvalidArgumentError(None, None, '{{function_node __inference_<lambda>}} %s\n\t [[{{node %s}}]] '
                                                '[Op:__inference_<lambda>]' % (text, node))
    return InvalidArgumentError(None, None, graph_asserts.GraphCheck(scope, {}, scope, frames).op_error(text, node))


def _op_site(kind):
    """(the unique scope ``kind`` takes for this op in the trace's graph, 'TensorArrayV2Write_1', and the frames
    TF lists it defined at). Where TF runs the graph instead of tracing (a loop's later turns, a replayed call):
    what the trace gave the op at the same line, kept per line; ``kind`` and the frames now if it gave none."""
    from .. import name_scopes
    from ..function import is_replaying
    from ..graph_scopes import defined_at
    trace = trace_names.current() if trace_names.ACTIVE else None
    graph = getattr(trace, 'graph', None)
    frame = sys._getframe(2)
    while frame is not None and frame.f_code.co_filename.startswith(_OWN):
        frame = frame.f_back
    site = (kind, frame.f_code, frame.f_lasti) if frame is not None else None
    if graph is None or is_replaying():
        return _SITES.get(site) or (kind, defined_at(trace, frame))
    found = _SITES[site] = (graph.unique(name_scopes.current() + kind), defined_at(trace, frame))
    return found


_OWN = __file__.rsplit('/ops/', 1)[0] + '/'      # (tapeflow's framework: the user's frame is the first outside)
_SITES = {}     # (op kind, code, offset) of a user's call -> (its scope, its frames) in the trace that made it


def _debug_shape(shape):
    """A PartialTensorShape as the kernels print it: <unknown>, [?,2]."""
    if shape is None:
        return '<unknown>'
    return '[%s]' % ','.join('?' if d is None else str(d) for d in shape)


def _merge_error(known, shapes):
    """The TensorListStack kernel's PartialTensorShape::MergeWith error for the element shape ``known`` (None:
    unknown) merged with each element's shape in turn, or None where they agree."""
    merged = known
    for shape in shapes:
        shape = tuple(shape)
        if merged is not None and len(merged) != len(shape):
            return 'PartialTensorShape: Incompatible ranks during merge: %d vs. %d' % (len(merged), len(shape))
        if merged is not None and any(m is not None and m != n for m, n in zip(merged, shape)):
            return 'PartialTensorShape: Incompatible shapes during merge: %s vs. %s' % (
                _debug_shape(merged), _debug_shape(shape))
        merged = shape
    return None


class GraphTensorArray(TensorArray):
    """TensorArray inside a tf.function (see the module docstring)."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        # (TF's graph array answers dynamic_size as given: None when not given; eagerly False)
        self._dynamic_given = kwargs.get('dynamic_size', args[2] if len(args) > 2 else None)
        # a fixed, known size: TF's stack expects that many elements and size() answers it
        self._fixed = None if self._dynamic or self._size_open else len(self._elements)

    @property
    def dynamic_size(self):
        return self._dynamic_given

    def _successor(self):
        new = object.__new__(type(self))
        new.__dict__.update(self.__dict__)
        new._elements = list(self._elements)
        return new

    def _length(self):
        return len(self._elements) if self._fixed is None else self._fixed

    def identity(self):
        return self._successor()

    def _check_shape(self, x):
        # the shape the trace gives the value (x[:i + 1] in a loop body is (None,)), as the graph checks it
        entry = trace_names.entry_of(x)
        self._merge_shape(tuple(entry[1]) if entry is not None and entry[1] is not None else tuple(x.shape))

    def _merge_shape(self, shape):
        known = self._element_shape
        if known is not None and (len(known) != len(shape)
                                  or any(k is not None and s is not None and k != s for k, s in zip(known, shape))):
            raise ValueError('Inconsistent shapes: saw %s but expected %s ' % (TensorShape(shape), TensorShape(known)))
        if self._infer_shape:
            self._element_shape = shape if known is None else tuple(
                k if s is None else s for k, s in zip(known, shape))

    def _place(self, new, index, x):
        if index >= len(new._elements):
            new._elements.extend([None] * (index + 1 - len(new._elements)))
        new._elements[index] = x

    def write(self, index, value, name=None):
        from ..function import is_replaying     # (late: function imports the ops)
        i = _int(index, 'write index')
        x = as_tensor(value, 'TensorArray.write', dtype=self._dtype)
        self._check_shape(x)         # (while the graph is built, before any kernel runs)
        if x.dtype != self._dtype:
            raise _kernel_error('TensorArrayV2Write', 'TensorListSetItem', 'Invalid data types; op elements %s but '
                                'list elements %s' % (_kernel_name(x.dtype), _kernel_name(self._dtype)))
        n = len(self._elements)
        if i < 0 or (i >= n and not self._dynamic):
            raise _kernel_error('TensorArrayV2Write', 'TensorListSetItem',
                                'Trying to modify element %d in a list with %d elements.' % (i, n))
        if trace_names.ACTIVE and getattr(trace_names.current(), 'graph', None) is not None and not is_replaying():
            _op_site('TensorArrayV2Write')     # (each write an op of the graph: the next one's scope is _1, ...)
        new = self._successor()
        self._place(new, i, x)
        return new

    def read(self, index, name=None):
        i = _int(index, 'read index')
        if not 0 <= i < len(self._elements):
            raise _kernel_error('TensorArrayV2Read', 'TensorListGetItem', 'Trying to access element %d in a list with '
                                '%d elements.' % (i, len(self._elements)))
        # (a new tensor, as TF's TensorListGetItem op gives: not the written one, which a loop body made)
        return identity(super().read(i))

    def gather(self, indices, name=None):
        for i in np.asarray(backend.to_host(as_tensor(indices, 'TensorArray.gather')._data)).reshape(-1):
            if not 0 <= int(i) < len(self._elements):
                raise _kernel_error('TensorListGather', None, 'Trying to gather element %d in a list with %d '
                                    'elements.' % (int(i), len(self._elements)))
        return super().gather(indices)

    def _check_stack(self):
        if self._fixed is not None and len(self._elements) != self._fixed:
            raise _kernel_error('TensorArrayV2Stack', 'TensorListStack', 'Operation expected a list with %d elements '
                                'but got a list with %d elements.' % (self._fixed, len(self._elements)))
        known = self._element_shape
        if known is None or None in known:
            if not self._elements:
                raise _kernel_error('TensorArrayV2Stack', 'TensorListStack', 'Tried to stack elements of an empty '
                                    'list with non-fully-defined element_shape: %s' % _debug_shape(known))
            if all(x is None for x in self._elements):
                raise _kernel_error('TensorArrayV2Stack', 'TensorListStack', 'Tried to stack list which only '
                                    'contains uninitialized tensors and has a non-fully-defined element_shape: %s'
                                    % _debug_shape(known))
            merge_error = _merge_error(known, [x.shape for x in self._elements if x is not None])
            if merge_error is not None:     # (writes the trace saw as (None,) that the run gave other lengths)
                raise _kernel_error('TensorArrayV2Stack', 'TensorListStack', merge_error)

    def concat(self, name=None):
        # (its own method: the trace names the result as TF's TensorListConcatV2 op, graph_op_names.py)
        return super().concat(name)

    def unstack(self, value, name=None):
        x = as_tensor(value, 'TensorArray.unstack', dtype=self._dtype)
        self._merge_shape(tuple(x.shape[1:]))
        if x.ndim == 0:
            raise _kernel_error('TensorArrayUnstack', 'TensorListFromTensor',
                                'Tensor must be at least a vector, but saw shape: []')
        new = self._successor()      # (a new list of the rows: the array's size is not checked here)
        new._elements = [getitem(x, k) for k in range(x.shape[0])]
        return new

    def scatter(self, indices, value, name=None):
        x = as_tensor(value, 'TensorArray.scatter', dtype=self._dtype)
        idx = [int(i) for i in np.asarray(backend.to_host(as_tensor(indices, 'TensorArray.scatter')._data)).reshape(-1)]
        if x.ndim == 0:
            return super().scatter(indices, value)
        self._merge_shape(tuple(x.shape[1:]))
        if x.shape[0] != len(idx):
            raise _kernel_error('TensorArrayScatter', 'TensorListScatterIntoExistingList', 'Expected len(indices) '
                                '== tensor.shape[0], but saw: %d vs. %d' % (len(idx), x.shape[0]))
        new = self._successor()      # (the list grows to the largest index; stack checks the size)
        for k, i in enumerate(idx):
            self._place(new, i, getitem(x, k))
        return new

    def split(self, value, lengths, name=None):
        x = as_tensor(value, 'TensorArray.split', dtype=self._dtype)
        sizes = [int(n) for n in np.asarray(backend.to_host(as_tensor(lengths, 'TensorArray.split')._data)).reshape(-1)]
        if x.ndim == 0:
            return super().split(value, lengths)
        if sizes and min(sizes) == max(sizes):      # (pieces of one length: the element shape is known)
            self._merge_shape((sizes[0],) + tuple(x.shape[1:]))
        pieces, start = [], 0
        for size in sizes:
            if start + size > x.shape[0]:
                raise _kernel_error('TensorArraySplit', 'TensorListSplit', 'Attempting to slice [%d, %d] from tensor '
                                    'with length %d' % (start, start + size, x.shape[0]))
            pieces.append(getitem(x, slice(start, start + size)))
            start += size
        if start != x.shape[0]:
            raise _kernel_error('TensorArraySplit', 'TensorListSplit', 'Unused values in tensor. Length of tensor: '
                                '%d Values used: %d' % (x.shape[0], start))
        new = self._successor()      # (a new list of the pieces, whatever the array's size)
        new._elements = pieces
        return new
