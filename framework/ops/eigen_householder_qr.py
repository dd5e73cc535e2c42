"""TensorFlow's CPU Qr kernel, bit for bit: Eigen's HouseholderQR in its operation order.

TF's kernel factors with Eigen::HouseholderQR (blocked by 48 columns) and forms Q as
``householderQ()`` (full_matrices) or ``householderQ() * Identity(m, k)`` (reduced). LAPACK's QR
(numpy) rounds differently, so Keras's Orthogonal initializer (QR of a seeded normal draw: every
LSTM / GRU / SimpleRNN recurrent kernel) drifted from TF in the last bits. This module follows
Eigen's order for tall or square real matrices with fewer than 48 columns (one Householder
block, no blocked evaluation of Q); wide matrices are not covered (``covers``), and float32
matrices of 48 columns or more are eigen_blocked_qr.py's.

Orders, measured against TF 2.21's tensorflow-cpu (x86-64, AVX without FMA):
- a reflector's tail norm and single-column dot products sum left to right;
- the factorization and the full Q apply each reflector with Eigen's column-major GEMV: left to
  right, in chunks of 16 terms added to the running sum once the sum has 128 or more terms;
- the reduced Q applies them with the row-major GEMV: 8 float32 (4 float64) lanes, reduced
  pairwise, rows in groups of 8 / 4 / 2 and a last row that also uses half-width lanes.
"""
import numpy as np

from .eigen_redux import predux

EIGEN_QR_BLOCK = 48          # HouseholderQR's block size, and HouseholderSequence's
_LANES = {np.dtype(np.float32): 8, np.dtype(np.float64): 4}     # AVX packet widths


def covers(shape, dtype, full_matrices=False):
    """True where this emulation gives TF's bits: real float32/float64, m >= n and n below
    Eigen's block size (at most 48 for the full Q, whose blocked evaluation starts above 48;
    under 48 for the reduced Q, blocked from 48)."""
    rows, cols = shape[-2], shape[-1]
    limit = EIGEN_QR_BLOCK if full_matrices else EIGEN_QR_BLOCK - 1
    return np.dtype(dtype) in _LANES and rows >= cols and 0 < cols <= limit


def batched_householder_qr(a, full_matrices=False):
    """``householder_qr`` over the leading dimensions of ``a`` (..., m, n)."""
    m, n = a.shape[-2:]
    flat = a.reshape((-1, m, n))
    pairs = [householder_qr(matrix, full_matrices) for matrix in flat]
    k = m if full_matrices else n
    q = np.array([p[0] for p in pairs], a.dtype).reshape(a.shape[:-2] + (m, k))
    r = np.array([p[1] for p in pairs], a.dtype).reshape(a.shape[:-2] + (k, n))
    return q, r


def householder_qr(a, full_matrices=False):
    """(q, r) of one matrix ``a`` (see ``covers``) with TF's Qr kernel's rounding."""
    m, n = a.shape
    work = np.array(a, copy=True)
    taus = np.zeros(n, a.dtype)
    for k in range(n):
        taus[k], beta, essential = _make_householder(work[k:, k])
        work[k + 1:, k] = essential
        work[k, k] = beta
        _apply_on_the_left(work[k:, k + 1:], essential, taus[k], _colmajor_gemv, m)
    r = np.triu(work)
    if full_matrices:
        q = np.eye(m, dtype=a.dtype)
        for k in range(n - 1, -1, -1):
            _apply_on_the_left(q[k:, k:], work[k + 1:, k], taus[k], _colmajor_gemv, m)
        return q, r
    q = np.eye(m, n, dtype=a.dtype)
    for k in range(n - 1, -1, -1):
        _apply_on_the_left(q[k:, :], work[k + 1:, k], taus[k], _rowmajor_gemv, m)
    return q, r[:n]


def _make_householder(x):
    """(tau, beta, essential) of Eigen's makeHouseholder: H x = beta e0, H = I - tau v v^T."""
    zero = x.dtype.type(0)
    tail_sq_norm = _sequential_dot(x[1:], x[1:]) if len(x) > 1 else zero
    c0 = x[0]
    if tail_sq_norm <= np.finfo(x.dtype).tiny:
        return zero, c0, np.zeros_like(x[1:])
    beta = np.sqrt(c0 * c0 + tail_sq_norm)
    if c0 >= 0:
        beta = -beta
    return (beta - c0) / beta, beta, x[1:] / (c0 - beta)


def _apply_on_the_left(block, essential, tau, gemv, leading_dim):
    """Eigen's applyHouseholderOnTheLeft on ``block`` (a view, updated in place)."""
    if block.shape[0] == 1:
        block *= block.dtype.type(1) - tau
        return
    if tau == 0 or block.shape[1] == 0:
        return
    bottom = block[1:]
    if block.shape[1] == 1:     # Eigen falls back to a plain dot product
        tmp = np.array([_sequential_dot(essential, bottom[:, 0])], block.dtype)
    else:
        tmp = gemv(essential, bottom, leading_dim)
    tmp = tmp + block[0]
    block[0] -= tau * tmp
    bottom -= np.multiply.outer(tau * essential, tmp)


def _sequential_dot(x, y):
    # np.add.accumulate adds strictly left to right (np.sum would add pairwise).
    return np.add.accumulate(x * y)[-1]


def _colmajor_gemv(essential, bottom, leading_dim):
    """essential^T bottom, summed down the rows in Eigen's column-major GEMV chunks."""
    length = bottom.shape[0]
    chunk = length if length < 128 else (16 if leading_dim * bottom.itemsize < 32000 else 4)
    products = essential[:, None] * bottom
    result = np.zeros(bottom.shape[1], bottom.dtype)
    for start in range(0, length, chunk):
        result = np.add.accumulate(products[start:start + chunk], axis=0)[-1] + result
    return result



def _rowmajor_gemv(essential, bottom, leading_dim):
    """essential^T bottom with Eigen's row-major GEMV (over bottom's transpose)."""
    length, cols = bottom.shape
    width = _LANES[bottom.dtype]
    products = bottom * essential[:, None]
    full_end = length // width * width
    half = width // 2
    half_end = full_end + (length - full_end) // half * half
    lanes = np.zeros((width, cols), bottom.dtype)
    for start in range(0, full_end, width):
        lanes = lanes + products[start:start + width]
    sums = predux(lanes.T)
    # Output rows go in groups of 8, 4, 2, then one by one; only the last one-by-one rows
    # use half-width lanes before the scalar tail.
    single_from = _first_single_row(cols, eight_rows=leading_dim * bottom.itemsize <= 32000)
    multi = sums[:single_from].copy()
    for i in range(full_end, length):
        multi = multi + products[i, :single_from]
    single = sums[single_from:]
    if single_from < cols:
        half_lanes = np.zeros((half, cols - single_from), bottom.dtype)
        for start in range(full_end, half_end, half):
            half_lanes = half_lanes + products[start:start + half, single_from:]
        single = single + predux(half_lanes.T)
        for i in range(half_end, length):
            single = single + products[i, single_from:]
    return np.concatenate([multi, single]) + bottom.dtype.type(0)


def _first_single_row(rows, eight_rows):
    i = 0
    for group in ((8, 4, 2) if eight_rows else (4, 2)):
        while i + group <= rows:
            i += group
    return i
