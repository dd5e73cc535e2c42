"""tf.searchsorted as TF 2.21 runs it: its wrapper reads both last dimensions (x.shape[-1], a StridedSlice: a
scalar is its 'slice index -1 of dimension 0 out of bounds.'), folds the leading axes into rows, checks ``side``,
and calls LowerBound / UpperBound, whose CPU kernels run std::lower_bound / std::upper_bound on each row.

The binary search is libstdc++'s, step by step, so that a row holding NaN, or one that is not sorted, gives
TF's index: lower_bound moves right while ``row[mid] < value``, upper_bound while ``!(value < row[mid])``
(searchsorted([1, 2, 2, 3, 5], nan) is 0 on the left, 5 on the right; numpy's search sorts NaN last).
"""
import numpy as np

from .. import backend, dtypes
from ..errors import kernel_error
from ..tape import record_blocked
from ..tensor import Tensor
from .graph_input_errors import eager_input_error
from .index_operands import refuse_out_dtype
from .missing_kernels import listed_not_found
from .operands import ACTIVE, as_tensor, named_errors

_SIGNATURE = ('sorted_inputs:T, values:T -> output:out_type; attr=T:type; '
              'attr=out_type:type,default=DT_INT32,allowed=[DT_INT32, DT_INT64]')


def bound_search(rows, queries, side):
    """For each row of ``rows`` (batch, n) and each of its ``queries`` (batch, m), std::lower_bound's
    (side 'left') or std::upper_bound's index, with the comparisons those make."""
    n = rows.shape[1]
    first = np.zeros(queries.shape, np.int64)
    length = np.full(queries.shape, n, np.int64)
    if n == 0:
        return first
    with np.errstate(invalid='ignore'):
        while (length > 0).any():
            half = length >> 1
            middle = first + half
            probe = np.take_along_axis(rows, np.minimum(middle, n - 1), axis=1)
            right = (probe < queries) if side == 'left' else ~(queries < probe)
            right &= length > 0
            first = np.where(right, middle + 1, first)
            length = np.where(right, length - half - 1, half)
    return first


def _last_dimension(t):
    if t.ndim == 0:     # x.shape[-1] in the wrapper: StridedSlice of an empty shape vector
        raise kernel_error('StridedSlice', 'slice index -1 of dimension 0 out of bounds.', named='strided_slice/',
                           note='searchsorted: sorted_sequence and values need rank >= 1, got a scalar')
    return t.shape[-1]


@named_errors('searchsorted', passes_name=True)
def searchsorted(sorted_sequence, values, side='left', out_type='int32', name=None):
    """For each value, the index in its row of ``sorted_sequence`` (last axis) where it would be inserted to keep
    the order ('left': before equal values, 'right': after them); the leading axes fold into rows, whose numbers
    must match."""
    s, v = as_tensor(sorted_sequence, 'searchsorted'), as_tensor(values, 'searchsorted')
    s_size, v_size = _last_dimension(s), _last_dimension(v)
    if side not in ('left', 'right'):
        error = ValueError("Argument `side` must be either 'right' or 'left'. Received: `side` = %r." % (side,))
        error.add_note("searchsorted: side must be 'left' or 'right', got %r" % (side,))
        raise error
    kernel = 'LowerBound' if side == 'left' else 'UpperBound'
    real = s._data.dtype.kind in 'fiu' or s.dtype.is_floating       # (bfloat16's numpy kind is 'V')
    if s.dtype != v.dtype and real:
        # a real sequence fixes the kernel's T: values of another dtype (complex, string too) fail its input check
        raise eager_input_error(kernel, 1, s.dtype, v.dtype, named=True)
    if s.dtype.is_bool:     # TF registers bool kernels for XLA only: the CPU lookup fails, whatever the values
        out = dtypes.as_dtype(out_type).name.upper()
        raise listed_not_found(kernel, 'bool', 'searchsorted', ', out_type=DT_%s' % out)
    if s.dtype != v.dtype or not real:
        # other kinds fail in Python
        raise TypeError('searchsorted: sorted_sequence and values must share one real dtype, got %s and %s'
                        % (s.dtype.name, v.dtype.name))
    refuse_out_dtype(kernel, dtypes.as_dtype(out_type).name, True, 'searchsorted', _SIGNATURE, ('int32', 'int64'),
                     'out_type')
    rows = backend.to_host(s._data).reshape(-1, s_size) if s_size else np.zeros((s._data.size, 0), s._data.dtype)
    queries = backend.to_host(v._data).reshape(-1, v_size) if v_size else np.zeros((v._data.size, 0), v._data.dtype)
    if s_size == 0 or v_size == 0:      # (reshape(-1, 0) folds nothing: the rows are the leading axes' product)
        rows = rows.reshape(int(np.prod(s.shape[:-1], dtype=np.int64)), s_size)
        queries = queries.reshape(int(np.prod(v.shape[:-1], dtype=np.int64)), v_size)
    if rows.shape[0] != queries.shape[0]:
        raise kernel_error(kernel, 'Leading dim_size of both tensors must match.', named=True,
                           note='searchsorted: sorted_sequence %s and values %s fold into %d and %d rows'
                                % (tuple(s.shape), tuple(v.shape), rows.shape[0], queries.shape[0]))
    if ACTIVE:
        record_blocked('searchsorted', (s, v))
    found = bound_search(rows, queries, side)
    out = found.reshape(v._data.shape).astype(dtypes.numpy_dtype(out_type))
    return Tensor(backend.place(out))

