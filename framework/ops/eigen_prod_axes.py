"""Float32 and float64 products over reduced axes that are not the trailing ones, in TensorFlow's order.

TensorFlow's reduction kernels (reduction_ops_common.h, ReductionHelper) drop size-1 axes and merge
neighbouring axes that are both reduced or both kept, then pick an Eigen reducer by the runs left:
- reduced axes before kept inner ones ([reduce, keep], [keep, reduce, keep]): Eigen's
  ``InnerMostDimPreserver``, the order framework/eigen_outer_sum.py describes for sums (four lane
  accumulators over rows 4k + lane from 16 rows on, for whole packets of kept values; else row after row);
- reduced axes either side of a kept one ([reduce, keep, reduce]): ``GenericDimReducer``, one accumulator
  per kept value with the last axis as the outer loop and the first as the inner one;
- four runs or more: transposed with the kept axes first, each row multiplied as a trailing axis is
  (eigen_prod.py).
numpy multiplies such strided axes in another order: TF 2.21's reduce_prod of a (2, 4, 2) float32 tensor
over [0, 2] gave -0.63484657 where tapeflow printed -0.6348467 (notes progs/gradfuzz12/t_prodord.py:
394 shapes, float32 and float64, all TF's bits with these rules; 174 differed before).
"""
import numpy as np

from ..eigen_outer_sum import _vectorized, eigen_runs
from . import eigen_prod

_PACKETS = {np.dtype(np.float32): 8, np.dtype(np.float64): 4}     # values per AVX packet


def strided_products(a, axes):
    """``a`` multiplied over sorted ``axes`` as TensorFlow's kernels do; shape: ``a``'s without ``axes``.
    None where this module leaves the product to numpy (other dtypes, rows past eigen_prod's tree size)."""
    packet = _PACKETS.get(a.dtype)
    if packet is None or type(a) is not np.ndarray or not a.size:     # (empty: numpy's ones, as TF's)
        return None
    runs = eigen_runs(a.shape, axes)
    kept_shape = tuple(d for i, d in enumerate(a.shape) if i not in axes)
    dims = [d for d, _ in runs]
    with np.errstate(all='ignore'):     # inf * 0 is NaN silently, as in TensorFlow
        if len(runs) <= 2 and (not runs or runs[-1][1]):        # a whole tensor or trailing runs
            total = _row_products(a.reshape(-1, dims[-1] if len(runs) == 2 else a.size), packet)
        elif len(runs) == 2:
            total = _preserved(a.reshape(1, dims[0], dims[1]), packet)
        elif len(runs) == 3 and not runs[0][1]:
            total = _preserved(a.reshape(dims), packet)
        elif len(runs) == 3:
            n, kept, s = dims
            rows = np.ascontiguousarray(a.reshape(dims).transpose(2, 0, 1)).reshape(s * n, kept)
            total = _one_by_one(rows, 0)
        else:
            kept = [i for i in range(a.ndim) if i not in axes]
            moved = np.ascontiguousarray(a.transpose(kept + list(axes)))
            total = _row_products(moved.reshape(int(np.prod(kept_shape)), -1), packet)
    return None if total is None else total.reshape(kept_shape)


def _one_by_one(a, axis):
    """Products along ``axis`` taken value after value from the first (Eigen's scalar loops)."""
    return np.multiply.accumulate(a, axis=axis).take(-1, axis=axis)


def _row_products(rows, packet):
    n = rows.shape[1]
    if n < packet:
        return _one_by_one(rows, 1)
    return eigen_prod.row_products(rows) if eigen_prod.applies(rows, n) else None


def _preserved(rows, packet):
    """(outer, n, inner) ``rows`` multiplied over axis 1 as InnerMostDimPreserver does (see the sums'
    outer_sum: the same loops with a product reducer)."""
    outer, n, inner = rows.shape
    one_by_one = _one_by_one(rows, 1)
    if n < 16 or inner < packet:
        return one_by_one
    whole = n - n % 4
    lanes = np.multiply.reduce(rows[:, :whole].reshape(outer, whole // 4, 4, inner), 1)
    total = lanes[:, 0] * lanes[:, 1]
    total *= lanes[:, 2]
    total *= lanes[:, 3]
    for j in range(whole, n):
        total *= rows[:, j]
    if outer > 1 and inner % packet:        # packets straddling kept rows go one value at a time
        return np.where(_vectorized(outer, inner, packet), total, one_by_one)
    packed = inner - inner % packet
    total[:, packed:] = one_by_one[:, packed:]
    return total
