"""Sums over reduced axes that alternate with kept ones in four runs or more, in TensorFlow's order.

TensorFlow's reduction kernels (reduction_ops_common.h, ReductionHelper) drop size-1 axes and
merge neighbouring axes that are both reduced or both kept. Two or three such runs have Eigen
reducers of their own (eigen_sum.py, framework/eigen_outer_sum.py); four or more, e.g. the
moments of GroupNormalization over (batch, rows, cols, groups, channels / groups) reduced over
all but batch and groups, are transposed with the kept runs first and each row of reduced
values summed as a trailing axis is (eigen_sum's order). numpy sums the strided axes in another
order, which shows in the last bits of such a layer's outputs.
"""
import numpy as np

from . import eigen_sum


def shuffled_sum(a, axes):
    """``a`` summed over ``axes`` as TensorFlow's transposing reduction does; shape: ``a``'s without
    ``axes``. None unless the axes make four runs or more (other patterns are summed elsewhere)."""
    if a.ndim < 4 or type(a) is not np.ndarray or a.dtype.kind != 'f':
        return None
    runs, last = 0, None
    for i, d in enumerate(a.shape):
        if d == 1:
            continue
        reduced = i in axes
        if reduced is not last:
            runs, last = runs + 1, reduced
    if runs < 4:
        return None
    kept = [i for i in range(a.ndim) if i not in axes]
    moved = np.ascontiguousarray(a.transpose(kept + list(axes)))
    kept_shape = tuple(a.shape[i] for i in kept)
    return eigen_sum.sum_last_axis(moved.reshape(kept_shape + (-1,))).reshape(kept_shape)
