"""Keras 3's division of IndexedSlices rows by a dense tensor (TensorFlow backend), as RMSprop's
sparse step runs it: ``ops.divide(lr * gradient, ops.sqrt(denominator))``.

keras/src/backend/tensorflow/sparse.py (``elementwise_division``) divides the rows by the divisor's
gathered rows, unless some row of the divisor holds a zero or a NaN. Then it takes the sorted union
of the gradient's indices and those rows, and re-gathers the gradient's values for the union through
a scatter_nd of their 1-based positions (``indices_indices``), skipped when the two index counts are
equal. With repeated indices (an Embedding's batch repeating an id) that scatter_nd sums the
positions, so the values land on the wrong rows, or the gather raises TensorFlow's
InvalidArgumentError 'indices[0] = 5 is not in [0, 5)': a centered RMSprop whose variance rounds
below -epsilon on some row stops training there. Rows of the union the gradient did not hold divide
a zero (0 / 0 or 0 / NaN: NaN).
"""
import numpy as np

from framework import backend
from framework.errors import kernel_error


def divide_rows_by_root(xp, values, indices, denominator):
    """(values, indices) of Keras's ``IndexedSlices(values, indices) / sqrt(denominator)`` for a dense
    denominator of the variable's shape; the common case (no zero or NaN root) divides row by row.
    sqrt(d) is zero or NaN exactly where d > 0 fails."""
    flags = ~(denominator > 0)
    if not flags.any():
        return values / xp.sqrt(denominator[indices]), indices
    rows = flags.reshape(flags.shape[0], -1).any(axis=1)
    dim_0 = denominator.shape[0]
    host_indices = np.asarray(backend.to_host(indices)).astype(np.int64)     # (cupy arrays: to the host)
    in_union = np.zeros(dim_0, bool)
    in_union[host_indices] = True
    in_union |= np.asarray(backend.to_host(rows))
    union = np.flatnonzero(in_union)
    count = host_indices.size
    if count != union.size:
        positions = np.zeros(dim_0, np.int64)
        np.add.at(positions, host_indices, np.arange(1, count + 1))      # scatter_nd sums repeats
        to_union = positions[union]
        bad = np.flatnonzero(to_union > count)
        if bad.size:
            raise kernel_error('GatherV2', 'indices[%d] = %d is not in [0, %d)'
                               % (bad[0], to_union[bad[0]], count + 1), named=True,
                               note='Keras 3 (TensorFlow backend) divides IndexedSlices by a dense divisor '
                                    'with a zero or NaN row through a union of indices that repeated '
                                    'indices break; TensorFlow raises this error there too')
        padded = xp.concatenate([xp.zeros_like(values[:1]), values])
        values = padded[xp.asarray(to_union)]
    union = xp.asarray(union)
    return values / xp.sqrt(denominator[union]), union


def refuse_shapeless_union(denominator):
    """Keras's division of rows without a dense shape (an IndexedSlices built without one) by
    ``sqrt(denominator)``: its union branch reads ``dense_shape[0]``, Python's TypeError on None. Eagerly
    that branch runs only where a root is zero or NaN; a traced step (tf.cond) traces both branches."""
    from framework.eager_graph_names import inside_function
    if inside_function() or (~(denominator > 0)).any():
        error = TypeError("'NoneType' object is not subscriptable")
        error.add_note('Keras 3 divides IndexedSlices rows through a union of indices that needs their dense '
                       'shape: give the IndexedSlices gradient a dense_shape (its variable\'s shape)')
        raise error
