"""Float32 sums over trailing axes in TensorFlow's order, vectorised.

``eigen_reduce.row_sum`` states the order (Eigen's ``InnerMostDimReducer`` on
packets of 8: four packet accumulators over blocks of 32, the remaining whole
packets, the two 4-lane halves folded (0+2) + (1+3), and the last ``n % 8``
values added one by one) and loops over blocks in Python, which suits the
short rows of softmax. ``reduce_sum``, ``reduce_mean`` and L2 penalties sum
longer rows (a loss over a batch, every weight of a kernel): here the blocks
are added by one numpy reduction over the block axis, which numpy performs
element by element in block order, the order Eigen's accumulators take.
numpy's own pairwise sum gives another last bit for most lengths from 8 on,
which shows in printed losses (the basic training loops guide's 201 points).
"""
import numpy as np

PACKET = 8
_LEAF = 1024 * PACKET     # longer rows are split in halves, recursively (Eigen's tree reduction)
MAX_SIZE = 1 << 16        # larger arrays keep numpy's sum: the recursion's Python cost grows with them


def applies(a, inner):
    """Whether TensorFlow's order is used for summing rows of ``inner`` values of host array ``a``."""
    return type(a) is np.ndarray and a.dtype == np.float32 and PACKET <= inner and a.size <= MAX_SIZE


def row_sums(a):
    """Sums along the last axis of a 2-D float32 array, in TensorFlow's order; shape (rows,)."""
    rows, n = a.shape
    if rows == 1 and n <= _LEAF:
        return _vector_sum(a[0]).reshape(1)
    if n > _LEAF:
        return np.array([_tree_sum(a[r], r * n) for r in range(rows)], np.float32)
    return _leaf_sums(a)


def _leaf_sums(a):
    # Each step is one numpy reduction over a non-inner axis, which numpy adds element by
    # element in order: the blocks into 32 lanes, then those lanes' four packets and the
    # remaining whole packets into one, then the two halves, then the pairs of the fold.
    rows, n = a.shape
    whole = n - n % PACKET
    quad = n - n % (4 * PACKET)
    if quad:
        lanes = a[:, :quad].reshape(rows, -1, 4 * PACKET).sum(axis=1)
        packets = np.concatenate((lanes, a[:, quad:whole]), axis=1) if whole > quad else lanes
    else:
        packets = a[:, :whole]
    acc = packets.reshape(rows, -1, PACKET).sum(axis=1)
    pairs = acc.reshape(rows, 2, 4).sum(axis=1).reshape(rows, 2, 2).sum(axis=1)     # (0+4)+(2+6), (1+5)+(3+7)
    packed = pairs[:, 0] + pairs[:, 1]
    if whole == n:
        return packed
    return a[:, whole:].cumsum(axis=1)[:, -1] + packed       # the leftovers one by one, then the packets


_reduce = np.add.reduce       # without ndarray.sum's Python-level wrapper


def _vector_sum(v):
    """``_leaf_sums`` of one row (a whole tensor's sum, the common case): the same steps with
    the final folds on numpy scalars, about three times faster on the short rows of a step."""
    n = v.shape[0]
    whole = n - n % PACKET
    quad = n - n % (4 * PACKET)
    if quad > 4 * PACKET:
        lanes = _reduce(v[:quad].reshape(-1, 4 * PACKET), 0)
        packets = np.concatenate((lanes, v[quad:whole])) if whole > quad else lanes
    else:
        packets = v[:whole]
    acc = _reduce(packets.reshape(-1, PACKET), 0)
    half = acc[:4] + acc[4:]
    total = (half[0] + half[2]) + (half[1] + half[3])
    if whole < n:
        tail = v[whole]
        for j in range(whole + 1, n):
            tail = tail + v[j]
        total = tail + total
    return total


def _tree_sum(v, first):
    """Eigen's split of a long row at the packet boundary (counted from the tensor's start,
    ``first``) past its middle: (0 + left) + right."""
    n = v.shape[0]
    if n <= _LEAF:
        return _leaf_sums(v[None])[0]
    split = PACKET * -(-(first + -(-n // 2)) // PACKET)
    left = min(split - first, n)
    total = np.float32(0) + _tree_sum(v[:left], first)
    if left < n:
        total = total + _tree_sum(v[left:], first + left)
    return total


def sum_all(a):
    """The sum of every element of raw array ``a`` (TensorFlow's order where it applies), a 0-d value."""
    if applies(a, a.size):
        return _vector_sum(a.reshape(-1)) if a.size <= _LEAF else row_sums(a.reshape(1, -1))[0]
    return a.sum(dtype=a.dtype)


def sum_last_axis(a):
    """Sums over the last axis of raw array ``a`` (TensorFlow's order where it applies)."""
    if a.ndim and applies(a, a.shape[-1]):
        return row_sums(a.reshape(-1, a.shape[-1])).reshape(a.shape[:-1])
    return a.sum(axis=(a.ndim - 1,), dtype=a.dtype)
