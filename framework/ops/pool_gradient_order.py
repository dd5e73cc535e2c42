"""The order in which TF 2.21's CPU pooling gradients add the windows' shares onto an input element
(sums in another order differ in the last bits), and how they scale an average pool's share.

Offsets are a window's positions in row-major order, as the geometries list them; each rule returns
indices into that list. Float32 average pools run oneDNN's kernels; other dtypes, and all max pools,
TF's Eigen kernels, which go through the windows in a fixed order (an element covered by several
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
    """Float32 (oneDNN): the offsets with the rows (the next-to-last spatial axis) descending, the other
    axes ascending. Other dtypes (TF has them for 1-D and 2-D pools): AvgPoolGrad's windows in row-major
    order, as MaxPoolGrad's."""
    if dtype != np.float32:
        return max_order(offsets, rank)
    if rank < 2:
        return list(range(len(offsets)))
    rows = rank - 2
    return sorted(range(len(offsets)), key=lambda k: offsets[k][:rows] + (-offsets[k][rows],) + offsets[k][rows + 1:])


def avg_share(g, counts):
    """Each window's share of its gradient ``g``: oneDNN (float32) divides by the window's count of real
    elements, Eigen's AvgPoolGrad multiplies by its reciprocal ``T(1.0 / count)``."""
    if g.dtype == np.float32:
        return g / counts
    return g * (1 / counts)


def _by_windows_columns_first(offsets):
    return sorted(range(len(offsets)), key=lambda k: tuple(-o for o in reversed(offsets[k])))
