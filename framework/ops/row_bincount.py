"""tf.math.bincount of the values of a RaggedTensor or SparseTensor: the dense op on the flat
values, or (axis=-1) on values offset by their row, one block of bins per row. TensorFlow's
ragged and sparse bincounts give dense counts of the same dtypes as the dense op."""
import numpy as np

from .. import backend
from ..tensor import Tensor


def counts_by_row(values, rows, weights, minlength, maxlength, dtype, axis, binary_output):
    """Counts of ``values`` (a 1-D Tensor); ``rows``: None, or (row of each value, number of rows)
    for axis=-1, which gives a (rows, bins) matrix."""
    from .counting import bincount
    from .shapes import reshape
    if rows is None:
        return bincount(values, weights, minlength, maxlength, dtype, axis=axis, binary_output=binary_output)
    ids = np.asarray(backend.to_host(values._data))
    row_of, nrows = rows
    size = max(int(ids.max()) + 1 if ids.size else 0, int(minlength or 0))
    size = size if maxlength is None else min(size, int(maxlength))
    keep = ids < size
    offsets = Tensor(backend.place((np.asarray(row_of, ids.dtype) * size + ids)[keep]))
    if weights is not None:
        w = weights if isinstance(weights, Tensor) else Tensor(np.asarray(weights))
        weights = Tensor(w._data.reshape(-1)[backend.place(keep)])
    counts = bincount(offsets, weights, nrows * size, nrows * size, dtype, binary_output=binary_output)
    return reshape(counts, (nrows, size))
