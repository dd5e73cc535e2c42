"""A product with one output column, summed in the order TensorFlow's CPU kernel sums it.

TensorFlow (x86-64, oneDNN on: see onednn_policy.py) computes a float32 ``a @ b`` whose ``b`` has one
column and whose ``a`` has several rows (a Dense(1) output layer: the predictions of every
regression or binary classifier) with oneDNN's matrix-vector kernel. For each row it:

- accumulates the first ``16 * (K // 16)`` products in 8 lanes (lane j takes k = j, j + 8,
  j + 16, ...), each step a fused multiply-add onto +0 at first, then folds the lanes as
  ``((l0 + l1) + (l4 + l5)) + ((l2 + l3) + (l6 + l7))``;
- takes the remaining products in blocks of 8, 4, 2 and 1 (each product fused onto +0, so
  -0 products count as +0), folds each block the same way (``(p0 + p1) + (p2 + p3)`` for 4)
  and adds the blocks to the total in that order.

numpy's BLAS (sgemv) adds in another order, so predictions differed from TensorFlow's in the
last bit. Found with cancelling test values (2**30 and -2**30 among ones, which show where
two products meet) and checked on random data against TF 2.21 (oneDNN on an AVX-512 Xeon):
M from 2 to 1000, K from 1 to 5000, 408 shapes, every element equal. A transposed operand
(``transpose_a``, the Dense kernel's gradient) is another kernel: ``transposed_column_matmul``.

The fused multiply-add is computed in float64 (the product of two floats is exact there)
and rounded to float32: a true FMA rounds once, this twice, which differs about once in
2**29 additions.

Costing a dozen numpy calls where BLAS takes one (5 us for a (16, 8) input, 21 us for the seed's
(32, 30), cpu time), it runs by default outside a gradient tape (predict, evaluate, printed
outputs) for up to ``_ROWS`` rows, the range checked against TF, and under a tape (a training
step) for inputs of at most ``_TAPED_VALUES`` values: a toy regression's Dense(1) head (batch 16,
8 hidden units) then trains with TF's bits, step after step, while larger heads keep BLAS's
speed; ``set_tf_exact_math(True)`` runs it for every such product.

Where TensorFlow runs without oneDNN, the same products (within the same limits) are summed
in the order of its Eigen kernel instead (eigen_column_product.py, and one_row_product.py for
the transposed form).
"""
import numpy as np

from . import eigen_math
from .eigen_column_product import eigen_column_matmul
from .. import onednn_policy
from ..blas_threads import product
from .one_row_product import one_row_matmul
from ..tape import ACTIVE

_FLOATS = (np.dtype(np.float32), np.dtype(np.float64))
_ROWS = 1000             # the rows checked against TF 2.21 (M up to 1000)
_TAPED_VALUES = 512     # the largest input summed here under a tape (about 10 us of cpu time)


def wanted(a, b, xp):
    """Whether ``a @ b`` (2-D, neither transposed) is a product this module computes now."""
    mode = eigen_math.ENABLED[0]
    # a training step (a tape records) answers at the first tests, at no measurable cost
    if mode is not True and (mode != 'small' or len(a) > _ROWS or (ACTIVE and a.size > _TAPED_VALUES)):
        return False
    if xp is not np or type(a) is not np.ndarray or type(b) is not np.ndarray or a.ndim != 2 or b.ndim != 2 \
            or b.shape[1] != 1 or a.dtype != b.dtype or a.dtype not in _FLOATS:
        return False
    # one row is Eigen's kernel (one_row_product.py); no depth gives zeros
    return a.shape[0] >= 2 and a.shape[1] > 0


def column_matmul(a, b):
    """``a @ b`` for float32 arrays ``a`` (M, K) and ``b`` (K, 1), summed as oneDNN sums it, or as
    Eigen does where TensorFlow runs without oneDNN (onednn_policy.py) and for float64 (oneDNN
    has no double MatMul: eigen_column_product.py)."""
    if a.dtype != np.float32 or not onednn_policy.enabled():
        return eigen_column_matmul(a, b)
    rows, depth = a.shape
    x = b[:, 0]
    main = depth - depth % 16
    total = None
    if main:
        # fused multiply-adds: the exact float64 product plus the float32 lanes, rounded once more
        steps = (a[:, :main].astype(np.float64) * x[:main].astype(np.float64)).reshape(rows, main // 8, 8)
        lanes = (steps[:, 0] + 0.0).astype(np.float32)
        for step in range(1, main // 8):
            lanes = (steps[:, step] + lanes).astype(np.float32)
        total = _fold(lanes)
    # the rest: each product rounded (a float32 multiply) and moved off -0 (a multiply-add onto +0)
    rest = a[:, main:] * x[main:] + np.float32(0)
    start = 0
    for width in (8, 4, 2, 1):
        if rest.shape[1] - start >= width:
            block = _fold(rest[:, start:start + width])
            total = block if total is None else total + block
            start += width
    return total[:, None]


def _fold(lanes):
    """A block's lanes summed as oneDNN folds them: neighbours first, then the halves
    (8 lanes: ((l0 + l1) + (l4 + l5)) + ((l2 + l3) + (l6 + l7))), in float32."""
    while lanes.shape[1] > 2:
        pairs = lanes[:, 0::2] + lanes[:, 1::2]
        if pairs.shape[1] == 1:
            return pairs[:, 0]
        half = pairs.shape[1] // 2
        lanes = pairs[:, :half] + pairs[:, half:]
    return lanes[:, 0] + lanes[:, 1] if lanes.shape[1] == 2 else lanes[:, 0]


# The transposed form: ``x.T @ g`` with one column (a Dense(1) layer's kernel gradient, or
# tf.matmul(x, g, transpose_a=True)). TF's oneDNN sums each output as one in-order fused
# multiply-add chain over the depth (the batch), from +0 (measured, TF 2.21 on an AVX-512 Xeon:
# M = depth 2..384 and K = 2..1000 outputs, every element equal; deeper, see _CHAIN_VALUES).
# numpy's sgemv is that chain up to a depth of 48 (batches of 32 pay
# nothing here) and differs on most outputs from 49. OpenBLAS's gemm kernel for a last panel of
# 9-15 columns is the chain (sixteen_column_product.py), so deeper columns are computed padded
# with zeros to 9 columns: 2-4x a gemv's time, a few microseconds for a Dense(1) head (15 us for
# one fed 784 features at batch 128).
_GEMV_IN_ORDER_DEPTH = 48
# ... except at a depth of 4 (four samples: XOR, a four-point regression) on an AVX-512 Xeon, where
# numpy's OpenBLAS sgemv sums in another order (measured: depths 2..48, 2..39 outputs, only depth 4
# differs), so a net trained on XOR's four rows drifted from TF's last bits. The padded product is
# the chain there too (depths 2..69 and up to 384 checked)
_GEMV_OTHER_ORDER_DEPTH = 4
_TRANSPOSED_DEPTH = 384
_IN_ORDER_PANEL = 9
# Deeper than 384, TF's gemv is still the one chain while the matrix holds at most about 2 MiB
# (measured: depth 385..4100 and up to 524,800 values, every element equal; from 532,000 values, for
# fewer than 1024 outputs, two threads sum the depth's halves: not ported, the bound between is not
# known; 1024 outputs and more stay one chain). OpenBLAS's padded
# product stops being a chain past a depth of 384 as the matrix grows, so the chain is continued
# block by block: each block's first product is the running sum times 1 (exact). It costs some
# 20 numpy calls (90 us for the overfit tutorial's 128 outputs at batch 500), so it runs under
# set_tf_exact_math(True) only.
_CHAIN_VALUES = 512000


def transposed_wanted(at, b):
    """Whether ``at @ b`` (``at`` the transposed view of x, ``b`` one column) is summed here."""
    # (the shapes first, the arrays' types after: a training step's kernel gradients fail at one column
    # or at the depth, and numpy and cupy arrays both answer ndim and shape)
    if not (at.ndim == 2 and b.ndim == 2 and b.shape[1] == 1):
        return False
    in_order = _GEMV_IN_ORDER_DEPTH < at.shape[1] <= _TRANSPOSED_DEPTH       # oneDNN's chain differs from BLAS
    mode = eigen_math.ENABLED[0]
    # Eigen's kernel (no oneDNN) is summed here for up to 512 values by default
    if not (in_order or (mode is True or mode == 'small' and at.size <= _TAPED_VALUES)):
        return False
    if not (type(at) is np.ndarray and type(b) is np.ndarray and at.shape[0] >= 2
            and at.dtype == b.dtype and at.dtype in _FLOATS and mode is not False):
        return False
    if at.dtype == np.float32 and onednn_policy.enabled():
        return in_order or at.shape[1] == _GEMV_OTHER_ORDER_DEPTH or (
            mode is True and at.shape[1] > _TRANSPOSED_DEPTH and at.size <= _CHAIN_VALUES)
    return mode is True or at.size <= _TAPED_VALUES


def transposed_column_matmul(at, b):
    """``at @ b`` for float32 ``at`` (K, M) and ``b`` (M, 1): each output one in-order fused
    multiply-add chain over M, as oneDNN sums TF's MatMul(transpose_a) of one column. Without
    oneDNN, TF's Eigen kernel sums it as a one-row product ``b.T @ at.T`` (one_row_product.py: the
    same matrix-vector kernel on the same memory; checked on 240 shapes, M 5..999, K 1..9000), and
    so it sums float64 with oneDNN on too (TF 2.21 on the AVX-512 Xeon: 186 shapes, every element
    equal; numpy's differed in most outputs, so a float64 regression's weights drifted)."""
    if at.dtype != np.float32 or not onednn_policy.enabled():
        return one_row_matmul(np, np.ascontiguousarray(b.T), at.T).T
    padded = np.zeros((b.shape[0], _IN_ORDER_PANEL), np.float32)
    padded[:, :1] = b
    if at.shape[1] <= _TRANSPOSED_DEPTH:
        return product(at, padded)[:, :1].copy()
    return _continued_chain(at, b)


def _continued_chain(at, b):
    """The in-order chain over a depth past 384, in blocks OpenBLAS's padded product sums in
    order: after the first, each block starts with the running sum, weighted by 1."""
    depth = at.shape[1]
    stop = _TRANSPOSED_DEPTH
    padded = np.zeros((stop, _IN_ORDER_PANEL), np.float32)
    padded[:, 0] = b[:stop, 0]
    total = product(at[:, :stop], padded)[:, :1]
    padded[0, 0] = 1
    while stop < depth:
        start, stop = stop, min(stop + _TRANSPOSED_DEPTH - 1, depth)
        rows = stop - start + 1
        padded[1:rows, 0] = b[start:stop, 0]
        total = product(np.concatenate([total, at[:, start:stop]], axis=1), padded[:rows])[:, :1]
    return total
