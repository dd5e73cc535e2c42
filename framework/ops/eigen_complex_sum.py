"""Complex sums over trailing axes in TensorFlow's order (its Sum kernel on complex64 / complex128).

Eigen's complex add is two real adds, so each part of a complex row sums as a float row would
(eigen_sum.py: four packet accumulators over blocks, the remaining whole packets, predux, then the
tail one by one), on packets of four complex64 values (Packet4cf, predux (0 + 2) + (1 + 3)) or two
complex128 values (Packet2cd, predux 0 + 1). numpy's pairwise sum differed from TF 2.21 in most rows
of 4 or more values; these sums matched every row and whole sum of 30 shapes (progs/gradfuzz19/t29.py).
"""
import numpy as np

from . import eigen_sum

_PACKET = {np.dtype(np.complex64): 4, np.dtype(np.complex128): 2}


# A whole tensor's sum is split among threads past a size set by Eigen's cost model (eigen_sum._sharded_sum
# for float32); complex adds cost more, so the split starts sooner: whole sums are taken only this small
_WHOLE_LIMIT = 8192


def applies(a, inner):
    """Whether ``a`` is a host complex array whose sums of ``inner`` trailing values are taken here."""
    return (type(a) is np.ndarray and a.dtype in _PACKET and 0 < a.size <= eigen_sum.MAX_SIZE
            and (inner < a.size or a.size <= _WHOLE_LIMIT))


def row_sums(a):
    """Sums along the last axis of a 2-D host complex array, shape (rows,)."""
    packet = _PACKET[a.dtype]
    out = np.empty(a.shape[0], a.dtype)
    out.real = _part_sums(np.ascontiguousarray(a.real), packet)
    out.imag = _part_sums(np.ascontiguousarray(a.imag), packet)
    return out


def _part_sums(x, packet):
    rows, n = x.shape
    if n > 1024 * packet:
        return np.array([eigen_sum._tree_sum(x[r], r * n, packet) if packet == 4 else _tree_pairs(x[r], r * n)
                         for r in range(rows)], x.dtype).reshape(rows)
    return eigen_sum._leaf_sums(x, packet) if packet == 4 else _pair_sums(x)


def _pair_sums(x):
    """eigen_sum._leaf_sums on packets of two: Packet2cd's predux is lane 0 + lane 1."""
    rows, n = x.shape
    block = 8
    whole = n - n % 2
    quad = n - n % block
    if quad:
        lanes = eigen_sum._in_order(x[:, :quad].reshape(rows, quad // block, block), 1)
        packets = np.concatenate((lanes, x[:, quad:whole]), axis=1) if whole > quad else lanes
    else:
        packets = x[:, :whole]
    if packets.shape[1]:
        acc = eigen_sum._in_order(packets.reshape(rows, packets.shape[1] // 2, 2), 1)
        packed = acc[:, 0] + acc[:, 1]
    else:
        packed = np.zeros(rows, x.dtype)
    return packed if whole == n else eigen_sum._tail_sums(x[:, whole:]) + packed


def _tree_pairs(v, first):
    """eigen_sum._tree_sum for packets of two."""
    n = v.shape[0]
    if n <= 2048:
        return _pair_sums(v[None])[0]
    split = 2 * -(-(first + -(-n // 2)) // 2)
    left = min(split - first, n)
    total = v.dtype.type(0) + _tree_pairs(v[:left], first)
    if left < n:
        total = total + _tree_pairs(v[left:], first + left)
    return total
