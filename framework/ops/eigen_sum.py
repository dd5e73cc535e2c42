"""Float32 (and float64) sums over trailing axes in TensorFlow's order, on numpy and cupy arrays.

TensorFlow's CPU kernels sum each row with Eigen's ``InnerMostDimReducer``
(unsupported/Eigen/CXX11/src/Tensor/TensorReduction.h) on packets of 8 floats
(AVX): four packet accumulators, starting at 0, take the blocks of 32 values in
turn and are then added together in order; the remaining whole packets are added
to that; the last ``n % 8`` values are added one by one to 0; the row's sum is
``tail + predux(packet)``, where predux adds the two 4-lane halves, then lanes
(0 + 2) + (1 + 3). Rows longer than 8192 values are split in halves, recursively
(Eigen's tree reduction). numpy's pairwise sum takes another order and gives
another last bit for most lengths from 8 on, which shows in printed losses (the
basic training loops guide's 201 points).

``reduce_sum`` / ``reduce_mean``, L2 penalties, metrics and mse/mae sum here
where ``applies``; softmax, log-softmax, logsumexp and the cross-entropies sum
their rows with ``kernel_row_sums``.
"""
import numpy as np
from numpy import ndarray  # (not np.ndarray on hot paths: see backend.py)

from .. import backend, config_threading
from . import eigen_math

PACKET = 8
PACKET64 = 4              # doubles per AVX packet: float64 sums take the same steps on packets of 4
BLOCK = 4 * PACKET        # the four packet accumulators' share of the row on each pass
_LEAF = 1024 * PACKET     # longer rows are split in halves, recursively (Eigen's tree reduction)
# ... float16 rows past 200 packets (Eigen's LeafSize<half>: TF 2.21's reduce_sum of float16 rows of
# 1,600 to 30,000 values, 120 of 120 equal; at 1024 packets, 45)
_HALF_LEAF = 200 * PACKET
MAX_SIZE = 1 << 16        # larger arrays keep numpy's sum: the recursion's Python cost grows with them
# ... except a whole float32 tensor's sum (a loss over image-sized outputs, a printed reduce_sum),
# which takes TensorFlow's order up to this size (a few milliseconds at most)
MAX_WHOLE_SIZE = 1 << 22
# Eigen's FullReducer splits a whole sum among the pool's threads as its cost model says:
# TensorCostModel::numThreads(n, cost) = (n * cost - 100000) / 100000 + 0.9, with a cost per
# value between 1.837 and 1.942 cycles by TF 2.21's shard counts (measured at 2-16 threads)
_WHOLE_SUM_CYCLES = 1.875

_reduce = np.add.reduce   # without ndarray.sum's Python-level wrapper
_concatenate = np.concatenate
_FLOAT32 = np.dtype(np.float32)
_FLOAT64 = np.dtype(np.float64)
_HALF = np.dtype(np.float16)


def applies(a, inner):
    """Whether TensorFlow's order is used for summing rows of ``inner`` values of host array ``a``
    (float32, or float64 on packets of 4: a float64 polynomial fit's printed losses)."""
    if type(a) is not ndarray:
        return False
    dtype = a.dtype
    if a.size > MAX_SIZE:
        if inner == a.size:
            return dtype == _FLOAT32 and a.size <= MAX_WHOLE_SIZE
        # rows of a larger array (the anomaly-detection tutorial's mae over 2,359 x 140 reconstructions):
        # TensorFlow's order in exact mode only, where the cost (about 5x numpy's sum) is asked for
        return eigen_math.ENABLED[0] is True and dtype == _FLOAT32 and PACKET <= inner
    # (float16 at every length: below a packet TF's scalar loop adds in half precision, numpy's sum does not;
    # an empty one is numpy's, whose sums of nothing are zeros of the kept shape)
    return (dtype == _FLOAT32 and PACKET <= inner) or (dtype == _FLOAT64 and PACKET64 <= inner) or \
        (dtype == _HALF and a.size > 0)


def kernel_row_sums(a):
    """Row sums of 2-D ``a`` for the softmax family: TensorFlow's order where eigen_math's
    mode computes class scores of ``a``'s size exactly (the exp and log around the sum carry
    TensorFlow's bits there too; float64 rows of a packet or more: reduce_sum's rule, ``applies``),
    else the backend's own sum."""
    if a.dtype != np.float32:
        if a.dtype == _FLOAT64 and type(a) is np.ndarray and eigen_math.exact_class_scores(a.size) \
                and applies(a, a.shape[1]):
            return row_sums(a)
        return a.sum(axis=1, dtype=a.dtype)
    if not eigen_math.exact_class_scores(a.size):
        return a.sum(axis=1, dtype=a.dtype)
    return row_sums(a)


def row_sums(a):
    """Sums along the last axis of a 2-D float32 array (numpy or cupy) in TensorFlow's order; shape (rows,)."""
    rows, n = a.shape
    packet = PACKET64 if a.dtype == _FLOAT64 else PACKET
    if rows == 1 and n > MAX_SIZE:
        return _sharded_sum(a[0]).reshape(1)
    if n > (_HALF_LEAF if a.dtype == _HALF else 1024 * packet):
        xp = backend.array_module(a)
        return xp.stack([_tree_sum(a[r], r * n, packet) for r in range(rows)]) if rows else xp.zeros(0, a.dtype)
    if rows == 1:
        return _vector_sum(a[0], packet).reshape(1)
    return _leaf_sums(a, packet)


def _in_order(x, axis):
    """``x`` summed along ``axis`` from 0, one slice after another, as Eigen's accumulators add.
    numpy adds element by element in that order along any axis but the innermost (only
    there does it sum pairwise), and starts from 0; cupy reduces in trees, so there the
    slices are added one by one."""
    if type(x) is np.ndarray:
        return _reduce(x, axis)
    xp = backend.array_module(x)
    parts = xp.moveaxis(x, axis, 0)
    total = xp.zeros(parts.shape[1:], x.dtype)
    for part in parts:
        total = total + part
    return total


def _tail_sums(tail):
    """The last ``n % 8`` values of each row (rows, t) added one by one (Eigen's scalar loop)."""
    if type(tail) is np.ndarray:
        # numpy's cumsum adds in order; the method, not np.cumsum, so that an overflow's RuntimeWarning is
        # raised from this module, which the package silences (float16 sums past 65504 are inf, quietly, in TF)
        return tail.cumsum(axis=1)[:, -1]
    total = tail[:, 0]
    for j in range(1, tail.shape[1]):
        total = total + tail[:, j]
    return total


def _leaf_sums(a, packet=PACKET):
    # The blocks into 4 * packet lanes, then those lanes' four packets and the remaining whole
    # packets into one, then the two halves, then the pairs of the fold; the leftovers
    # one by one. Accumulators start at 0, so no step yields -0 (nor does Eigen).
    xp = backend.array_module(a)
    rows, n = a.shape
    block = 4 * packet
    whole = n - n % packet
    quad = n - n % block
    if quad:
        lanes = _in_order(a[:, :quad].reshape(rows, quad // block, block), 1)
        packets = xp.concatenate((lanes, a[:, quad:whole]), axis=1) if whole > quad else lanes
    else:
        packets = a[:, :whole]
    acc = _in_order(packets.reshape(rows, packets.shape[1] // packet, packet), 1)
    if a.dtype == _HALF or (a.dtype.kind == 'V' and a.dtype.name == 'bfloat16'):
        # Packet8h: the accumulators add in half precision, but predux folds the lanes as a
        # Packet8f and rounds once (the tail still adds in half): TF 2.21's float16 reduce_sum.
        # Packet8bf likewise (TF 2.21's bfloat16 softmax rows: half_softmax_rows.py)
        acc = acc.astype(np.float32)
    half = acc[:, :packet // 2] + acc[:, packet // 2:]
    if packet == PACKET64:        # Packet4d's predux: (0 + 2) + (1 + 3)
        packed = half[:, 0] + half[:, 1]
    else:
        packed = (half[:, 0] + half[:, 2]) + (half[:, 1] + half[:, 3])
    packed = packed.astype(a.dtype, copy=False)
    if whole == n:
        return packed
    return _tail_sums(a[:, whole:]) + packed


def _vector_sum(v, packet=PACKET):
    """The sum of one row (a whole tensor's sum, the common case) in TensorFlow's order."""
    if type(v) is np.ndarray and packet == PACKET and v.dtype == _FLOAT32:
        return _host_vector_sum(v, v.shape[0])
    return _leaf_sums(v[None], packet)[0]


# numpy adds a contiguous float32 vector of 8 to 128 values pairwise: eight running lane sums
# over its packets of 8, folded ((0+1)+(2+3)) + ((4+5)+(6+7)), then the leftovers one by one
# (pairwise_sum in numpy's umath loops; pinned by tests/test_tf_sum_order.py). With each
# packet's lanes in bit-reversed order (0,4,2,6,1,5,3,7) that fold is Eigen's predux,
# ((0+4)+(2+6)) + ((1+5)+(3+7)), so one reduction adds the packets and folds them.
_BIT_REVERSED = {m: np.arange(m).reshape(-1, 2, 2, 2).transpose(0, 3, 2, 1).reshape(-1)
                 for m in range(PACKET, 8 * PACKET, PACKET)}     # at most 7 packets reach the fold
_ZERO = np.float32(0)


def _host_vector_sum(v, n):
    """``_leaf_sums`` of one numpy row of ``n`` values in at most five numpy calls: 16-37k instructions
    (callgrind) on the 30-240 values a training step sums, where slices, adds and scalar folds took 25-44k.
    (The lengths are worked out, not read: each numpy attribute read costs a few hundred instructions.)"""
    whole = n - n % PACKET
    quad = n - n % BLOCK
    if quad > BLOCK:
        lanes = _reduce(v[:quad].reshape(quad // BLOCK, BLOCK), 0)
        packets = _concatenate((lanes, v[quad:whole])) if whole > quad else lanes
        length = BLOCK + whole - quad
    else:
        packets = v if whole == n else v[:whole]     # one block: its lanes are its values
        length = whole
    total = _reduce(packets.take(_BIT_REVERSED[length])) if whole else _ZERO
    if whole < n:
        # Eigen's scalar loop, ((0 + v[whole]) + ...) one by one: numpy's sum of fewer than 8 values is that
        # loop (its pairwise sum starts blocking at 8), in one call instead of a numpy scalar add per value
        total = _reduce(v[whole:]) + total
    return total


def _tree_sum(v, first, packet=PACKET):
    """Eigen's split of a long row at the packet boundary (counted from the tensor's start,
    ``first``) past its middle: (0 + left) + right."""
    n = v.shape[0]
    if n <= (_HALF_LEAF if v.dtype == _HALF else 1024 * packet):
        return _vector_sum(v, packet)
    split = packet * -(-(first + -(-n // 2)) // packet)
    left = min(split - first, n)
    total = v.dtype.type(0) + _tree_sum(v[:left], first, packet)
    if left < n:
        total = total + _tree_sum(v[left:], first + left, packet)
    return total


def _sharded_sum(v):
    """A whole float32 tensor's sum split as Eigen's FullReducer splits it on TF's intra-op pool:
    ``threads`` shards of ``n // threads`` values summed apart (``_tree_sum``), then the values
    past the last shard (or 0) plus each shard in order."""
    n = v.shape[0]
    threads = min(config_threading.intra_op_pool_size(),
                  max(1, int((n * _WHOLE_SUM_CYCLES - 100000) / 100000 + 0.9)))
    if threads == 1:
        return _tree_sum(v, 0)
    size = n // threads
    shards = n // size
    total = _tree_sum(v[shards * size:], shards * size) if shards * size < n else v.dtype.type(0)
    for i in range(shards):
        total = total + _tree_sum(v[i * size:(i + 1) * size], i * size)
    return total


def sum_all(a):
    """The sum of every element of raw array ``a`` (TensorFlow's order where it applies), a 0-d value."""
    if type(a) is ndarray and a.dtype is _FLOAT32 and PACKET <= (n := a.size) <= _LEAF:
        return _host_vector_sum(a if a.ndim == 1 else a.reshape(n), n)     # the common case, without applies' call
    if applies(a, a.size):
        return row_sums(a.reshape(1, -1))[0]
    if a.dtype.kind == 'V':     # bfloat16: TensorFlow's reducers add in float32, then round once
        return sum_all(a.astype(np.float32)).astype(a.dtype)
    return a.sum(dtype=a.dtype)


def sum_last_axis(a):
    """Sums over the last axis of raw array ``a`` (TensorFlow's order where it applies)."""
    if a.ndim and applies(a, a.shape[-1]):
        return row_sums(a.reshape(-1, a.shape[-1])).reshape(a.shape[:-1])
    return a.sum(axis=(a.ndim - 1,), dtype=a.dtype)
