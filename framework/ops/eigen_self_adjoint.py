"""Eigenvalues and eigenvectors of small symmetric matrices as TensorFlow's CPU SelfAdjointEigV2
computes them (Eigen's SelfAdjointEigenSolver), so that a blog's ``tf.linalg.eigvalsh([[1., 2.],
[2., 1.]])`` prints TF 2.21's [-0.99999994  2.9999998 ] (LAPACK: [-1.  3.]) and a 2-D PCA prints
TF's eigenvectors, signs included.

Eigen's solver: the lower triangle is divided by its largest |entry|; Householder reflections
bring it to tridiagonal form (tridiagonalization_inplace: its symv one column at a time, the
tail norms and dot products in Eigen's dense-sum order) and Q is built from them, the last
reflector first (eigen_householder_qr.py's row-major GEMV); then implicit QR steps
with a Wilkinson shift (Eigen's hypot and Givens rotation, each product rounded: TF's Eigen is
built without FMA) run on the last unreduced block until every subdiagonal entry is negligible
(|e| / epsilon squared at most |d_i| + |d_i+1|), each rotation also applied to Q's columns; the
eigenvalues are sorted ascending (columns swapped alike) and multiplied back by the scale.
Checked on TF 2.21 (AVX-512 Xeon) against 705 2 x 2 matrices per dtype (normal, small-integer,
uniform, zero, identity) and 300 per size 3 to 8 (symmetric and not): eigenvalues and
eigenvectors equal in every bit, float32 and float64, up to n = 8 (``HANDLED``); larger
matrices (Eigen's symv takes column pairs from 10 rows) keep LAPACK's values, equal to TF's
within rounding.
"""
import numpy as np

from . import eigen_householder_qr, eigen_redux

# the largest n checked against TF's bits (from 10 rows Eigen's symv takes columns in pairs)
HANDLED = {np.dtype(np.float32): 8, np.dtype(np.float64): 8}
MAX_BATCH = 256         # matrices per call computed here (a Python loop each); more keep LAPACK's


def handles(matrices):
    """Whether a host float32 / float64 batch of matrices is one whose eigh here carries TF's bits."""
    if type(matrices) is not np.ndarray or matrices.ndim < 2:
        return False
    n = matrices.shape[-1]
    return 2 <= n <= HANDLED.get(matrices.dtype, 0) and matrices.size <= n * n * MAX_BATCH


def eigh(matrices):
    """(eigenvalues ascending, eigenvectors as columns) of each (..., n, n) matrix, its lower triangle read."""
    n = matrices.shape[-1]
    flat = matrices.reshape(-1, n, n)
    values = np.empty(flat.shape[:2], flat.dtype)
    vectors = np.empty(flat.shape, flat.dtype)
    for i, m in enumerate(flat):
        values[i], vectors[i] = _solve(m)
    return values.reshape(matrices.shape[:-1]), vectors.reshape(matrices.shape)


def _solve(m):
    number = m.dtype.type
    n = m.shape[0]
    a = np.tril(m)              # the lower triangle, divided by its largest |entry|
    scale = np.max(np.abs(a))
    if scale == 0:
        scale = number(1)
    a = np.tril(a / scale)
    h_coeffs = _tridiagonalize(a)
    d = [a[i, i] for i in range(n)]
    e = [a[i + 1, i] for i in range(n - 1)]
    q = _householder_q(a, h_coeffs)
    tiny, precision_inverse = np.finfo(m.dtype).tiny, number(1) / np.finfo(m.dtype).eps
    start, end = 0, n - 1
    for _ in range(30 * n):             # Eigen's m_maxIterations * n
        for i in range(start, end):     # negligible subdiagonal entries become 0
            if abs(e[i]) < tiny or (precision_inverse * e[i]) * (precision_inverse * e[i]) <= abs(d[i]) + abs(d[i + 1]):
                e[i] = number(0)
        while end > 0 and e[end - 1] == 0:
            end -= 1
        if end <= 0:
            break
        start = end - 1                 # the largest unreduced block at the end
        while start > 0 and e[start - 1] != 0:
            start -= 1
        _qr_step(d, e, start, end, q)
    d = np.array(d, m.dtype)
    for i in range(n - 1):              # selection sort, first minimum, columns alike
        k = int(np.argmin(d[i:]))
        if k > 0:
            d[i], d[i + k] = d[i + k], d[i]
            q[:, [i, i + k]] = q[:, [i + k, i]]
    return d * scale, q


def _dense_sum(values, dtype):
    """Eigen's dense redux of a contiguous vector (packets lane-wise, then the rest in turn)."""
    return eigen_redux.dense_sum(np.array(values, dtype)[None])[0]


def _tridiagonalize(a):
    """Eigen's tridiagonalization_inplace on the lower triangle of ``a`` (changed in place: the
    diagonal and subdiagonal of T, the reflectors' essential parts below); returns the taus."""
    number = a.dtype.type
    n = a.shape[0]
    taus = []
    for i in range(n - 1):
        size = n - i - 1
        column = [a[i + 1 + r, i] for r in range(size)]
        c0 = column[0]
        tail_norm = number(0) if size == 1 else _dense_sum([x * x for x in column[1:]], a.dtype)
        if tail_norm <= np.finfo(a.dtype).tiny:          # makeHouseholder: nothing to reflect
            tau, beta, essential = number(0), c0, [number(0)] * (size - 1)
        else:
            beta = np.sqrt(c0 * c0 + tail_norm)
            beta = -beta if c0 >= 0 else beta
            essential = [x / (c0 - beta) for x in column[1:]]
            tau = (beta - c0) / beta
        u = [number(1)] + essential
        a[i + 2:, i] = essential
        corner = a[i + 1:, i + 1:]
        w = [number(0)] * size          # tau * (corner u): Eigen's symv, one column at a time (size <= 9)
        for j in range(size):
            t1 = tau * u[j]
            t2 = number(0)
            w[j] = w[j] + corner[j, j] * t1
            for r in range(j + 1, size):
                w[r] = w[r] + corner[r, j] * t1
                t2 = t2 + corner[r, j] * u[r]
            w[j] = w[j] + tau * t2
        factor = (tau * number(-0.5)) * _dense_sum([w[r] * u[r] for r in range(size)], a.dtype)
        w = [w[r] + factor * u[r] for r in range(size)]
        for c in range(size):           # rank-2 update with alpha = -1
            for r in range(c, size):
                corner[r, c] = corner[r, c] + ((-u[c]) * w[r] + (-w[c]) * u[r])
        a[i + 1, i] = beta
        taus.append(tau)
    return taus


def _householder_q(a, taus):
    """Q from the reflectors stored in ``a`` (HouseholderSequence::evalTo in place: the last one first,
    each applied with the row-major GEMV order of eigen_householder_qr.py)."""
    n = a.shape[0]
    q = np.tril(a)
    q[np.diag_indices(n)] = 1
    for k in range(n - 2, -1, -1):
        essential = q[k + 2:, k].copy()
        eigen_householder_qr._apply_on_the_left(q[k + 1:, k + 1:], essential, taus[k],
                                                eigen_householder_qr._rowmajor_gemv, n)
        q[k + 1:, k] = 0
    return q


def _qr_step(d, e, start, end, q):
    """Eigen's tridiagonal_qr_step: a Wilkinson-shifted implicit QR sweep over d[start:end + 1], chasing the bulge."""
    x = d[start] - _wilkinson_shift(d[end - 1], d[end], e[end - 1])
    z = e[start]
    k = start
    while k < end and z != 0:
        c, s = _givens(x, z)
        below = s * d[k] + c * e[k]
        beside = s * e[k] + c * d[k + 1]
        d[k] = c * (c * d[k] - s * e[k]) - s * (c * e[k] - s * d[k + 1])
        d[k + 1] = s * below + c * beside
        e[k] = c * below - s * beside
        if k > start:
            e[k - 1] = c * e[k - 1] - s * z
        x = e[k]
        if k < end - 1:
            z = -s * e[k + 1]
            e[k + 1] = c * e[k + 1]
        if not (c == 1 and s == 0):     # Q = Q G: column k takes c x - s y, column k + 1 s x + c y
            left, right = q[:, k].copy(), q[:, k + 1].copy()
            q[:, k] = c * left + (-s) * right
            q[:, k + 1] = s * left + c * right
        k += 1


def _wilkinson_shift(d0, d1, e):
    """The eigenvalue of [[d0, e], [e, d1]] nearer d1, in Eigen's underflow-safe form."""
    td = (d0 - d1) * d0.dtype.type(0.5)
    if td == 0:
        return d1 - abs(e)
    if e == 0:
        return d1
    h = _hypot(td, e)
    if e * e == 0:
        return d1 - e / ((td + (h if td > 0 else -h)) / e)
    return d1 - e * e / (td + (h if td > 0 else -h))


def _hypot(x, y):
    """Eigen's positive_real_hypot: the larger times sqrt(1 + (smaller / larger)^2)."""
    x, y = abs(x), abs(y)
    larger, smaller = max(x, y), min(y, x)
    ratio = smaller / larger
    return larger * np.sqrt(larger.dtype.type(1) + ratio * ratio)


def _givens(p, q):
    """Eigen's real makeGivens: (c, s) with [c -s; s c]^T [p; q] = [r; 0]."""
    one = p.dtype.type(1)
    if q == 0:
        return (-one if p < 0 else one), p.dtype.type(0)
    if p == 0:
        return p.dtype.type(0), (one if q < 0 else -one)
    if abs(p) > abs(q):
        t = q / p
        u = np.sqrt(one + t * t)
        c = one / (-u if p < 0 else u)
        return c, -t * c
    t = p / q
    u = np.sqrt(one + t * t)
    s = -one / (-u if q < 0 else u)
    return -t * s, s
