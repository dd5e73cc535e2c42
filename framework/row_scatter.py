"""``out[indices[i]] += rows[i]``, one row after another: the scatter-add of embedding gradients.

``np.add.at`` adds a repeated index's rows in turn (TensorFlow's scatter_add and its dense
gradient of a gather add them in that order too), but on rows it walks every index through
numpy's general fancy-indexing machinery: 0.40 ms for the 1,600 (16,)-rows of an
Embedding(1000, 16) batch of 32 x 50 tokens. Spelled on the flat buffer, with one element
index per value, it takes numpy's 1-D fast path (0.05 ms) and adds the same values in the
same order, so every bit is the same.
"""
import numpy as np

from . import backend


def add_rows(out, indices, rows, elements=None):
    """Add ``rows`` (shape ``indices.shape + out.shape[1:]``) into ``out`` at the first-axis ``indices``, in place.

    Returns the flat element indices it used (None for numpy's own form), which a later call with
    the same ``indices`` and ``out`` shape may pass back as ``elements`` (an optimizer's step scatters
    a sparse gradient's rows and their squares: RowGradients.dense)."""
    xp = backend.array_module(out)
    if xp is not np:
        import cupyx
        cupyx.scatter_add(out, indices, rows)
        return None
    indices, rows = np.asarray(indices), np.asarray(rows)
    inner = out.size // out.shape[0] if out.ndim > 1 and out.shape[0] else 0
    if (inner <= 1 or indices.dtype.kind not in 'iu' or not out.flags.c_contiguous
            or rows.shape != indices.shape + out.shape[1:]):
        np.add.at(out, indices, rows)       # a vector, a mask, a broadcast row: numpy's own form
        return None
    if elements is None:
        # index * inner + j is element j of row ``index`` for -len(out) <= index < len(out), a negative
        # index counting from the end as in np.add.at; any other index raises its IndexError
        elements = (indices.reshape(-1, 1).astype(np.intp) * inner + np.arange(inner)).reshape(-1)
    np.add.at(out.reshape(-1), elements, rows.reshape(-1))
    return elements
