"""Parts of (batches of) matrices: diagonals, bands, transposes, trace, matvec.

Everything acts on the last two axes. Two primitives carry the gradients:
``diag_part`` reads the k-th diagonal and ``_onto_diagonal`` writes a vector
onto the k-th diagonal of zeros; each one's gradient is the other, so second
derivatives work. The rest (diag, set_diag, trace, band_part, matvec,
matrix_transpose) are compositions of these and existing ops.
"""
import numpy as np

from .. import backend
from ..errors import InvalidArgumentError, fast_path, kernel_error, without_name_tail
from ..given_op_name import given_name
from ..tensor import Tensor
from .complex_parts import conj
from .linalg import matmul
from .band_counts import band_counts
from .matrix_bands import band_matrix, band_offsets, band_part_of, set_band
from .missing_kernels import listed_not_found
from .operands import ACTIVE, as_tensor, named_errors, record
from .reductions import reduce_sum
from .selection import where
from .shapes import expand_dims, squeeze, transpose
from ..tf_python_names import tf_named


_KERNELS = {'diag_part': 'MatrixDiagPartV3', 'band_part': 'MatrixBandPart'}


def _tail(name):
    """kernel_error's ``named`` for the name a call gave: TF's tail prints ``str(name)``, '' for None."""
    return True if name is None else str(name) or True


def _matrices(x, op, name=None, padding_value=None):
    t = as_tensor(x, op)
    if t._data.dtype.kind not in 'fciub' and t._data.dtype.name != 'bfloat16':     # (bfloat16: kind 'V')
        _refuse_padding(t, padding_value, op)
        raise TypeError('%s: expected a numeric or bool tensor, got dtype %s' % (op, t.dtype.name))
    if t.ndim < 2:
        sentence = '%s: input must be at least 2-dim (a batch of matrices), received shape %s' % (op, tuple(t.shape))
        if op not in _KERNELS:
            raise InvalidArgumentError(sentence)
        kernel = _KERNELS[op]       # the kernel's words; its ' name: ' tail on the fast path
        raise kernel_error(kernel, 'input must be at least 2-dim, received shape: [%s]' % ','.join(map(str, t.shape)),
                           named=fast_path(x) and _tail(name), note=sentence)
    return t


def _offset(k, op):
    if isinstance(k, (tuple, list)) or not isinstance(k, (int, np.integer)) or isinstance(k, bool):
        raise TypeError('%s: k must be one int (the diagonal offset; bands of diagonals are not supported), '
                        'got %r' % (op, k))
    return int(k)


def _diagonal_index(rows, cols, k):
    """(row indices, column indices) of the k-th diagonal of a rows x cols matrix."""
    length = max(0, min(rows, cols - k) if k >= 0 else min(rows + k, cols))
    i = np.arange(length)
    return i + max(-k, 0), i + max(k, 0)


# the V3 kernels' bound checks differ by one '.' (TF 2.21's texts): 'out of bound: 4. It must' / 'out of bound: 4 It must'
_BOUND_KERNELS = {'diag_part': ('MatrixDiagPartV3', '.'), 'set_diag': ('MatrixSetDiagV3', '')}


def _check_offsets(x, k, op, named):
    """MatrixDiagPartV3's / MatrixSetDiagV3's first checks: each of k's offsets (lower, then upper) inside
    -rows < k < cols (k = 0 always passes), before the band order and the diagonal's shape."""
    try:
        pair = (int(k[0]), int(k[-1])) if isinstance(k, (tuple, list)) else (int(k), int(k))
    except (TypeError, ValueError, IndexError):
        return      # a malformed k: band_offsets / _offset word it
    rows, cols = x.shape[-2], x.shape[-1]
    kernel, stop = _BOUND_KERNELS[op]
    for which, index, after in (('lower', pair[0], stop), ('upper', pair[1], '')):
        if not (-rows < index < cols or index == 0):
            raise kernel_error(kernel, '%s_diag_index is out of bound: %d%s It must be between %d and %d'
                               % (which, index, after, -rows, cols), named=named,
                               note='%s: diagonal offset k=%r is outside a %d x %d matrix; it must satisfy '
                                    '-%d < k < %d (or be 0)' % (op, k, rows, cols, rows, cols))


@tf_named('matrix_diag_part')
@named_errors('diag_part')
def diag_part(input, name='diag_part', k=0, padding_value=0, align='RIGHT_LEFT'):  # noqa: A002  (TF's default name)
    """The k-th diagonal of each matrix (k > 0 above the main diagonal, k < 0 below)."""
    x = _matrices(input, 'diag_part', name, padding_value=padding_value)
    _check_offsets(x, k, 'diag_part', fast_path(input, k) and _tail(name))
    if isinstance(k, (tuple, list)):
        lower, upper = band_offsets(k, 'diag_part')
        return band_part_of(x, lower, upper, padding_value, align, 'diag_part')
    k = _offset(k, 'diag_part')
    shape = tuple(x.shape)
    rows, cols = _diagonal_index(shape[-2], shape[-1], k)
    out = Tensor(x._data[..., rows, cols])
    if ACTIVE:
        record('diag_part', (x,), out, (lambda g, y, x: _onto_diagonal(g, shape, k),))
    return out


def _onto_diagonal(v, shape, k):
    """Zeros of ``shape`` with the vectors ``v`` (shape[:-2] + (length,)) on the k-th diagonal."""
    rows, cols = _diagonal_index(shape[-2], shape[-1], k)
    xp = backend.array_module(v._data)
    z = xp.zeros(shape, v.dtype)
    z[..., rows, cols] = v._data
    out = Tensor(z)
    if ACTIVE:
        record('onto_diagonal', (v,), out, (lambda g, y, v: diag_part(g, k=k),))
    return out


def _check_diag_sizes(n, k, rows, cols, named):
    """MatrixDiagV3's checks of num_rows / num_cols (-1: not given) for a diagonal of length n at offset k."""
    least_rows, least_cols = n - min(k, 0), n + max(k, 0)
    text = ('The number of rows is too small.' if rows != -1 and rows < least_rows else
            'The number of columns is too small.' if cols != -1 and cols < least_cols else
            'The number of rows or columns is not consistent with the specified d_lower, d_upper, and diagonal.'
            if rows != -1 and cols != -1 and rows != least_rows and cols != least_cols else None)
    if text is not None:
        raise kernel_error('MatrixDiagV3', text, named=named,
                           note='diag: a diagonal of length %d at k=%d needs num_rows %d or num_cols %d (one of them '
                                'exactly), got a %d x %d matrix' % (n, k, least_rows, least_cols,
                                                                    least_rows if rows == -1 else rows,
                                                                    least_cols if cols == -1 else cols))


def _no_string_kernel(error, kernel, attrs, fast, name, op):
    """TF 2.21's NotFoundError for string matrices, in place of ``error`` (_matrices' refusal): MatrixBandPart's and
    MatrixSetDiagV3's registrations take strings (their XLA kernels), no CPU kernel does, and TF looks for one
    before any shape check. ``attrs``: the node's other attributes as TF prints them; ``fast``: the fast path's
    ' name: ' tail, with the given ``name``. Another error is returned as it is."""
    if type(error) is not TypeError or not str(error).endswith('got dtype string'):
        return error
    found = listed_not_found(kernel, 'string', op, attrs)
    return given_name(found, name) if fast else without_name_tail(found)


def _index_type(fast, *counts):
    """MatrixBandPart's Tindex as TF infers it: the first count with a dtype gives it; Python ints are int64 on
    the fast path, int32 on the slow one (a list or numpy scalar among the arguments)."""
    for count in counts:
        dtype_name = getattr(getattr(count, 'dtype', None), 'name', None)
        if dtype_name in ('int32', 'int64'):
            return dtype_name.upper()
    return 'INT64' if fast else 'INT32'


def _refuse_padding(t, padding_value, op):
    """TF 2.21's diag / diag_part (and trace, which takes diag_part) convert padding_value to the input's dtype
    first: a string input with the default 0 fails there, 'Cannot convert 0 to EagerTensor of dtype string'."""
    if padding_value is not None and t._data.dtype.kind in 'OSU' and not isinstance(padding_value, (str, bytes, Tensor)):
        error = TypeError('Cannot convert %r to EagerTensor of dtype string' % (padding_value,))
        error.add_note('%s: expected a numeric or bool tensor, got dtype string' % op)
        raise error


@tf_named('matrix_diag')
@named_errors('diag')
def diag(diagonal, name=None, k=0, num_rows=-1, num_cols=-1, padding_value=0, align='RIGHT_LEFT'):
    """Matrices with ``diagonal`` (shape (..., n)) on their k-th diagonal and ``padding_value`` elsewhere."""
    v = as_tensor(diagonal, 'diag')
    if v._data.dtype.kind not in 'fciub' and v._data.dtype.name != 'bfloat16':
        _refuse_padding(v, padding_value, 'diag')
        raise TypeError('diag: expected a numeric or bool diagonal, got dtype %s' % v.dtype.name)
    if v.ndim < 1:
        raise kernel_error('MatrixDiagV3', 'diagonal must be at least 1-dim, received shape: []', named='diag',
                           note='diag: diagonal must be at least 1-dim, received shape %s' % (tuple(v.shape),))
    if isinstance(k, (tuple, list)):
        lower, upper = band_offsets(k, 'diag')
        return band_matrix(v, lower, upper, num_rows, num_cols, padding_value, align, 'diag')[0]
    k = _offset(k, 'diag')
    n = v.shape[-1]
    # TensorFlow: square n + |k| when neither size is given; else a missing size is the smallest that fits.
    given_rows = num_rows is not None and int(num_rows) >= 0
    given_cols = num_cols is not None and int(num_cols) >= 0
    _check_diag_sizes(n, k, int(num_rows) if given_rows else -1, int(num_cols) if given_cols else -1,
                      'diag' if isinstance(diagonal, (Tensor, np.ndarray)) else False)
    rows = int(num_rows) if given_rows else n + (max(-k, 0) if given_cols else abs(k))
    cols = int(num_cols) if given_cols else n + (max(k, 0) if given_rows else abs(k))
    shape = tuple(v.shape[:-1]) + (rows, cols)
    out = _onto_diagonal(v, shape, k)
    if padding_value != 0:
        on_diagonal = _onto_diagonal(Tensor(backend.array_module(v._data).ones(v.shape, bool)), shape, k)
        out = where(on_diagonal, out, Tensor(out._data.dtype.type(padding_value)))
    return out


@tf_named('matrix_set_diag')
@named_errors('set_diag')
def set_diag(input, diagonal, name='set_diag', k=0, align='RIGHT_LEFT'):  # noqa: A002  (TF's default name)
    """``input`` with its k-th diagonal replaced by ``diagonal`` (gradients reach both)."""
    try:
        x = _matrices(input, 'set_diag')
    except TypeError as error:
        raise _no_string_kernel(error, 'MatrixSetDiagV3', ', align="%s"' % align, fast_path(input, diagonal, k),
                                name, 'set_diag') from None
    named = fast_path(input, diagonal, k) and _tail(name)     # a list among them: no ' name: ' tail
    _check_offsets(x, k, 'set_diag', named)
    if isinstance(k, (tuple, list)):
        lower, upper = band_offsets(k, 'set_diag')
        return set_band(x, as_tensor(diagonal, 'set_diag', dtype=x.dtype), lower, upper, align, 'set_diag')
    k = _offset(k, 'set_diag')
    d = as_tensor(diagonal, 'set_diag', dtype=x.dtype)
    shape = tuple(x.shape)
    rows, _ = _diagonal_index(shape[-2], shape[-1], k)
    want = shape[:-2] + (len(rows),)
    if tuple(d.shape) != want:
        raise kernel_error('MatrixSetDiagV3', "Either first dimensions of diagonal don't match input.shape[:-2], or "
                           'diagonal.shape[:-1] is not equal to the longests diagonal in range '
                           '[lower_diag_index:upper_diag_index].\nInput shape: [%s]\nDiagonal shape: [%s]\nExpected '
                           'diagonal shape: [%s]' % (','.join(map(str, shape)), ','.join(map(str, d.shape)),
                                                     ','.join(map(str, want))), named=named,
                           note='set_diag: diagonal must have shape %s (input.shape[:-2] + the length of diagonal %d) '
                                'for input of shape %s, got %s' % (want, k, shape, tuple(d.shape)))
    xp = backend.array_module(x._data)
    on_diagonal = _onto_diagonal(Tensor(xp.ones(want, bool)), shape, k)
    return where(on_diagonal, _onto_diagonal(d, shape, k), x)


@named_errors('trace')
def trace(x, name=None):
    """The sum of each matrix's main diagonal."""
    return reduce_sum(diag_part(x), -1)


@tf_named('matrix_band_part')
@named_errors('band_part')
def band_part(input, num_lower, num_upper, name=None):  # noqa: A002
    """Each matrix with everything outside its band zeroed: ``num_lower`` diagonals below
    the main one and ``num_upper`` above are kept (a negative count keeps them all)."""
    try:
        x = _matrices(input, 'band_part', name)
    except TypeError as error:
        fast = fast_path(input, num_lower, num_upper)
        raise _no_string_kernel(error, 'MatrixBandPart', ', Tindex=DT_' + _index_type(fast, num_lower, num_upper),
                                fast, name, 'band_part') from None
    lower, upper = band_counts(x, num_lower, num_upper)
    rows, cols = x.shape[-2], x.shape[-1]
    for what, count, size, axis in (('num_lower', lower, rows, 'rows'), ('num_upper', upper, cols, 'columns')):
        if count > size:        # MatrixBandPart's check (a silent 'keep all' before)
            raise kernel_error('MatrixBandPart', '%s must be negative or less or equal to number of %s (%d) got: %d'
                               % (what, axis, size, count), named=True,
                               note='band_part: %s=%d is more than the %d %s of a matrix of shape %s; a negative '
                                    'count keeps them all' % (what, count, size, axis, tuple(x.shape)))
    offset = np.arange(cols)[None, :] - np.arange(rows)[:, None]      # column - row
    keep = ((lower < 0) | (-offset <= lower)) & ((upper < 0) | (offset <= upper))
    xp = backend.array_module(x._data)
    keep = Tensor(xp.asarray(keep))
    return where(keep, x, Tensor(xp.zeros((), x._data.dtype)))      # the zero on x's device (cupy too)


def _last_two_swapped(ndim):
    return list(range(ndim - 2)) + [ndim - 1, ndim - 2]


@named_errors('matrix_transpose')
def matrix_transpose(a, name='matrix_transpose', conjugate=False):
    """Each matrix transposed (the last two axes swapped); conjugated too with ``conjugate``."""
    t = as_tensor(a, 'matrix_transpose')
    if t.ndim < 2:      # TF's f-string formats the tensor: a scalar as a Python number (float32 1.1 is 1.100000023841858)
        raise ValueError('Argument `a` should be a (batch) matrix with rank >= 2.  Received `a` = {} with shape: {}'
                         .format(t, tuple(t.shape)))
    if conjugate and t._data.dtype.kind == 'c':
        t = conj(t)
    return transpose(t, _last_two_swapped(t.ndim))


@named_errors('matvec')
def matvec(a, b, transpose_a=False, adjoint_a=False, a_is_sparse=False, b_is_sparse=False, name=None):
    """Each matrix of ``a`` (..., m, n) times the vectors ``b`` (..., n): shape (..., m)."""
    va = as_tensor(a, 'matvec')
    vb = as_tensor(b, 'matvec')
    if va.ndim < 2 or vb.ndim < 1:      # TF's MatMul of a and expand_dims(b, -1)
        raise kernel_error('MatMul', 'In[%d] ndims must be >= 2' % (0 if va.ndim < 2 else 1), named=True,
                           node='__MklMatMul' if va.dtype.name in ('float32', 'bfloat16') else None,
                           note='matvec: a must be matrices (rank >= 2) and b vectors (rank >= 1), got shapes %s '
                                'and %s' % (tuple(va.shape), tuple(vb.shape)))
    return squeeze(matmul(va, expand_dims(vb, -1), transpose_a=transpose_a, adjoint_a=adjoint_a), -1)
