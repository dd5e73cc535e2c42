"""Label preprocessing for connectionist temporal classification: ``tf.nn.collapse_repeated``
and ``tf.nn.ctc_unique_labels``, on dense batches of label rows padded with 0."""
import numpy as np

from .. import backend
from ..errors import InvalidArgumentError
from ..tape import record_blocked
from ..tensor import Tensor
from .operands import ACTIVE, as_tensor, named_errors


def label_rows(labels, op):
    """``labels`` as a host (batch, max_label_length) array of numbers, else an error naming ``op``."""
    t = as_tensor(labels, op)
    if t.ndim != 2:
        raise InvalidArgumentError('%s: labels must be (batch_size, max_label_length), got shape %s'
                                   % (op, tuple(t.shape)))
    if t._data.dtype.kind not in 'iuf':
        raise TypeError('%s: labels must be numbers (integer classes), got dtype %s' % (op, t.dtype.name))
    if ACTIVE:
        record_blocked(op, (t,))
    return t, np.asarray(backend.to_host(t._data))


def lengths_vector(lengths, batch, op, what):
    t = as_tensor(lengths, op)
    if t._data.dtype.kind not in 'iu' or tuple(t.shape) != (batch,):
        raise InvalidArgumentError('%s: %s must be %d integers (one per batch row), got %s of shape %s'
                                   % (op, what, batch, t.dtype.name, tuple(t.shape)))
    return np.asarray(backend.to_host(t._data)).astype(np.int64)


@named_errors('collapse_repeated')
def collapse_repeated(labels, seq_length, name=None):
    """(collapsed labels, their lengths int32): each row's first ``seq_length`` labels with runs of a
    repeated label merged into one, 0-padded to the longest collapsed row."""
    t, rows = label_rows(labels, 'collapse_repeated')
    lengths = lengths_vector(seq_length, rows.shape[0], 'collapse_repeated', 'seq_length')
    keep = np.ones(rows.shape, bool)
    keep[:, 1:] = rows[:, 1:] != rows[:, :-1]
    keep &= np.arange(rows.shape[1]) < lengths[:, None]
    new_lengths = keep.sum(1).astype(np.int32)
    out = np.zeros((rows.shape[0], int(new_lengths.max()) if rows.shape[0] else 0), rows.dtype)
    for i, row in enumerate(rows):
        out[i, :new_lengths[i]] = row[keep[i]]
    xp = backend.array_module(t._data)
    return Tensor(xp.asarray(out)), Tensor(xp.asarray(new_lengths))


@named_errors('ctc_unique_labels')
def ctc_unique_labels(labels, name=None):
    """(unique labels int64, indices int32), both (batch, max_label_length): each row's distinct labels
    in order of first appearance, 0-padded, and each label's position among them (``tf.unique`` per row)."""
    t, rows = label_rows(labels, 'ctc_unique_labels')
    unique = np.zeros(rows.shape, np.int64)
    positions = np.zeros(rows.shape, np.int32)
    for i, row in enumerate(rows):
        values, first, inverse = np.unique(row, return_index=True, return_inverse=True)
        order = np.argsort(first)
        rank = np.empty_like(order)
        rank[order] = np.arange(order.size)
        unique[i, :values.size] = values[order]
        positions[i] = rank[inverse.reshape(-1)]
    xp = backend.array_module(t._data)
    return [Tensor(xp.asarray(unique)), Tensor(xp.asarray(positions))]     # a list, as TF's map_fn gives
