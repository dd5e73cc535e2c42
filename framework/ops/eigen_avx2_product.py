"""A float32 product of several rows and columns, summed as TensorFlow 2.21 sums it on an AVX2 CPU without oneDNN.

On a CPU where TF leaves oneDNN off (onednn_policy.py: an AMD EPYC without AVX-512), TF's float32 MatMul
with M >= 2 rows, N >= 2 columns and a depth K >= 2 is Eigen's tensor contraction, whose inner kernel in
TF's x86 build is oneDNN's AVX2 sgemm (8-lane fused multiply-adds). The contraction is column-major, so
the kernel sees TF's row-major product transposed: its micro-tiles are 16 of TF's columns by 6 of TF's
rows. Measured against TF 2.21 on the AMD EPYC (every element equal on 3705 shapes: M 2..64, N 2..64,
K 2..256, and the transpose_a / transpose_b forms, which sum the same way):

- rows in blocks of 6 from the top, columns in panels of 16 from the left: each output one fused
  multiply-add chain over k, in order, from +0;
- a last panel of 1 to 8 columns (N % 16, so a Dense(2..8) layer's whole output): two chains, over
  the even and over the odd k (below K's last even count), added, then an odd K's last product fused
  on; 9 to 15 columns are whole-panel chains;
- a last block of 3 rows (M % 6 == 3, M = 3 too) sums all its columns in the two-chain order;
  blocks of 4 and 5 rows follow the 6-row rules;
- a last block of 1 or 2 rows (M % 6: a batch of 32 leaves two) is summed by another kernel, without
  fusing: each product rounded, the even and odd k added up separately, the two sums added, then an
  odd K's last product added.

numpy's OpenBLAS (Haswell kernels here) sums most products in another order, but its product of two
rows is the in-order chain on every shape tried (K 1..256, N 2..300), so the chains are numpy's
products of stacked row pairs (one call); an odd K's last fused product is emulated in float64 (the
exact product plus the sum, rounded twice: off only where the double sum falls on a float32 tie).
Depths past 256 are cut into slices by Eigen's blocking (not modelled), products with a side of 1 are
Eigen's matrix-vector kernels (column_product.py, one_row_product.py), and from 128 rows TF splits the
work over threads (some outputs differ): those stay as they were. By default (exact-math mode 'small')
products of up to SMALL_PRODUCT multiply-adds are summed here, every size under set_tf_exact_math(True):
the emulation costs some 200 Python steps a product, past the seed loop's budget.
"""
import numpy as np

from . import eigen_math
from .. import onednn_policy

DEPTH_LIMIT = 256       # deeper: Eigen splits the depth into slices (not modelled)
ROWS_LIMIT = 128        # from here TF's contraction runs on several threads (some outputs differ)
# The largest product (M * K * N multiply-adds) summed here by default: a few numpy calls more than BLAS's
# one, which a training step's products would pay each (the seed loop's Dense(30) on batches of 32: 7680)
SMALL_PRODUCT = 4096
_ROWS = 6               # the micro-kernel's rows (TF's rows: oneDNN's n)
_PANEL = 16             # and its columns (TF's columns: oneDNN's m)
_NARROW = 8             # a last panel of up to 8 columns takes the 8-lane kernel's two accumulators
_F32 = np.dtype(np.float32)


def wanted(a, b):
    """Whether ``a @ b`` (2-D float32 arrays, either a transposed view) is summed here: TF runs Eigen's
    contraction on this CPU (8-lane vectors, oneDNN off), the shape is one measured, and the exact-math
    mode takes its size (eigen_math.ENABLED: up to SMALL_PRODUCT multiply-adds by default, all under
    ``set_tf_exact_math(True)``)."""
    # (the size first: a training step's products are larger, and each of them asks)
    rows, depth = a.shape
    if rows * depth * b.shape[1] > SMALL_PRODUCT and eigen_math.ENABLED[0] is not True:
        return False
    return (1 < depth <= DEPTH_LIMIT and 1 < rows < ROWS_LIMIT and b.shape[1] > 1 and a.dtype is _F32
            and b.dtype is _F32 and type(a) is np.ndarray and type(b) is np.ndarray
            and eigen_math.ENABLED[0] is not False and onednn_policy.eigen_avx2())


def eigen_avx2_matmul(a, b):
    """``a @ b`` for float32 ``a`` (M, K) and ``b`` (K, N), 2 <= M < 128, N >= 2, 2 <= K <= 256, in the
    order of TF's contraction on an AVX2 CPU without oneDNN (see the module's notes)."""
    rows, depth = a.shape
    width = b.shape[1]
    narrow = width % _PANEL
    tail = rows % _ROWS
    if rows % 2 or narrow and narrow <= _NARROW or not b.flags.c_contiguous:
        out = _chains(a, b)
        if narrow and narrow <= _NARROW:
            out[:, width - narrow:] = _even_odd_fused(a, b[:, width - narrow:])
    else:       # (a batch of 32 into a wide layer: one product of the row pairs, no copies)
        out = np.matmul(a.reshape(-1, 2, depth), b).reshape(rows, width)
    if tail == 3:
        out[rows - 3:] = _even_odd_fused(a[rows - 3:], b)
    elif tail and tail < 3:
        out[rows - tail:] = _even_odd_unfused(a[rows - tail:], b)
    return out


def _chains(a, b):
    """Each output one in-order fused multiply-add chain from +0: numpy's products of row pairs
    (of a row-major ``b`` with 2 columns or more: BLAS's one-column and transposed kernels sum otherwise)."""
    rows, depth = a.shape
    width = b.shape[1]
    if rows % 2:
        a = np.concatenate([a, a[-1:]])
    if width == 1:
        b = np.concatenate([b, b], axis=1)
    elif not b.flags.c_contiguous:
        b = np.ascontiguousarray(b)
    return np.matmul(a.reshape(-1, 2, depth), b).reshape(-1, b.shape[1])[:rows, :width]


def _even_odd_fused(a, b):
    """Two fused chains, over the even and over the odd k, added; an odd K's last product fused on
    (emulated in float64: the exact product plus the sum, rounded once more)."""
    depth = a.shape[1]
    even = depth - depth % 2
    total = _chains(a[:, 0:even:2], b[0:even:2])
    total += _chains(a[:, 1:even:2], b[1:even:2])
    if depth % 2:
        total = (a[:, even:].astype(np.float64) * b[even].astype(np.float64) + total).astype(np.float32)
    return total


def _even_odd_unfused(a, b):
    """For one or two rows: each product rounded, the even and the odd k summed in order from +0,
    added, then an odd K's last product added."""
    rows, depth = a.shape
    # (rows, K, N) in C order: reduced over a middle axis numpy adds in k order (a transposed b's
    # products would keep b's layout, and numpy sums along a contiguous axis pairwise)
    products = np.multiply(a[:, :, None], b, order='C')
    even = depth - depth % 2
    # (rows, K / 2, 2, N): the even and the odd k's sums at once, each from +0 (a -0 product adds to +0)
    sums = np.add.reduce(products[:, :even].reshape(rows, even // 2, 2, -1), 1, None, None, False, _ZERO)
    total = sums[:, 0] + sums[:, 1]
    if depth % 2:
        total += products[:, even]
    return total


_ZERO = np.float32(0)
