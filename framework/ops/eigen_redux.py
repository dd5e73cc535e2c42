"""Eigen's reduction orders shared by the kernels that copy TF's bits: ``predux`` (a packet's lanes
folded in halves) and ``dense_sum`` (Core/Redux.h's linear vectorized traversal of a vector)."""
import numpy as np

_PACKET = {np.dtype(np.float32): 8, np.dtype(np.float64): 4}       # AVX: Packet8f, Packet4d


def predux(lanes):
    """Eigen's predux of the last axis: the halves added (AVX's lo + hi, then SSE's), until one value is left."""
    while lanes.shape[-1] > 1:
        half = lanes.shape[-1] // 2
        lanes = lanes[..., :half] + lanes[..., half:]
    return lanes[..., 0]


def dense_sum(rows):
    """Each row's sum in the order of Eigen's dense redux: whole packets added lane-wise (two
    accumulators from two packets on, joined), the lanes folded by ``predux``, the rest added in turn."""
    packet = _PACKET[rows.dtype]
    n = rows.shape[1]
    whole = n - n % packet
    if not whole:           # too short for a packet: in order from the first value
        total = rows[:, 0].copy()
        for i in range(1, n):
            total = total + rows[:, i]
        return total
    lanes = rows[:, :packet]
    if whole > packet:      # two accumulators over pairs of packets, then joined
        second = rows[:, packet:2 * packet]
        paired = n // (2 * packet) * 2 * packet
        for i in range(2 * packet, paired, 2 * packet):
            lanes = lanes + rows[:, i:i + packet]
            second = second + rows[:, i + packet:i + 2 * packet]
        lanes = lanes + second
        if whole > paired:
            lanes = lanes + rows[:, paired:paired + packet]
    total = predux(lanes)
    for i in range(whole, n):
        total = total + rows[:, i]
    return total
