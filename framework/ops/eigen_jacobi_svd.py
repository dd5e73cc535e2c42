"""Singular value decompositions of square, tall and wide matrices of a few columns as TensorFlow's CPU
Svd kernel computes them (Eigen's BDCSVD, which hands matrices of fewer than 16 columns to
JacobiSVD), so that a printed ``tf.linalg.svd(tf.constant([[4., 1.], [1., 3.]]))`` shows TF 2.21's
[4.6180344 2.3819664] (LAPACK: [4.618034 2.381966]), a PCA's svd of its centred 10 x 2 data
[3.399448   0.66464317] (LAPACK: [3.3994484 0.6646432]), and the singular vectors with TF's signs.

JacobiSVD: the matrix is divided by its largest |entry|; a tall one is first reduced by Eigen's
ColPivHouseholderQR (column norms as Eigen sums them, the first largest pivots, its norm
downdates; the reflectors of eigen_householder_qr.py), R's square top becoming the work matrix,
Q (thin or full, built with the column-major GEMV order) the start of U and the column
permutation that of V. Sweeps over the pairs (p, q), q < p, then diagonalize each 2 x 2 block
whose off-diagonal entries exceed max(tiny, 2 epsilon * the largest |diagonal| so far):
real_2x2_jacobi_svd (a rotation making the block symmetric, then makeJacobi, the left rotation
their product), applied to the work matrix's rows and columns and accumulated into U and V, every
product rounded (TF's Eigen is built without FMA), until a sweep changes nothing. The singular
values are the |diagonal| (U's column negated for a negative one), times the scale, sorted
descending by selection (first maximum; a zero ends it).
Checked on TF 2.21 (AVX-512 Xeon), float32 and float64, s, u and v equal in every bit: 300
square matrices per size 2 to 5 and 80 per size 6 to 9; 40 tall ones per shape (3, 2), (5, 2),
(10, 2), (10, 3), (20, 4), (50, 3), (17, 5), (100, 2), (30, 9), (9, 8), thin and full U (``MAX_N``).
A wide matrix of fewer than 16 columns is factored through its transpose (U the permutation, V the
Q), as JacobiSVD does; checked on 40 per shape (2, 3), (2, 5), (3, 7), (4, 15), thin and full.
Small-integer matrices (tied column norms, whose rounding picks the pivot) checked too: 120 per
shape (9, 8), (10, 3), (20, 4), (5, 2), (8, 9), (3, 7), (2, 3), (6, 6) with entries in -3..3.
"""
import numpy as np

from . import eigen_householder_qr

MAX_N = 9                   # the largest n checked against TF
WORK = 1 << 15              # matrices x n^3 computed here (a Python loop each); more keep LAPACK's


def handles(matrices):
    """Whether a host float32 / float64 batch of square or tall matrices (at most MAX_N columns) is one
    whose svd here carries TF's bits."""
    if type(matrices) is not np.ndarray or matrices.ndim < 2 or matrices.dtype not in (np.float32, np.float64):
        return False
    m, n = matrices.shape[-2:]
    # a wide matrix: TF's BDCSVD hands it to JacobiSVD below 16 columns, and that factors its transpose
    fits = 2 <= n <= MAX_N if m >= n else 2 <= m and n < 16
    return fits and matrices.size * min(m, n) <= WORK and bool(np.isfinite(matrices).all())


def svd(matrices, full_matrices=False):
    """(u, s, v) of each (..., m, n) matrix, m >= n: matrices = u @ diag(s) @ v^T, s descending; u is
    m x n (m x m with ``full_matrices``)."""
    m, n = matrices.shape[-2:]
    flat = matrices.reshape(-1, m, n)
    outputs = [_solve(a, full_matrices) for a in flat]
    batch = matrices.shape[:-2]
    return tuple(np.array([o[i] for o in outputs], matrices.dtype).reshape(batch + outputs[0][i].shape)
                 if outputs else np.empty(batch + shape, matrices.dtype)
                 for i, shape in enumerate(_shapes(m, n, full_matrices)))


def _shapes(m, n, full_matrices):
    k = min(m, n)
    return (m, m if full_matrices else k), (k,), (n, n if full_matrices else k)


def _solve(a, full_matrices):
    number = a.dtype.type
    m, n = a.shape
    scale = np.max(np.abs(a))
    if scale == 0:
        scale = number(1)
    if m == n:
        w = a / scale
        u, v = np.eye(n, dtype=a.dtype), np.eye(n, dtype=a.dtype)
    elif m > n:
        w, u, v = _qr_preconditioned(a / scale, full_matrices)
    else:               # wide: the QR of the transpose, its R transposed; U the permutation, V its Q
        r, v, u = _qr_preconditioned((a / scale).T, full_matrices)
        w = np.ascontiguousarray(r.T)
        n = m
    precision, tiny = number(2) * np.finfo(a.dtype).eps, np.finfo(a.dtype).tiny
    largest = np.max(np.abs(np.diag(w)))
    finished = False
    while not finished:
        finished = True
        for p in range(1, n):
            for q in range(p):
                threshold = max(tiny, precision * largest)
                if abs(w[p, q]) > threshold or abs(w[q, p]) > threshold:
                    finished = False
                    (c_left, s_left), (c_right, s_right) = _two_by_two(w[p, p], w[p, q], w[q, p], w[q, q])
                    _rotate(w, p, q, c_left, s_left)            # w.applyOnTheLeft(p, q, j_left): rows
                    _rotate(u.T, p, q, c_left, s_left)          # u.applyOnTheRight(p, q, j_left^T): columns
                    _rotate(w.T, p, q, c_right, -s_right)       # applyOnTheRight(p, q, j) rotates by j^T
                    _rotate(v.T, p, q, c_right, -s_right)
                    largest = max(largest, max(abs(w[p, p]), abs(w[q, q])))
    s = np.abs(np.diag(w)).astype(a.dtype)
    u[:, :n][:, np.diag(w) < 0] *= -1
    s = s * scale
    for i in range(n):                  # selection sort, descending
        k = int(np.argmax(s[i:]))
        if s[i + k] == 0:
            break
        if k:
            s[[i, i + k]] = s[[i + k, i]]
            u[:, [i, i + k]] = u[:, [i + k, i]]
            v[:, [i, i + k]] = v[:, [i + k, i]]
    return u, s, v


def _qr_preconditioned(a, full_matrices):
    """JacobiSVD's R-SVD step for a tall matrix: Eigen's ColPivHouseholderQR of ``a``; the work matrix
    is R's square top, U starts as Q (its first n columns, or all of it), V as the column permutation."""
    m, n = a.shape
    work = np.array(a, copy=True)
    taus = np.zeros(n, a.dtype)
    order = np.arange(n)
    updated = np.array([_norm(work[:, j]) for j in range(n)], a.dtype)
    direct = updated.copy()
    downdate_threshold = np.sqrt(np.finfo(a.dtype).eps)
    for k in range(n):
        biggest = k + int(np.argmax(updated[k:]))       # the first largest remaining norm
        if biggest != k:
            work[:, [k, biggest]] = work[:, [biggest, k]]
            order[[k, biggest]] = order[[biggest, k]]
            updated[[k, biggest]] = updated[[biggest, k]]
            direct[[k, biggest]] = direct[[biggest, k]]
        taus[k], beta, essential = eigen_householder_qr._make_householder(work[k:, k])
        work[k + 1:, k] = essential
        work[k, k] = beta
        eigen_householder_qr._apply_on_the_left(work[k:, k + 1:], essential, taus[k],
                                                eigen_householder_qr._colmajor_gemv, m)
        for j in range(k + 1, n):       # downdate the remaining norms (recomputed when they lose precision)
            if updated[j] != 0:
                ratio = abs(work[k, j]) / updated[j]
                ratio = max((a.dtype.type(1) + ratio) * (a.dtype.type(1) - ratio), a.dtype.type(0))
                if ratio * (updated[j] / direct[j]) ** 2 <= downdate_threshold:
                    direct[j] = updated[j] = _norm(work[k + 1:, j])
                else:
                    updated[j] = updated[j] * np.sqrt(ratio)
    if full_matrices:                   # householderQ().evalTo: each reflector on the corner it touches
        u = np.eye(m, dtype=a.dtype)
        for k in range(n - 1, -1, -1):
            eigen_householder_qr._apply_on_the_left(u[k:, k:], work[k + 1:, k], taus[k],
                                                    eigen_householder_qr._colmajor_gemv, m)
    else:                               # applyThisOnTheLeft of the thin identity
        u = np.eye(m, n, dtype=a.dtype)
        for k in range(n - 1, -1, -1):
            eigen_householder_qr._apply_on_the_left(u[k:, :], work[k + 1:, k], taus[k],
                                                    eigen_householder_qr._colmajor_gemv, m)
    v = np.eye(n, dtype=a.dtype)[:, order]
    return np.triu(work[:n]), u, v


def _norm(column):
    """Eigen's norm() of a column, as TF's build sums it: the squares left to right (as a reflector's
    tail norm, eigen_householder_qr.py), then the square root."""
    return np.sqrt(np.add.accumulate(column * column)[-1])


def _rotate(m, p, q, c, s):
    """Eigen's apply_rotation_in_the_plane on rows p and q of ``m`` (a view): x' = c x + s y, y' = -s x + c y."""
    x, y = m[p].copy(), m[q].copy()
    m[p] = c * x + s * y
    m[q] = -s * x + c * y


def _two_by_two(m00, m01, m10, m11):
    """Eigen's real_2x2_jacobi_svd: ((c, s) of the left rotation, (c, s) of the right one)."""
    number = type(m00)
    d = m10 - m01
    if abs(d) < np.finfo(m00.dtype).tiny:
        c1, s1 = number(1), number(0)
    else:
        ratio = (m00 + m11) / d
        root = np.sqrt(number(1) + ratio * ratio)
        c1, s1 = ratio / root, number(1) / root
    # the block after the first rotation: its first row and its last entry
    x, y = c1 * m00 + s1 * m10, c1 * m01 + s1 * m11
    z = -s1 * m01 + c1 * m11
    c_right, s_right = _jacobi(x, y, z)
    # j_left = rot1 * j_right^T, j_right^T = (c_right, -s_right)
    return (c1 * c_right - s1 * -s_right, c1 * -s_right + s1 * c_right), (c_right, s_right)


def _jacobi(x, y, z):
    """Eigen's real makeJacobi for the symmetric block [[x, y], [y, z]]."""
    number = type(x)
    denominator = number(2) * abs(y)
    if denominator < np.finfo(x.dtype).tiny:
        return number(1), number(0)
    tau = (x - z) / denominator
    w = np.sqrt(tau * tau + number(1))
    t = number(1) / (tau + w) if tau > 0 else number(1) / (tau - w)
    sign_t = number(1) if t > 0 else number(-1)
    n = number(1) / np.sqrt(t * t + number(1))
    return n, -sign_t * (y / abs(y)) * abs(t) * n
