"""Making SparseTensors: ``tf.sparse.eye``, ``reset_shape``, ``map_values`` and ``bincount``."""
import numpy as np

from .. import backend
from ..tensor import Tensor, convert_to_tensor
from .layout import _sparse
from .sparse_tensor import SparseTensor
from ..sparse_graph_outputs import note_open
from ..tf_python_names import tf_named


@tf_named('sparse_eye')
def eye(num_rows, num_columns=None, dtype=np.float32, name=None):
    """A SparseTensor with ones on the main diagonal."""
    from ..ops import minimum, ones, range as range_
    from .split_eye_arguments import eye_size
    rows = eye_size(num_rows, 'num_rows')
    cols = rows if num_columns is None else eye_size(num_columns, 'num_columns')
    # TF's ops: a negative size is Range's error, a vector its 'limit must be a scalar', a string dtype ones'
    diagonal = range_(minimum(rows, cols), dtype='int64').numpy()
    values = ones([len(diagonal)], dtype)
    return SparseTensor(np.stack([diagonal, diagonal], axis=1), values, [int(rows.numpy()), int(cols.numpy())])


@tf_named('sparse_reset_shape')
def reset_shape(sp_input, new_shape=None):
    """The same entries with dense_shape ``new_shape`` (no smaller than any index), or the tightest shape."""
    sp = _sparse(sp_input, 'sparse.reset_shape')
    idx = sp._indices_host()
    tight = idx.max(axis=0) + 1 if len(idx) else np.zeros(sp.ndim, np.int64)
    if new_shape is None:       # (TF's reduce_max of the indices, plus 1: open in a graph)
        return note_open(SparseTensor(idx, sp.values, tight))
    shape = np.asarray(backend.to_host(convert_to_tensor(new_shape)._data), np.int64)
    if shape.shape != tight.shape or np.any(shape < tight):
        raise ValueError('sparse.reset_shape: new_shape %s must have rank %d and hold every index (at least %s)'
                         % (shape.tolist(), len(tight), tight.tolist()))
    return SparseTensor(idx, sp.values, shape)


def map_values(op, *args, **kwargs):
    """``op`` on the values of the SparseTensor arguments, which must share their indices."""
    sparse = [a for a in list(args) + list(kwargs.values()) if isinstance(a, SparseTensor)]
    if not sparse:
        error = ValueError('No SparseTensor in argument list of map_values')       # TF 2.21's words
        error.add_note('sparse.map_values: expected at least one SparseTensor argument; call op directly')
        raise error
    first = sparse[0]
    for other in sparse[1:]:
        if not (np.array_equal(other._indices_host(), first._indices_host())
                and np.array_equal(other._shape_host(), first._shape_host())):
            raise ValueError('sparse.map_values: every SparseTensor must have the same indices and dense_shape')
    plain = lambda a: a.values if isinstance(a, SparseTensor) else a  # noqa: E731
    return first.with_values(op(*[plain(a) for a in args], **{k: plain(v) for k, v in kwargs.items()}))


@tf_named('sparse_bincount')
def bincount(values, weights=None, axis=0, minlength=None, maxlength=None, binary_output=False, name=None):
    """How often each id occurs among the stored values, as a SparseTensor of counts
    (``axis=0``: over all values; ``axis=-1``: per row of a 2-D input)."""
    if hasattr(values, 'flat_values'):        # a RaggedTensor: its values at their (row, position) indices
        sp = values.to_sparse()
    elif not isinstance(values, SparseTensor):
        sp = _dense_as_sparse(values)
    else:
        sp = _sparse(values, 'sparse.bincount')
    ids = np.asarray(backend.to_host(sp.values._data))
    if ids.dtype not in (np.int32, np.int64) or (ids.size and ids.min() < 0):
        # TF's count kernel refuses them (strings and uint8 too): axis 0 counts the flat values
        _refuse_ids(sp.values, 'DenseCountSparseOutput' if axis in (0, None) else 'SparseCountSparseOutput')
    if hasattr(weights, 'flat_values') or isinstance(weights, SparseTensor):
        weights = weights.flat_values if hasattr(weights, 'flat_values') else weights.values
    w = None if weights is None else np.asarray(backend.to_host(convert_to_tensor(weights)._data)).reshape(-1)
    size = int(ids.max()) + 1 if ids.size else 0
    size = max(size, int(minlength or 0))
    if maxlength is not None:
        size = min(size, int(maxlength))
    inside = ids < size
    if axis in (0, None):
        rows = np.zeros(len(ids), np.int64)
    elif axis == -1 and sp.ndim == 2:
        rows = sp._indices_host()[:, 0]
    else:
        raise ValueError('sparse.bincount: axis must be 0 or -1 (for a 2-D input), got %r' % (axis,))
    nrows = 1 if axis in (0, None) else int(sp._shape_host()[0])
    counts = np.zeros((nrows, size), np.float64 if w is not None else ids.dtype)
    np.add.at(counts, (rows[inside], ids[inside]), 1 if w is None else w[inside])
    if binary_output:
        counts = (counts > 0).astype(counts.dtype)
    where = np.argwhere(counts)
    out_dtype = w.dtype if w is not None else ids.dtype
    if axis in (0, None):
        return SparseTensor(where[:, 1:], Tensor(backend.place(counts[0][where[:, 1]].astype(out_dtype))), [size])
    return SparseTensor(where, Tensor(backend.place(counts[tuple(where.T)].astype(out_dtype))), [nrows, size])


def _count_op(kernel):
    """TF 2.21's op definition of ``kernel`` (DenseCountSparseOutput, or SparseCountSparseOutput: a SparseTensor
    counted per row), as its registry error prints it."""
    inputs = 'values:T' if kernel == 'DenseCountSparseOutput' else 'indices:int64, values:T, dense_shape:int64'
    return ('Op<name=%s; signature=%s, weights:output_type -> output_indices:int64, output_values:output_type, '
            'output_dense_shape:int64; attr=T:type,allowed=[DT_INT32, DT_INT64]; attr=minlength:int,default=-1,min=-1; '
            'attr=maxlength:int,default=-1,min=-1; attr=binary_output:bool; attr=output_type:type,allowed=[DT_INT32, '
            'DT_INT64, DT_FLOAT, DT_DOUBLE]> [Op:%s] name: ' % (kernel, inputs, kernel))


def _refuse_ids(t, kernel):
    """TF 2.21's refusal of ids ``t`` by its count ``kernel``: the registry's error for ids that are not int32 /
    int64 (float, bool, string, uint8: where the output_type attr is refused too, TF names either at random between
    runs, 'T' here), the kernel's for a negative one (texts: errors9/p/b1.py, errors54/sb.py)."""
    from ..errors import InvalidArgumentError, kernel_error
    data = np.asarray(backend.to_host(t._data))
    if data.dtype not in (np.int32, np.int64):
        shown = {'float32': 'float', 'float64': 'double', 'float16': 'half'}.get(t.dtype.name, t.dtype.name)
        error = InvalidArgumentError("Value for attr 'T' of %s is not in the list of allowed values: int32, int64"
                                     "\n\t; NodeDef: {{node %s}}; %s" % (shown, kernel, _count_op(kernel)))
        error.add_note('sparse.bincount: values must be int32 or int64 ids, got %s' % t.dtype.name)
        raise error
    if data.size and data.min() < 0:
        raise kernel_error(kernel, 'Input values must all be non-negative', named=True,
                           note='sparse.bincount: ids must be >= 0, got %s' % data.min())


def _dense_as_sparse(values):
    """A dense tensor of ids as a SparseTensor storing every element: TF 2.21 counts a dense input with
    DenseCountSparseOutput, which takes int32 / int64 ids, none negative."""
    t = convert_to_tensor(values)
    _refuse_ids(t, 'DenseCountSparseOutput')
    data = np.asarray(backend.to_host(t._data))
    data = data.reshape(-1) if data.ndim == 0 else data
    index = np.indices(data.shape).reshape(data.ndim, -1).T
    return SparseTensor(index.astype(np.int64), Tensor(backend.place(data.reshape(-1))), list(data.shape))
