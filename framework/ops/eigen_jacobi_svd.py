"""Singular value decompositions of small square matrices as TensorFlow's CPU Svd kernel computes
them (Eigen's BDCSVD, which hands matrices of fewer than 16 columns to JacobiSVD), so that a printed
``tf.linalg.svd(tf.constant([[4., 1.], [1., 3.]]))`` shows TF 2.21's [4.6180344 2.3819664]
(LAPACK: [4.618034 2.381966]) and its singular vectors, signs included.

JacobiSVD of a square matrix (no QR preconditioner): the matrix is divided by its largest |entry|;
sweeps over the pairs (p, q), q < p, diagonalize each 2 x 2 block whose off-diagonal entries exceed
max(tiny, 2 epsilon * the largest |diagonal| so far): real_2x2_jacobi_svd (a rotation making the
block symmetric, then makeJacobi, the left rotation their product), applied to the work matrix's
rows and columns and accumulated into U and V, every product rounded (TF's Eigen is built without
FMA); until a sweep changes nothing. The singular values are the |diagonal| (U's column negated for
a negative one), times the scale, sorted descending by selection (first maximum; a zero ends it).
Checked on TF 2.21 (AVX-512 Xeon) against 300 matrices per size 2 to 5 and 80 per size 6 to 9
(normal and small-integer), float32 and float64: s, u and v equal in every bit (``MAX_N``). Tall or
wide matrices go through Eigen's column-pivoting QR first (not emulated: LAPACK's values are kept).
"""
import numpy as np

MAX_N = 9                   # the largest n checked against TF
WORK = 1 << 15              # matrices x n^3 computed here (a Python loop each); more keep LAPACK's


def handles(matrices):
    """Whether a host float32 / float64 batch of square matrices is one whose svd here carries TF's bits."""
    if type(matrices) is not np.ndarray or matrices.ndim < 2 or matrices.dtype not in (np.float32, np.float64):
        return False
    m, n = matrices.shape[-2:]
    return m == n and 2 <= n <= MAX_N and matrices.size * n <= WORK and bool(np.isfinite(matrices).all())


def svd(matrices):
    """(u, s, v) of each (..., n, n) matrix: matrices = u @ diag(s) @ v^T, s descending."""
    n = matrices.shape[-1]
    flat = matrices.reshape(-1, n, n)
    us, ss, vs = np.empty_like(flat), np.empty(flat.shape[:2], flat.dtype), np.empty_like(flat)
    for i, m in enumerate(flat):
        us[i], ss[i], vs[i] = _solve(m)
    return us.reshape(matrices.shape), ss.reshape(matrices.shape[:-1]), vs.reshape(matrices.shape)


def _solve(a):
    number = a.dtype.type
    n = a.shape[0]
    scale = np.max(np.abs(a))
    if scale == 0:
        scale = number(1)
    w = a / scale
    u, v = np.eye(n, dtype=a.dtype), np.eye(n, dtype=a.dtype)
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
    u[:, np.diag(w) < 0] *= -1
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
