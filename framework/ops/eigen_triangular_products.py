"""Eigen's float32 triangular matrix products in their summation order (TensorFlow's CPU build:
AVX without FMA), for the blocked Householder QR of eigen_blocked_qr.py.

What decides a sum's order, read from Eigen's sources (products/GeneralBlockPanelKernel.h,
TriangularMatrixMatrix.h, TriangularMatrixVector.h) and checked bit for bit against Eigen
compiled with -mavx and against TF 2.21's Qr kernel:
- the gebp kernel multiplies each product and adds it (no FMA); mr = 16 (two packets of 8; the
  three-packet rows need FMA), nr = 4. Rows in groups of 16 sum k in order; groups of 8 and 4 sum
  even and odd k in two chains over the first depth // 8 * 8 and add them; the last rows % 4 rows
  run the 'swapped' kernel (two k per packet, four chains, folded); columns past cols // 4 * 4
  sum in order. Each call adds alpha times its sums to the result.
- the triangular products cut the depth into Eigen's cache blocks (kc, mc from
  evaluateProductBlockingSizesHeuristic, which reads the CPU's cache sizes) and the diagonal
  into panels, one gebp call each.
"""
import os

import numpy as np

_F = np.float32
_MR, _NR = 16, 4
# Eigen's defaults where the CPU does not tell its cache sizes
_DEFAULT_CACHES = (32 * 1024, 256 * 1024, 2 * 1024 * 1024)
_CACHES = []


def cache_sizes():
    """(L1 data, L2, L3) in bytes, as Eigen's CPUID query finds them (Linux's sysfs holds the same)."""
    if not _CACHES:
        found = {}
        root = '/sys/devices/system/cpu/cpu0/cache'
        try:
            for index in sorted(name for name in os.listdir(root) if name.startswith('index')):
                entry = {}
                for field in ('level', 'type', 'size'):
                    with open(os.path.join(root, index, field)) as f:
                        entry[field] = f.read().strip()
                size = entry['size']
                if entry['type'] in ('Data', 'Unified'):
                    scale = {'K': 1024, 'M': 1024 * 1024}.get(size[-1:], 1)
                    found.setdefault(int(entry['level']), int(size.rstrip('KM')) * scale)
        except (OSError, ValueError, KeyError):
            found = {}
        _CACHES.append(tuple(found.get(level, default) for level, default in zip((1, 2, 3), _DEFAULT_CACHES)))
    return _CACHES[0]


def blocking(k, m, n, kc_factor=4):
    """(kc, mc, nc): Eigen's evaluateProductBlockingSizesHeuristic for float32 on one thread."""
    if max(k, m, n) < 48:
        return k, m, n
    l1, l2, l3 = cache_sizes()
    k_peeling = 8
    k_div = kc_factor * (_MR * 4 + _NR * 4)
    k_sub = _MR * _NR * 4
    max_kc = max(((l1 - k_sub) // k_div) & ~(k_peeling - 1), 1)
    old_k = k
    if k > max_kc:
        k = max_kc if k % max_kc == 0 else \
            max_kc - k_peeling * ((max_kc - 1 - (k % max_kc)) // (k_peeling * (k // max_kc + 1)))
    actual_l2 = 1572864
    remaining_l1 = l1 - k_sub - m * k * 4
    if remaining_l1 >= _NR * 4 * k:
        max_nc = remaining_l1 // (k * 4)
    else:
        max_nc = (3 * actual_l2) // (2 * 2 * max_kc * 4)
    nc = min(actual_l2 // (2 * k * 4), max_nc) & ~(_NR - 1)
    if n > nc:
        n = nc if n % nc == 0 else nc - _NR * ((nc - (n % nc)) // (_NR * (n // nc + 1)))
    elif old_k == k:
        problem_size = k * n * 4
        actual_lm, max_mc = actual_l2, m
        if problem_size <= 1024:
            actual_lm = l1
        elif l3 != 0 and problem_size <= 32768:
            actual_lm, max_mc = l2, min(576, max_mc)
        mc = min(actual_lm // (3 * k * 4), max_mc)
        if mc > _MR:
            mc -= mc % _MR
        elif mc == 0:
            return k, m, n
        m = mc if m % mc == 0 else mc - _MR * ((mc - (m % mc)) // (_MR * (m // mc + 1)))
    return k, m, n


def _chain(products, start=None):
    """The sums over axis 0 added strictly in order from +0 (or from ``start``)."""
    if start is not None:
        products = np.concatenate([start[None], products], axis=0)
    if len(products) == 0:
        return np.zeros(products.shape[1:], _F)
    return np.add.accumulate(products, axis=0)[-1] + _F(0)


def gebp(res, a, b, alpha):
    """res += alpha * (a @ b) in the order of Eigen's gebp kernel (see the module's notes)."""
    rows, depth = a.shape
    cols = b.shape[1]
    if rows == 0 or cols == 0:
        return
    two = rows // 16 * 16
    one = two + (rows - two) // 8 * 8
    half = one + (rows - one) // 4 * 4
    packed = cols // 4 * 4
    out = np.empty((rows, cols), _F)
    with np.errstate(all='ignore'):
        products = a.T[:, :, None] * b[:, None, :]        # (depth, rows, cols), each rounded
        for start in range(0, two, 256):                  # (bounded temporaries)
            out[start:min(two, start + 256)] = _chain(products[:, start:min(two, start + 256)])
        out[two:, packed:] = _chain(products[:, two:, packed:])
        peeled = depth // 8 * 8
        if half > two and packed:
            p = products[:, two:half, :packed]
            both = _chain(p[0:peeled:2]) + _chain(p[1:peeled:2])
            out[two:half, :packed] = _chain(p[peeled:], both) if depth > peeled else both
        if rows > half and packed:
            p = products[:, half:, :packed]
            pairs, whole = depth // 2 * 2, depth // 8 * 8
            chains = [[_chain(p[2 * q + lane:whole:8]) for lane in range(2)] for q in range(4)]
            lanes = [(chains[0][i] + chains[1][i]) + (chains[2][i] + chains[3][i]) for i in range(2)]
            for k in range(whole, pairs, 2):
                lanes = [lanes[i] + p[k + i] for i in range(2)]
            total = lanes[0] + lanes[1]
            if depth > pairs:
                total = total + p[depth - 1]
            out[half:, :packed] = total
        res += out * _F(alpha)


def _triangle(block, lower, unit):
    out = np.tril(block) if lower else np.triu(block)
    if unit:
        np.fill_diagonal(out, 1)
    return out


def _left_triangle(res, lhs, rhs, alpha, lower, unit, kc, mc):
    """res += alpha * tri(lhs) @ rhs, as product_triangular_matrix_matrix with the triangle on the left."""
    diag = min(lhs.shape)
    rows = lhs.shape[0] if lower else diag
    depth = diag if lower else lhs.shape[1]
    mc = min(rows, mc)
    panel = min(2 * max(_MR, _NR), kc, mc)
    k2 = depth if lower else 0
    while (k2 > 0) if lower else (k2 < depth):
        kc_now = min(k2 if lower else depth - k2, kc)
        first = k2 - kc_now if lower else k2
        if not lower and k2 < rows < k2 + kc_now:      # a trapezoid's blocks end with its triangle
            kc_now = rows - k2
            k2 = k2 + kc_now - kc
        b = rhs[first:first + kc_now]
        if lower or first < rows:
            for k1 in range(0, kc_now, panel):
                width = min(kc_now - k1, panel)
                start = first + k1
                gebp(res[start:start + width], _triangle(lhs[start:start + width, start:start + width], lower, unit),
                     b[k1:k1 + width], alpha)
                rest = kc_now - k1 - width if lower else k1
                if rest > 0:
                    target = start + width if lower else first
                    gebp(res[target:target + rest], lhs[target:target + rest, start:start + width], b[k1:k1 + width],
                         alpha)
        end = rows if lower else min(first, rows)
        for i2 in range(k2 if lower else 0, end, mc):
            height = min(i2 + mc, end) - i2
            gebp(res[i2:i2 + height], lhs[i2:i2 + height, first:first + kc_now], b, alpha)
        k2 = k2 - kc if lower else k2 + kc


def _right_triangle(res, lhs, rhs, alpha, lower, unit, kc, mc):
    """res += alpha * lhs @ tri(rhs): the triangle on the right, in panels of max(mr, nr)."""
    rows = lhs.shape[0]
    diag = min(rhs.shape[1], lhs.shape[1])
    depth = lhs.shape[1] if lower else diag
    cols = diag if lower else rhs.shape[1]
    mc = min(rows, mc)
    panel = max(_MR, _NR)
    k2 = 0 if lower else depth
    while (k2 < depth) if lower else (k2 > 0):
        kc_now = min(depth - k2 if lower else k2, kc)
        first = k2 if lower else k2 - kc_now
        if lower and k2 < cols < first + kc_now:
            kc_now = cols - k2
            k2 = first + kc_now - kc
        rest = min(cols, first) if lower else cols - k2
        has_triangle = not (lower and first >= cols)
        c0 = 0 if lower else k2
        block = rhs[first:first + kc_now]
        for i2 in range(0, rows, mc):
            height = min(mc, rows - i2)
            a = lhs[i2:i2 + height, first:first + kc_now]
            if has_triangle:
                for j2 in range(0, kc_now, panel):
                    width = min(kc_now - j2, panel)
                    length = kc_now - j2 if lower else j2 + width
                    offset = j2 if lower else 0
                    b = np.array(block[offset:offset + length, first + j2:first + j2 + width])
                    b[j2 - offset:j2 - offset + width] = _triangle(b[j2 - offset:j2 - offset + width], lower, unit)
                    gebp(res[i2:i2 + height, first + j2:first + j2 + width], a[:, offset:offset + length], b, alpha)
            if rest > 0:
                gebp(res[i2:i2 + height, c0:c0 + rest], a, block[:, c0:c0 + rest], alpha)
        k2 = k2 + kc if lower else k2 - kc


def triangular_product(res, lhs, rhs, alpha, lower, unit, row_major=False):
    """res += alpha * tri(lhs) @ rhs, ``tri`` the lower or upper trapezoid of ``lhs`` (its diagonal
    ones with ``unit``). Eigen blocks by (rows, cols, depth) of the striped product; a row-major
    result is computed as its transpose, res^T += rhs^T @ tri(lhs)^T, the triangle on the right."""
    diag = min(lhs.shape)
    rows = lhs.shape[0] if lower else diag
    depth = diag if lower else lhs.shape[1]
    if row_major:
        kc, mc, _ = blocking(depth, rhs.shape[1], rows)
        _right_triangle(res.T, rhs.T, lhs.T, alpha, not lower, unit, kc, mc)
    else:
        kc, mc, _ = blocking(depth, rows, rhs.shape[1])
        _left_triangle(res, lhs, rhs, alpha, lower, unit, kc, mc)


def column_major_gemv(res, a, x, alpha, stride):
    """res += alpha * a @ x as Eigen's column-major GEMV: columns in blocks from 128 on, of 16 (of 4
    where the matrix's ``stride``, in floats, reaches 8000)."""
    cols = a.shape[1]
    step = cols if cols < 128 else (16 if stride * 4 < 32000 else 4)
    products = a.T * x[:, None]
    for j2 in range(0, cols, step):
        res[:] = res + _chain(products[j2:j2 + step]) * _F(alpha)
