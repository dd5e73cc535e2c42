"""The order in which TF 2.21's CPU pooling gradients add the windows' shares onto an input element
(sums in another order differ in the last bits), and how they scale an average pool's share.

Offsets are a window's positions in row-major order, as the geometries list them; each rule returns
indices into that list. Float32 and bfloat16 average pools run oneDNN's kernels; other dtypes, and all
max pools, TF's Eigen kernels, which go through the windows in a fixed order (an element covered by several
windows takes the later window's gradient from an earlier offset).
"""
import numpy as np


def max_order(offsets, rank):
    """MaxPoolGrad (1-D and 2-D pools) takes the windows in row-major order: the offsets reversed.
    MaxPool3DGrad loops over the windows by column, then row, then plane: offsets by descending column,
    row, plane."""
    if rank == 3:
        return _by_windows_columns_first(offsets)
    return list(range(len(offsets) - 1, -1, -1))


def avg_order(offsets, rank, dtype):
    """Float32 and bfloat16 (oneDNN): the offsets with the rows (the next-to-last spatial axis) descending,
    the other axes ascending. Other dtypes (TF has them for 1-D and 2-D pools): AvgPoolGrad's windows in
    row-major order, as MaxPoolGrad's."""
    if not _onednn(dtype):
        return max_order(offsets, rank)
    if rank < 2:
        return list(range(len(offsets)))
    rows = rank - 2
    return sorted(range(len(offsets)), key=lambda k: offsets[k][:rows] + (-offsets[k][rows],) + offsets[k][rows + 1:])


def avg_share(g, counts):
    """Each window's share of its gradient ``g``: oneDNN (float32, bfloat16) divides by the window's count
    of real elements, Eigen's AvgPoolGrad multiplies by its reciprocal ``T(1.0 / count)``."""
    if _onednn(g.dtype):
        return g / counts
    return g * (1 / counts)


def _by_windows_columns_first(offsets):
    return sorted(range(len(offsets)), key=lambda k: tuple(-o for o in reversed(offsets[k])))


def _onednn(dtype):
    # (bfloat16 is ml_dtypes', numpy kind 'V': known by name. Its gradients come nearer TF's this way, 13 of
    # 60 values a bit off in a 3 x 3 pool where Eigen's rule left 34, not equal: oneDNN rounds otherwise)
    return dtype == np.float32 or dtype.name == 'bfloat16'
