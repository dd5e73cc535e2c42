"""``tf.sparse.cross``: per row, every combination of one value from each input, joined as strings."""
import itertools

import numpy as np

from .. import backend
from ..tensor import Tensor, convert_to_tensor
from .sparse_tensor import SparseTensor
from ..tf_python_names import tf_named


def _rows(value, i):
    """The values of each row of one input (a 2-D SparseTensor, or a dense 2-D tensor), as bytes."""
    if isinstance(value, SparseTensor):
        if value.ndim != 2:
            raise ValueError('sparse.cross: input %d must be 2-D, got dense_shape %s' % (i, value.shape))
        idx = value._indices_host()
        data = np.asarray(backend.to_host(value.values._data))
        rows = [[] for _ in range(int(value._shape_host()[0]))]
        for (r, _), v in zip(idx, data):
            rows[r].append(v)
    else:
        data = np.asarray(backend.to_host(convert_to_tensor(value)._data))
        if data.ndim != 2:
            raise ValueError('sparse.cross: input %d must be 2-D, got shape %s' % (i, data.shape))
        rows = [list(row) for row in data]
    if data.dtype.kind not in 'OSUiu':
        raise TypeError('sparse.cross: input %d must hold strings or integers, got dtype %s' % (i, data.dtype.name))
    as_bytes = lambda v: v if isinstance(v, bytes) else str(v.item() if hasattr(v, 'item') else v).encode()  # noqa: E731
    return [[as_bytes(v) for v in row] for row in rows]


def check_cross_inputs(inputs, op):
    """TF 2.21's check of a cross's ``inputs`` (its text, tapeflow's words in a note): a list or tuple."""
    if not isinstance(inputs, (list, tuple)):
        error = TypeError('Inputs must be a list')
        error.add_note('%s: inputs must be a list of SparseTensors or dense 2-D tensors, got %s'
                       % (op, type(inputs).__name__))
        raise error


def empty_cross(dtype):
    """The cross of no inputs, as TF 2.21's kernel gives it: no rows, dense_shape [0, 0], values of ``dtype``."""
    return SparseTensor(np.zeros((0, 2), np.int64), Tensor(np.empty(0, dtype)), [0, 0])


@tf_named('sparse_cross')
def cross(inputs, name=None, separator=None):
    """A 2-D string SparseTensor: row i holds ``a + separator + b + ...`` for every pick of one
    value from row i of each input (``separator`` defaults to ``'_X_'``)."""
    check_cross_inputs(inputs, 'sparse.cross')
    if not inputs:
        return empty_cross(object)
    sep = (b'_X_' if separator is None else separator.encode() if isinstance(separator, str) else bytes(separator))
    per_input = [_rows(value, i) for i, value in enumerate(inputs)]
    nrows = {len(rows) for rows in per_input}
    if len(nrows) > 1:
        raise ValueError('sparse.cross: every input needs the same number of rows, got %s' % sorted(nrows))
    indices, values, width = [], [], 0
    for r in range(nrows.pop()):
        combos = [sep.join(c) for c in itertools.product(*[rows[r] for rows in per_input])]
        indices += [[r, k] for k in range(len(combos))]
        values += combos
        width = max(width, len(combos))
    out = np.empty(len(values), dtype=object)
    out[:] = values
    return SparseTensor(np.asarray(indices, np.int64).reshape(-1, 2), Tensor(out),
                        [len(per_input[0]), width])
