"""Bands of diagonals: diag_part, diag and set_diag with ``k=(lower, upper)``, as TensorFlow's
MatrixDiagPartV3 / MatrixDiagV3 / MatrixSetDiagV3.

A band is stored as (..., num_diags, max_diag_len): one row per diagonal from ``upper`` down
to ``lower``, each padded to the longest. ``align`` says where the shorter ones sit: its first
word for diagonals on or above the main one, its second for those below ('RIGHT' pads on the
left). Everything is composed from the single-diagonal ops, so gradients follow; diag of a band is
one recorded op with TF's rule (its gradient the band of g), and so is diag_part of a band.
"""
from .. import backend
from ..errors import InvalidArgumentError, kernel_error
from ..tensor import Tensor
from .operands import ACTIVE, record
from .selection import where
from .shapes import pad, stack
# diag_part and _onto_diagonal come from matrix_parts, which imports this module: imported in the functions.

_ALIGNS = ('RIGHT_LEFT', 'LEFT_RIGHT', 'LEFT_LEFT', 'RIGHT_RIGHT')
_KERNELS = {'diag_part': 'MatrixDiagPartV3', 'diag': 'MatrixDiagV3', 'set_diag': 'MatrixSetDiagV3'}


def band_offsets(k, op):
    """(lower, upper) from a pair k, checked as TensorFlow checks it."""
    try:
        lower, upper = int(k[0]), int(k[-1])
    except (TypeError, ValueError, IndexError):
        lower = upper = None
    if len(k) not in (1, 2) or lower is None:
        raise InvalidArgumentError('%s: k must be an int or a pair of ints (lower, upper), got %r' % (op, k))
    if lower > upper:       # the V3 kernel's words; its wrapper adds no name
        raise kernel_error(_KERNELS[op], 'lower_diag_index must not be larger than upper_diag_index: %d > %d'
                           % (lower, upper), note='%s: k=%r has lower > upper' % (op, k))
    return lower, upper


def _right_aligned(d, align, op):
    if align not in _ALIGNS:
        raise InvalidArgumentError('%s: align must be one of %s, got %r' % (op, _ALIGNS, align))
    word = align.split('_')[0 if d >= 0 else 1]
    return word == 'RIGHT'


def _length(rows, cols, d):
    return max(0, min(rows, cols - d) if d >= 0 else min(rows + d, cols))


def band_part_of(x, lower, upper, padding_value, align, op):
    """The diagonals ``upper`` .. ``lower`` of each matrix of x, as (..., num_diags, max_diag_len)."""
    from .matrix_parts import diag_part
    rows, cols = x.shape[-2], x.shape[-1]
    if ACTIVE:
        # one MatrixDiagPartV3 op with TF's rule, matrix_diag of g (0 off the band): composed of diag_parts,
        # its gradient added each diagonal's placement to the others' zeros and lost a -0.0 that TF keeps
        from ..tape import paused
        with paused():
            out = band_part_of(x, lower, upper, padding_value, align, op)
        record('matrix_diag_part_v3', (x,), out,
               (lambda g, y, x: band_matrix(g, lower, upper, rows, cols, 0, align, op)[0],))
        return out
    longest = max(_length(rows, cols, d) for d in range(lower, upper + 1))
    parts = []
    for d in range(upper, lower - 1, -1):
        v = diag_part(x, k=d)
        missing = longest - v.shape[-1]
        if missing:
            where = [missing, 0] if _right_aligned(d, align, op) else [0, missing]
            v = pad(v, [[0, 0]] * (v.ndim - 1) + [where], constant_values=padding_value)
        parts.append(v)
    return stack(parts, axis=-2)


def band_matrix(v, lower, upper, num_rows, num_cols, padding_value, align, op):
    """Matrices holding the band ``v`` (..., num_diags, max_diag_len) on diagonals lower..upper."""
    from .matrix_parts import _onto_diagonal
    if v.ndim < 2 or v.shape[-2] != upper - lower + 1:
        raise InvalidArgumentError('%s: a band for k=(%d, %d) must have shape (..., %d, max_diag_len), got %s'
                                   % (op, lower, upper, upper - lower + 1, tuple(v.shape)))
    longest = v.shape[-1]
    rows = int(num_rows) if num_rows is not None and int(num_rows) >= 0 else None
    cols = int(num_cols) if num_cols is not None and int(num_cols) >= 0 else None
    if rows is None and cols is None:
        rows = cols = longest + max(0, lower, -upper)
    elif rows is None:
        rows = longest - min(upper, 0)
    elif cols is None:
        cols = longest + max(lower, 0)
    if max(_length(rows, cols, d) for d in range(lower, upper + 1)) != longest:
        raise InvalidArgumentError('%s: the number of rows or columns (%d x %d) is not consistent with a band of '
                                   'max_diag_len %d for k=(%d, %d)' % (op, rows, cols, longest, lower, upper))
    if ACTIVE:
        # one MatrixDiagV3 op with TF's rule, the band of g (matrix_diag_part, padded with 0): summed from
        # slices of v, its gradient added each diagonal's to the others' zeros and lost a -0.0 that TF keeps
        from ..tape import paused
        with paused():
            out, mask = band_matrix(v, lower, upper, num_rows, num_cols, padding_value, align, op)
        record('matrix_diag_v3', (v,), out, (lambda g, y, v: band_part_of(g, lower, upper, 0, align, op),))
        return out, mask
    shape = tuple(v.shape[:-2]) + (rows, cols)
    out, mask = None, None
    xp = backend.array_module(v._data)
    for j, d in enumerate(range(upper, lower - 1, -1)):
        n = _length(rows, cols, d)
        row = v[..., j, longest - n:] if _right_aligned(d, align, op) else v[..., j, :n]
        placed = _onto_diagonal(row, shape, d)
        on = _onto_diagonal(Tensor(xp.ones(tuple(row.shape), bool)), shape, d)
        # placed by selection, not added to the other diagonals' zeros: a -0.0 stays -0.0, as in TF's kernel
        out = placed if out is None else Tensor(xp.where(on._data, placed._data, out._data))
        mask = on if mask is None else Tensor(mask._data | on._data)
    if padding_value != 0:
        out = where(mask, out, Tensor(out._data.dtype.type(padding_value)))
    return out, mask


def set_band(x, v, lower, upper, align, op):
    """x with the diagonals lower..upper replaced by the band v."""
    expected = tuple(x.shape[:-2]) + (upper - lower + 1,)
    if tuple(v.shape[:-1]) != expected:
        raise InvalidArgumentError('%s: the band must have shape %s + (max_diag_len,), got %s'
                                   % (op, expected, tuple(v.shape)))
    band, mask = band_matrix(v, lower, upper, x.shape[-2], x.shape[-1], 0, align, op)
    return where(mask, band, x)
