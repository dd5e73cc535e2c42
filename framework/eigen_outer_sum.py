"""Float32, float64 and float16 sums over leading axes in the order TensorFlow's CPU kernels add them.

TensorFlow reduces a tensor whose reduced axes sit before kept inner ones (reduce_sum
over axis 0, the gradient of a hand-written ``x + b``, BatchNormalization's moments over
batch and steps) with Eigen's ``InnerMostDimPreserver``
(unsupported/Eigen/CXX11/src/Tensor/TensorReduction.h): not in numpy's order, so the last
bit differs for about half the columns, which Adam turns into visibly different steps where
gradients are nearly zero. Reduced axes either side of a kept one (channels-first statistics,
BatchNormalization(axis=1)) take Eigen's GenericDimReducer order: ``_first_and_last``.
Row sums are in ops/eigen_sum.py; the bias gradients of layers
(tf.nn.bias_add's BiasAddGrad: Dense, Conv*, EinsumDense) in ops/bias_add_kernel.py.
"""
import numpy as np

from . import backend

PACKET = 8        # floats per AVX packet
PACKET64 = 4      # doubles per AVX packet: float64 sums take the same steps on packets of 4
# Sums over leading axes take TensorFlow's order at every size: a batch's column sums (a
# BatchNormalization after a Dense layer, a hand-written ``x + b``'s gradient) with one numpy
# reduction and three adds (about 2 us, numpy's own sum 1-3 us), and sums over images or steps
# (a BatchNormalization after a convolution: its moments, gamma / beta and input gradients). Their
# last bits matter: the gradient of a bias feeding a BatchNormalization is rounding noise, which
# Adam turns into full steps, so a Dense + BN fit left TF's trajectory in its first epoch.


# Channels-first statistics (BatchNormalization(axis=1)) sum over the axes either side of the kept
# one; the order below costs a transposed copy, which large tensors are spared (numpy's order)
MAX_FIRST_AND_LAST = 1 << 16


def _first_and_last(a, shape):
    """Sums of 3-D ``a`` over axes 0 and 2, as TF's reduce "first and last" case adds them:
    Eigen's GenericDimReducer, one float32 accumulator per kept value taking the values with the
    last axis as the outer loop and the first as the inner one (TF 2.21, reduce_sum of
    (4, 8, 25) over [0, 2]: numpy's order differed in 8 of 8 sums)."""
    n, kept, s = a.shape
    rows = np.ascontiguousarray(a.transpose(2, 0, 1)).reshape(s * n, kept)
    return np.add.reduce(rows, 0).reshape(shape)       # (kept > 1: size-1 axes are dropped first)


def first_axis_sum(a):
    """``a`` summed over axis 0 as reduce_sum does (TensorFlow's order), without reduce_sum's dispatch:
    the per-batch column sums of metrics (F1Score, R2Score), paid on every update."""
    total = outer_sum(a, (0,)) if a.ndim > 1 else None
    if total is None and a.size == len(a) and a.size:
        # one kept value (a single-output regression's (batch, 1) R2Score sums): TensorFlow drops the
        # size-1 axes and sums the whole tensor, in Eigen's full-reduction order, which numpy's pairwise
        # sum is not (R2Score's sum over 3 batches of 100: -43.602294921875 in TF, -43.60230255126953)
        from .ops.eigen_sum import sum_all
        return np.asarray(sum_all(a)).reshape(a.shape[1:])
    return a.sum(axis=0, dtype=a.dtype) if total is None else total


def eigen_runs(shape, axes):
    """``shape`` as Eigen's reducers see it: size-1 axes dropped, neighbouring axes that are both reduced
    (in ``axes``) or both kept merged; a list of [length, reduced]."""
    runs = []
    for i, d in enumerate(shape):
        if d == 1:
            continue
        reduced = i in axes
        if runs and runs[-1][1] == reduced:
            runs[-1][0] *= d
        else:
            runs.append([d, reduced])
    return runs


def outer_sum(a, axes):
    """Sum float32 or float64 ``a`` over ``axes`` in the order TensorFlow's CPU kernels add them when the
    reduced axes sit before kept inner ones (a batch's bias gradient, BatchNormalization's moments),
    or either side of them (channels-first moments); shape: ``a``'s without ``axes``. None where
    numpy's own order is already TensorFlow's (or this module leaves it to numpy, for speed).

    Eigen's ``InnerMostDimPreserver`` (TensorReduction.h) reduces such a sum, for each packet of 8
    kept columns (4 doubles), into four accumulators taking rows 4k, 4k+1, 4k+2, 4k+3, folded in order after
    the last whole group of four, then the remaining rows. With fewer than 16 rows, and for the
    columns past the last whole packet, it adds rows one by one, as numpy does.
    """
    if a.dtype == np.float32:
        packet = PACKET
    elif a.dtype == np.float64:
        packet = PACKET64
    elif a.dtype == np.float16:
        # Eigen's half packets hold 8 (AVX), each add rounded to half: the lanes' order of float32, in float16
        # (TF 2.21, reduce_sum over leading axes: (144, 8), (4, 6, 6, 8) over [0, 1, 2], (64, 33); the scale
        # gradient of AdditiveAttention under mixed_float16 is one); numpy's order (row after row) was an ulp off
        packet = PACKET
    elif a.dtype.name == 'bfloat16':    # TensorFlow's Sum adds bfloat16 in float32, then rounds once
        wide = a.astype(np.float32)
        total = outer_sum(wide, axes)
        return (wide.sum(axis=axes) if total is None else total).astype(a.dtype)
    else:
        return None
    runs = eigen_runs(a.shape, axes)
    if len(runs) == 2 and runs[0][1] and not runs[1][1]:
        outer, n, inner = 1, runs[0][0], runs[1][0]
    elif len(runs) == 3 and runs[1][1] and not runs[0][1]:
        outer, n, inner = runs[0][0], runs[1][0], runs[2][0]
    elif len(runs) == 3 and runs[0][1] and a.size <= MAX_FIRST_AND_LAST:
        kept_shape = tuple(d for i, d in enumerate(a.shape) if i not in axes)
        return _first_and_last(a.reshape([d for d, _ in runs]), kept_shape)
    elif not any(reduced for _, reduced in runs):
        # only size-1 axes reduced (a batch of one's ``x + b`` gradient): TF's reducer copies, a -0.0
        # stays -0.0 (numpy's sum starts from +0.0)
        return a.reshape(tuple(d for i, d in enumerate(a.shape) if i not in axes)).copy()
    else:
        return None
    if n < 16 or inner < packet:
        # numpy's own order is TF's for a C-ordered array (row after row); a transposed view (a
        # Transpose's gradient: MultiHeadAttention's query bias) numpy sums in its memory order
        return None if a.flags.c_contiguous else np.ascontiguousarray(a).sum(axis=tuple(axes), dtype=a.dtype)
    rows = a.reshape(outer, n, inner)
    whole = n - n % 4
    # rows 4k + lane summed in order per lane (numpy reduces a leading axis row after row): a view
    # when n is a multiple of 4, no copy; add.reduce skips ndarray.sum's Python-level dispatch
    lanes = np.add.reduce(rows[:, :whole].reshape(outer, whole // 4, 4, inner), 1)
    total = lanes[:, 0] + lanes[:, 1]
    total += lanes[:, 2]
    total += lanes[:, 3]
    for j in range(whole, n):
        total += rows[:, j]
    if outer > 1 and inner % packet:
        # the output's packets straddle the kept rows: only those inside one take the lanes' order
        xp = backend.array_module(a)
        one_by_one = xp.ascontiguousarray(rows).sum(axis=1, dtype=a.dtype)
        return xp.where(xp.asarray(_vectorized(outer, inner, packet)), total, one_by_one).reshape(
            tuple(d for i, d in enumerate(a.shape) if i not in axes))
    packed = inner - inner % packet
    if packed < inner:                      # past the last whole packet: one row after another
        tail = rows[:, :, packed:]
        # numpy sums a lone column pairwise (the reduced axis becomes its inner loop); a cumulative
        # sum keeps the one-after-another order (TF 2.21: reduce_sum of (16, 9) over axis 0)
        total[:, packed:] = tail.cumsum(axis=1, dtype=a.dtype)[:, -1] if inner - packed == 1 \
            else tail.sum(axis=1, dtype=a.dtype)
    return total.reshape(tuple(d for i, d in enumerate(a.shape) if i not in axes))


def _vectorized(outer, inner, packet):
    """Which sums of an (outer, inner) result Eigen's vectorized path computes. It evaluates the
    flattened result in packets from its start; a packet whose columns lie in one row of ``inner``
    is reduced in the lanes' order, one that runs into the next row (and the last ``size % packet``
    values) one value at a time, each row after another (TF 2.21: GlobalAveragePooling1D of
    (4, 20, 50), 17 of 200 means; a packet-per-row split differed there)."""
    flat = np.arange(outer * inner)
    start = flat - flat % packet
    return ((start % inner + packet <= inner) & (flat < outer * inner - outer * inner % packet)).reshape(outer, inner)
