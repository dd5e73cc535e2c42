"""TensorFlow 2.21's errors for ragged operands of a binary op that do not broadcast.

TF broadcasts ragged shapes (DynamicRaggedShape) with eager check_ops asserts, so a mismatch is an
InvalidArgumentError in assert_equal's words: two sizes that are neither equal nor 1 print
'First 1 elements of x: [False] ... of y: [ True]'; a uniform size meeting a ragged axis compares
that size's row splits (x) with the ragged ones (y). ragged_ops calls these only where its own
broadcasting has already refused the operands (the failure path), and keeps its sentence as a note.
Measured on TF 2.21 (notes progs/tutorials43: /tmp probes t43_rb.py, t43_rb2.py; the ragged guide).
"""
import numpy as np

from .. import backend
from ..errors import InvalidArgumentError, noted

_SIZES_DIFFER = 'Condition x == y did not hold.\nFirst 1 elements of x:\n[False]\nFirst 1 elements of y:\n[ True]'


def _host(splits):
    return np.asarray(backend.to_host(splits._data))


def _uniform(width, splits):
    """The row splits of len(splits) - 1 rows all ``width`` long."""
    return np.arange(len(splits), dtype=splits.dtype) * width


def dense_operand_error(rt, shape, op):
    """TF's error for RaggedTensor ``rt`` meeting a dense operand of ``shape`` (already padded with
    leading 1s to rt's rank), or None where TF's checks would pass."""
    from .ragged_ops import _splits_differ
    shape = tuple(shape)
    if len(shape) != rt.ndim:
        return None
    note = '%s: a RaggedTensor of shape %s meets a dense tensor of shape %s that does not broadcast against it' \
        % (op, rt.shape, shape)
    nrows, ragged_rank = int(rt.nrows()), rt.ragged_rank
    if shape[0] not in (1, nrows) and nrows != 1:
        return noted(InvalidArgumentError(_SIZES_DIFFER), note)
    for level, splits in enumerate(rt.nested_row_splits, start=1):
        if shape[level] != 1:
            splits = _host(splits)
            uniform = _uniform(shape[level], splits)
            if not np.array_equal(uniform, splits):
                return _splits_differ(uniform, splits, note)
    if any(d not in (1, f) for d, f in zip(shape[ragged_rank + 1:], rt.flat_values.shape[1:])):
        return noted(InvalidArgumentError(_SIZES_DIFFER), note)
    widened = [level for level in range(1, ragged_rank + 1) if shape[level] != 1]
    if shape[0] == 1 and nrows != 1 and widened:
        # rows of the dense operand's one row partition against the ragged tensor's values
        width = int(np.prod(shape[:widened[-1] + 1]))
        return noted(InvalidArgumentError('Last row partition does not match flat_values.\n' 'Condition x == y did not '
                                          'hold.\nFirst 1 elements of x:\n[%d]\nFirst 1 elements of y:\n[%d]'
                                          % (width, int(rt.flat_values.shape[0]))), note)
    return None


def ragged_pair_error(x, y, op):
    """TF's error for two RaggedTensors of one ragged rank whose row counts differ, or None."""
    from .ragged_ops import _splits_differ
    if x.ragged_rank != y.ragged_rank:
        return None
    nx, ny = int(x.nrows()), int(y.nrows())
    if nx == ny:
        return None
    note = '%s: RaggedTensors of %d and %d rows do not broadcast' % (op, nx, ny)
    if nx != 1 and ny != 1:
        return noted(InvalidArgumentError(_SIZES_DIFFER), note)
    if x.ragged_rank != 1:
        return None
    xs, ys = _host(x.row_splits), _host(y.row_splits)
    if nx == 1:         # the one row repeated for each of the other's rows
        xs = _uniform(xs[-1], ys)
    else:
        ys = _uniform(ys[-1], xs)
    return None if np.array_equal(xs, ys) else _splits_differ(xs, ys, note)
