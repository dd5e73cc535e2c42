"""A float32 product of several rows and columns, summed in the order TensorFlow's oneDNN sums it.

Where TensorFlow runs oneDNN (onednn_policy.py), a float32 ``x @ w`` with M >= 2 rows, N >= 2
columns and a depth K <= 384 is oneDNN's sgemm: each output one fused multiply-add per k, in
order, from +0. A Dense layer's forward is that product and then the bias added, eagerly and
in traced steps alike: TF's fused MatMul + BiasAdd kernel in predict / tf.function gave the same
bits as the eager layer on every shape measured (TF 2.21, AVX-512 Xeon; M 2..200, K 1..384,
N 2..200, 648 shapes, and 3-D inputs). Larger depths are summed in blocks (see the end).

numpy's OpenBLAS (AVX-512 kernels) sums the same way for full panels of 16 columns, and for a
last panel of 9 to 15 columns, but takes another kernel for a last panel of 1 to 8 columns:
there about a third of outputs differed from TF in the last bit (a Dense(2) or Dense(10 + 16k)
layer's predictions). So those columns are computed through a kernel padded with zero
columns to a full panel of 16, where OpenBLAS sums them in order too: with that, numpy equals
a float64-exact FMA chain on all shapes tried (M 2..1000, K 1..385, N 1..1000).

It costs one small copy of the last columns and a second product of 16 columns (about 5 us on
a (32, 32) @ (32, 3) product; products whose last panel is 0 or 9-15 columns wide pay one test),
so it runs for every such product, training included, unless ``set_tf_exact_math(False)``.

The layer's gradients: TF's kernel gradient ``x.T @ g`` (transpose_a) is the same chain, and
numpy's product of the transposed view already equals it (180/180 shapes). The input gradient
``g @ kernel.T`` (transpose_b) is the chain for 16 rows or more (M 16..1000, every K <= 384 and
N >= 2 measured) and a 16-lane dot-product kernel below (``_few_rows_transposed``). With both,
a two-layer MLP's mse gradients and a 5-epoch Adam fit print TF's bytes. ``tf.matmul`` (2-D,
eager or traced) takes the same two forms.

Deeper products (K > 384) are sums of such chains over oneDNN's depth blocks
(onednn_depth_blocks.py), each block one product here (its narrow last panel padded as above);
the kernel gradient's too, when the batch is deeper than 384 (``rows_matmul_transposed_a``).
A Dense(784 -> 128) forward costs about 4 us more than numpy's one product (57 vs 53 us).
"""
import numpy as np

from . import column_product, eigen_avx2_product, eigen_math, pfor_rows
from .onednn_depth_blocks import deep_blocks_wanted, depth_blocks
from .one_row_dot import DEPTH_LIMIT as DOT_DEPTH_LIMIT, one_row_dot
from .. import onednn_policy
from .eigen_avx2_product import SMALL_PRODUCT as _AVX2_SMALL
from .eigen_math import ENABLED as _EXACT_MATH
from ..blas_threads import on_one_thread, product

PANEL = 16
_LAST_NARROW = 8     # last panels up to this many columns go to OpenBLAS's other kernel
DEPTH_IN_ORDER = 384     # deeper: oneDNN sums blocks (onednn_depth_blocks.py)
_TRANSPOSED_FROM_ROWS = 16     # fewer rows: oneDNN's smalln_tn kernel for a transposed b (16 lanes)
_LANES = 16


def rows_matmul(a, b, form='forward'):
    """``a @ b`` for 2-D arrays; float32 products of several rows summed as oneDNN sums them.

    ``form`` names the MatMul TF runs (onednn_depth_blocks.deep_blocks_wanted)."""
    depth, width = b.shape      # (read once: a numpy attribute read costs a few hundred instructions)
    # TF without oneDNN on an AVX2 CPU: Eigen's contraction (eigen_avx2_product.py); its size test first,
    # inline: the products of a training step are larger than the default mode sums there, and each asks
    if width > 1 and (a.size * width <= _AVX2_SMALL or _EXACT_MATH[0] is True) and eigen_avx2_product.wanted(a, b):
        return eigen_avx2_product.eigen_avx2_matmul(a, b)
    if depth > DEPTH_IN_ORDER:
        if not (_wanted(a, b) and deep_blocks_wanted(a.shape[0], width, depth, form)):
            return product(a, b)
        return _summed_blocks(a, _whole_panels(b))
    last = width % PANEL
    if last == 0 or last > _LAST_NARROW or width < 2 or not _wanted(a, b):     # (_wanted refuses one column)
        return product(a, b)
    return _in_order(a, b, width - last, _last_panel_padded(b, last))


def _last_panel_padded(b, last):
    """b's narrow last columns, with zero columns after them to fill a panel of 16."""
    padded = np.zeros((b.shape[0], PANEL), np.float32)
    padded[:, :last] = b[:, b.shape[1] - last:]
    return padded


def _in_order(a, b, full, padded, multiply=product):
    """``a @ b`` (depth <= 384) from b's first ``full`` columns and its ``padded`` last panel."""
    last = b.shape[1] - full
    if not full:        # a narrow layer (Dense(2)): one product, its first columns kept
        return multiply(a, padded)[:, :last].copy()
    out = np.empty((a.shape[0], b.shape[1]), np.float32)
    out[:, :full] = multiply(a, b[:, :full])
    out[:, full:] = multiply(a, padded)[:, :last]
    return out


def _whole_panels(b):
    """A block product for ``b`` (depth > 384) whose every column sits in a panel of 16:
    the last panel padded once for all depth blocks."""
    width = b.shape[1]
    last = width % PANEL
    if last == 0 or last > _LAST_NARROW:
        return lambda a_block, start, stop: np.matmul(a_block, b[start:stop])
    padded = _last_panel_padded(b, last)
    return lambda a_block, start, stop: _in_order(a_block, b[start:stop], width - last, padded[start:stop],
                                                  np.matmul)


def _summed_blocks(a, block_product):
    """oneDNN's deep product: each depth block's chain from +0, added to the total in order.
    The blocks run on one BLAS thread, as ``product`` runs each of them."""
    def add_blocks():
        blocks = iter(depth_blocks(a.shape[1]))
        start, stop = next(blocks)
        total = block_product(a[:, start:stop], start, stop)
        for start, stop in blocks:
            total += block_product(a[:, start:stop], start, stop)
        return total
    return on_one_thread(add_blocks)


def rows_matmul_transposed(a, c):
    """``a @ c.T`` (a Dense layer's input gradient: the output gradient times the kernel, transposed).

    TF's ``MatMul(transpose_b=True)`` is the same in-order chain when ``a`` has 16 rows or more
    (fewer: oneDNN's smalln_tn kernel, ``_few_rows_transposed``). OpenBLAS given the transposed view takes other kernels on
    some shapes, so one operand is copied in its transposed layout first: ``c.T`` (K * N floats),
    or, when that is the larger copy (a batch of 32 rows against a (256, 128) kernel, whose
    transposed copy cost more than the product), ``(c @ a.T).T`` (an FMA chain does not care
    which factor comes first) with ``a.T`` copied and the result copied back to rows (numpy's
    sums over axis 0 of a column-major array add in another order)."""
    rows, depth = a.shape
    # a depth of 1 (a Dense(1) layer's input gradient) is one rounded product in any order
    if depth == 1:
        return product(a, c.T)
    if eigen_avx2_product.wanted(a, c.T):     # TF without oneDNN on an AVX2 CPU: Eigen's contraction
        return eigen_avx2_product.eigen_avx2_matmul(a, c.T)
    if c.shape[0] == 1 and onednn_policy.eigen_avx2() and column_product.wanted(a, c.T, np):
        # one output column there: Eigen's row-major gemv, as for the untransposed product (column_product.py)
        return column_product.column_matmul(a, c.T)
    if rows < _TRANSPOSED_FROM_ROWS:
        if pfor_rows.ITERATIONS[0] > 1:     # a jacobian's sweep: TF's product has n times these rows
            return _as_stacked(a, c, rows * pfor_rows.ITERATIONS[0])
        return _under_sixteen_rows(a, c)
    if not _wanted(a, c.T):
        if c.shape[0] == 1 and a.dtype == np.float32 and onednn_policy.enabled() \
                and column_product.wanted(a, c.T, np):
            # one output column (a one-feature Dense layer's input gradient; x's through tf.matmul(x, w) for
            # x of shape (n, 1)): TF's MatMul(transpose_b) of a one-row b from 16 rows on is oneDNN's gemv,
            # as the untransposed product (t_mm4.py: 16 to 2000 rows, depths 2 to 1000, every element equal)
            return column_product.column_matmul(a, c.T)
        return product(a, c.T)
    if depth > DEPTH_IN_ORDER and not deep_blocks_wanted(rows, c.shape[0], depth, 'input_grad'):
        return product(a, c.T)
    if c.shape[0] * depth <= rows * (depth + c.shape[0]):
        return rows_matmul(a, np.ascontiguousarray(c.T), 'input_grad')
    return np.ascontiguousarray(rows_matmul(c, np.ascontiguousarray(a.T), 'input_grad').T)


def _under_sixteen_rows(a, c):
    rows, depth = a.shape
    if rows == 1 and depth <= _ONE_ROW_PAIRED.get(a.dtype, 0):
        return _one_row_paired(a, c)
    if rows == 1 and _one_row_dot_wanted(a, c):
        return one_row_dot(a, c)
    # one output column too (a one-feature Dense layer's input gradient): TF 2.21's tf.matmul(a, c,
    # transpose_b=True) of (2-15, K) by (1, K) is the smalln_tn kernel's (t_mm.py, t_mm2.py: 38 of 38 shapes)
    if not _wanted(a, c.T, 1):
        return product(a, c.T)
    return _few_rows_transposed(a, c) if depth <= _LANES * DEPTH_IN_ORDER else product(a, c.T)


def _as_stacked(a, c, stacked_rows):
    """``a @ c.T`` for a jacobian's sweep whose TF product stacks ``stacked_rows`` rows
    (pfor_rows.py): ``a``'s rows repeated up to the count that picks TF's kernel, whose every
    output depends on its own row alone, and the first rows kept."""
    rows = a.shape[0]
    chain = stacked_rows >= _TRANSPOSED_FROM_ROWS
    tiled = np.tile(a, (-(-_TRANSPOSED_FROM_ROWS // rows) if chain else 2 if rows == 1 else 1, 1))
    if not _wanted(tiled, c.T):     # not oneDNN's float32 kernels: the sweep's own product
        return _under_sixteen_rows(a, c)
    return (rows_matmul_transposed(tiled, c) if chain else _under_sixteen_rows(tiled, c))[:rows]


def _one_row_dot_wanted(a, c):
    """Whether a one-row ``a @ c.T`` deeper than the pairs is oneDNN's 8-lane dot product (one_row_dot.py)."""
    return (type(a) is np.ndarray and type(c) is np.ndarray and a.dtype == np.float32 and c.dtype == np.float32
            and a.shape[1] <= DOT_DEPTH_LIMIT and eigen_math.ENABLED[0] is not False and onednn_policy.enabled())


# One row against a transposed b of a small depth (a single sample's input gradient through a
# Dense of 2 to 7 units: the actor-critic tutorial's actor head): TF 2.21 rounds each product, adds
# them in pairs (k, k + 1) and the pairs in k order, ((p0 + p1) + (p2 + p3)) + p4 (float32: 602 of
# 602 shapes, depth 1-7, N 1-500; float64 up to depth 3, deeper float64 sums otherwise), where
# numpy's BLAS fuses multiply-adds. From a depth of 8 (float32, oneDNN) TF's 8-lane packets: one_row_dot.py.
_ONE_ROW_PAIRED = {np.dtype(np.float32): 7, np.dtype(np.float64): 3}


def _one_row_paired(a, c):
    total = None
    for k in range(0, a.shape[1], 2):
        pair = a[:, k:k + 1] * c[:, k]
        if k + 1 < a.shape[1]:
            pair = pair + a[:, k + 1:k + 2] * c[:, k + 1]
        total = pair if total is None else total + pair
    return total


def _few_rows_transposed(a, c):
    """``a @ c.T`` for 2 to 15 rows, as oneDNN's smalln_tn sgemm kernel sums it.

    Each output is a dot product over the depth in 16 lanes: lane t takes the terms t, t + 16,
    t + 32, ... as fused multiply-adds in order from +0 (one in-order product of those terms
    here), and the lanes are then added in a fixed tree, ((l0+l8) + (l4+l12)) + ((l2+l10) +
    (l6+l14)) and the same for the odd lanes, the two halves last (its 16x16 register
    reduction, simulated). TF's Dense input gradient of 2-15 rows: 360/360 shapes measured
    (K 1..128, N 2..500); numpy's product matched on 19, one in-order chain on 4."""
    depth = a.shape[1]
    if depth <= _LANES:         # a term per lane: its rounded product
        lanes = np.zeros((_LANES, a.shape[0], c.shape[0]), np.float32)
        np.multiply(a.T[:, :, None], c.T[:, None, :], out=lanes[:depth])
        return _lane_tree(lanes)
    if depth % _LANES == 0:     # lanes of equal length: one stacked product
        return _lane_tree(on_one_thread(lambda: _stacked_lanes(a, c)))
    order = np.argsort(np.arange(depth) % _LANES, kind='stable')       # the lanes one after another
    a_lanes = a[:, order]
    lane_product = _whole_panels(np.ascontiguousarray(c[:, order].T))
    bounds = np.cumsum([0] + [len(range(lane, depth, _LANES)) for lane in range(_LANES)])
    zero = np.zeros((a.shape[0], c.shape[0]), np.float32)
    lanes = on_one_thread(lambda: [lane_product(a_lanes[:, start:stop], start, stop) if stop > start else zero
                                   for start, stop in zip(bounds[:-1], bounds[1:])])
    return _lane_tree(np.stack(lanes))


def _stacked_lanes(a, c):
    """The 16 lane products (16, rows, K) of a depth that is a multiple of 16, as one stacked
    product: lane t's terms are the depth's columns t, t + 16, ...; a narrow last panel of
    c's rows padded to 16 as above."""
    width = c.shape[0]
    per_lane = a.shape[1] // _LANES
    a_lanes = np.ascontiguousarray(a.reshape(a.shape[0], per_lane, _LANES).transpose(2, 0, 1))
    last = width % PANEL
    padded = width if last == 0 or last > _LAST_NARROW else width - last + PANEL
    c_lanes = np.zeros((_LANES, per_lane, padded), np.float32)
    c_lanes[:, :, :width] = c.reshape(width, per_lane, _LANES).transpose(2, 1, 0)
    return np.matmul(a_lanes, c_lanes)[:, :, :width]


_PAIRED = ([0, 4, 2, 6, 1, 5, 3, 7], [8, 12, 10, 14, 9, 13, 11, 15])


def _lane_tree(lanes):
    """The 16 lanes (16, rows, K) of each output added as the smalln_tn kernel's register
    reduction adds them: ((l0+l8) + (l4+l12)) + ((l2+l10) + (l6+l14)), the same for the odd
    lanes, then the two halves."""
    pairs = lanes[_PAIRED[0]] + lanes[_PAIRED[1]]
    quads = pairs[0::2] + pairs[1::2]
    halves = quads[0::2] + quads[1::2]
    return halves[0] + halves[1]


def rows_matmul_transposed_a(at, b):
    """``at @ b`` where ``at`` is a transposed view (a Dense layer's kernel gradient ``x.T @ g``).

    TF's ``MatMul(transpose_a=True)`` is the in-order chain, and so is numpy's product of the
    transposed view up to a depth (batch) of 384 (672/672 shapes, 1 to 128 columns); deeper,
    oneDNN sums its depth blocks, each block numpy's product of the view's slice."""
    if eigen_avx2_product.wanted(at, b):      # TF without oneDNN on an AVX2 CPU: Eigen's contraction
        return eigen_avx2_product.eigen_avx2_matmul(at, b)
    if type(at) is np.ndarray and at.flags.c_contiguous and at.ndim == 2 and at.shape[0] > 1 and at.shape[1] > 1:
        # x was itself a transposed view (tf.transpose's result), so at is row-major and BLAS would sum it in
        # another order: TF's kernel does not look at the layout, so neither does the chain
        at = np.ascontiguousarray(at.T).T
    if at.shape[1] <= DEPTH_IN_ORDER or not (
            _wanted(at, b) and deep_blocks_wanted(at.shape[0], b.shape[1], at.shape[1], 'kernel_grad')):
        return product(at, b)
    return _summed_blocks(at, lambda a_block, start, stop: np.matmul(a_block, b[start:stop]))


def _wanted(a, b, fewest_columns=2):
    return (type(a) is np.ndarray and type(b) is np.ndarray and a.dtype == np.float32
            and b.dtype == np.float32 and a.ndim == 2 and b.ndim == 2 and a.shape[0] >= 2
            and b.shape[1] >= fewest_columns and b.shape[0] > 0
            and eigen_math.ENABLED[0] is not False and onednn_policy.enabled())
