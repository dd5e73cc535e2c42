"""TensorFlow's float32 Qr kernel for 48 or more columns, bit for bit: Eigen's blocked
HouseholderQR and its blocked reduced Q.

eigen_householder_qr.py follows Eigen for fewer than 48 columns (one block of reflectors). From 48
on (an LSTM(64)'s recurrent kernel is the Q of a (256, 64) draw, the functional API guide's
LSTM(128) one of (512, 128)) Eigen factors 48 columns at a time and applies each block of
reflectors to the columns after it at once, and forms the reduced Q ``householderQ() * tmp``
(tmp a stored Identity(m, n)) block by block (blocks of (n + 1) // 2 below 96 columns, else 48,
last block first); LAPACK's QR, used before, differed from TF in the last bits of most entries. A block
applies as H = I - V T V^T: T from Eigen's make_block_householder_triangular_factor (a
column-major triangular matrix-vector product per reflector), then tmp = V^T mat, T tmp (T^T
tmp for the factorization) and mat -= V tmp, Eigen's triangular products
(eigen_triangular_products.py). The factorization's matrix is TF's row-major one, so its last
product runs transposed; the Q being formed is column-major (the type Eigen's operator* makes).

Checked against TF 2.21 and against Eigen compiled with -mavx (the harness:
/work/notes/progs/kerasguides26/qr/eqr.cc, eblk.cc): over 70 shapes from (48, 48) to
(1024, 256), square and tall, every entry of Q and R equal. float32 only (float64 packets have
other widths). It costs ~0.2 s for (512, 128) and grows as m n^2, hence ``covers``'s limit.
"""
import numpy as np

from . import eigen_householder_qr as unblocked
from .eigen_triangular_products import column_major_gemv, triangular_product

_F = np.float32
_BLOCK = 48          # HouseholderQR's block of reflectors, and HouseholderSequence's BlockSize
_MOST_VALUES = 65536     # (512, 128), an LSTM(128)'s: ~0.2 s; the cost grows as m * n * n


def covers(shape, dtype):
    """Tall or square float32 matrices of 48 or more columns (fewer: eigen_householder_qr) and up
    to 65536 values."""
    rows, cols = shape[-2], shape[-1]
    return np.dtype(dtype) == np.float32 and rows >= cols >= _BLOCK and rows * cols <= _MOST_VALUES


def batched_reduced_qr(a):
    """``reduced_qr`` over the leading dimensions of ``a`` (..., m, n)."""
    m, n = a.shape[-2:]
    pairs = [reduced_qr(matrix) for matrix in a.reshape((-1, m, n))]
    q = np.array([p[0] for p in pairs], _F).reshape(a.shape[:-2] + (m, n))
    r = np.array([p[1] for p in pairs], _F).reshape(a.shape[:-2] + (n, n))
    return q, r


def reduced_qr(a):
    """(q, r) of one matrix ``a`` (m, n), q (m, n) and r (n, n), with TF's Qr kernel's bits."""
    work, taus = _factor(a)
    return _reduced_q(work, taus), np.triu(work)[:a.shape[1]]


def _factor(a):
    """Eigen's householder_qr_inplace_blocked: the reflectors below the diagonal, R above."""
    m, n = a.shape
    work = np.array(a, dtype=_F, copy=True)
    taus = np.zeros(n, _F)
    for k in range(0, n, _BLOCK):
        width = min(n - k, _BLOCK)
        panel = work[k:, k:k + width]
        for j in range(width):       # the unblocked factorization of the panel alone
            taus[k + j], beta, essential = unblocked._make_householder(panel[j:, j])
            panel[j + 1:, j] = essential
            panel[j, j] = beta
            unblocked._apply_on_the_left(panel[j:, j + 1:], essential, taus[k + j], unblocked._colmajor_gemv, m)
        if k + width < n:
            _apply_block(work[k:, k + width:], panel, taus[k:k + width], False, n, row_major=True)
    return work, taus


def _reduced_q(work, taus):
    """householderQ() * tmp, tmp a stored Identity(m, n) (TF's reduced Q), a block of reflectors at a time."""
    m, n = work.shape
    q = np.eye(m, n, dtype=_F)
    step = (n + 1) // 2 if n < 2 * _BLOCK else _BLOCK
    for i in range(0, n, step):
        end = n - i
        k = max(0, end - step)
        # TF multiplies by an Identity it has stored (a matrix Eigen cannot know to be one), so
        # each block updates all n columns of its rows, square or not
        _apply_block(q[k:], work[k:, k:end], taus[k:end], True, n, row_major=False)
    return q


def _apply_block(mat, vectors, taus, forward, stride, row_major):
    """Eigen's apply_block_householder_on_the_left: mat = H mat, H = I - V T V^T (T^T backward)."""
    t = _triangular_factor(vectors, taus, stride)
    tmp = np.zeros((vectors.shape[1], mat.shape[1]), _F)
    triangular_product(tmp, vectors.T, mat, 1, lower=False, unit=True)
    scaled = np.zeros_like(tmp)
    if forward:
        triangular_product(scaled, t, tmp, 1, lower=False, unit=False)
    else:
        triangular_product(scaled, t.T, tmp, 1, lower=True, unit=False)
    triangular_product(mat, vectors, scaled, -1, lower=True, unit=True, row_major=row_major)


def _triangular_factor(vectors, taus, stride):
    """Eigen's make_block_householder_triangular_factor: row i of T is -tau_i v_i^T V (V unit lower,
    a column-major triangular matrix-vector product in panels of 8), then folded with the rows below."""
    rows, count = vectors.shape
    t = np.zeros((count, count), _F)
    for i in range(count - 1, -1, -1):
        tail = count - i - 1
        if tail:
            alpha = _F(-taus[i])
            v = vectors[i + 1:, i]
            u = vectors[i + 1:, i + 1:].T           # (tail, rows - i - 1), unit upper
            row = np.zeros(tail, _F)
            for pi in range(0, tail, 8):
                width = min(8, tail - pi)
                for k in range(width):
                    j = pi + k
                    if k:
                        row[pi:j] = row[pi:j] + (alpha * v[j]) * u[pi:j, j]
                    row[j] = row[j] + alpha * v[j]
                if pi:
                    column_major_gemv(row[:pi], u[:pi, pi:pi + width], v[pi:pi + width], alpha, stride)
            if len(v) > tail:
                column_major_gemv(row, u[:, tail:], v[tail:], alpha, stride)
            t[i, i + 1:] = row
            for j in range(count - 1, i, -1):
                z = t[i, j]
                t[i, j] = z * t[j, j]
                if j + 1 < count:
                    t[i, j + 1:] = t[i, j + 1:] + z * t[j, j + 1:]
        t[i, i] = taus[i]
    return t
