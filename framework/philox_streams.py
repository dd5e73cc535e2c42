"""Per-output Philox block streams for TensorFlow's rejection samplers (gamma, Poisson, binomial).

Output i of such a kernel reads blocks from counter + first_i onwards, one block per refill of a
uniform or normal buffer (two doubles per block; the kernels take them last first). The first
blocks of every output are computed and decoded together, vectorised; the rare output that needs
more computes its further blocks one at a time.
"""
import numpy as np

from . import philox

_PREFETCH = 2          # blocks per output computed up front; most outputs need one or two


def counters_at(counter, offsets):
    """The 128-bit counters ``counter + offset`` (offsets: uint64 array) as (n, 4) uint64 words."""
    base = int(counter[0]) | int(counter[1]) << 32 | int(counter[2]) << 64 | int(counter[3]) << 96
    low, high = np.uint64(base & (2 ** 64 - 1)), np.uint64((base >> 64) & (2 ** 64 - 1))
    lo = low + np.asarray(offsets, dtype=np.uint64)                 # wraps modulo 2**64
    hi = high + (lo < low).astype(np.uint64)
    mask, shift = np.uint64(0xFFFFFFFF), np.uint64(32)
    return np.stack([lo & mask, lo >> shift, hi & mask, hi >> shift], axis=1)


def _decoded(words):
    """(uniform pairs, normal pairs) of blocks (n, 4): UniformDistribution and NormalDistribution<double>."""
    uniforms = np.stack([philox._unit_float64(words[:, 0], words[:, 1]),
                         philox._unit_float64(words[:, 2], words[:, 3])], axis=1)
    normals = np.stack(philox._box_muller_float64(words[:, 0], words[:, 1], words[:, 2], words[:, 3]), axis=1)
    return uniforms, normals


class BlockStream:
    """One output's blocks, each read as two uniform or two normal doubles."""

    def __init__(self, key, counter, first, uniforms, normals):
        self._key, self._counter, self._first = key, counter, first
        self._decoded = {'uniform': uniforms, 'normal': normals}
        self._used = 0

    def next(self, kind):
        """The next block's two values of ``kind`` ('uniform' or 'normal')."""
        prefetched = self._decoded[kind]
        if self._used < len(prefetched):
            values = prefetched[self._used]
        else:
            words = philox.philox(self._key, counters_at(self._counter, [self._first + self._used]))
            values = _decoded(words)[0 if kind == 'uniform' else 1][0].tolist()
        self._used += 1
        return list(values)


def streams(key, counter, firsts):
    """A BlockStream per first block offset in ``firsts``."""
    firsts = np.asarray(firsts, dtype=np.uint64).reshape(-1)
    if firsts.size == 0:
        return []
    offsets = (firsts[:, None] + np.arange(_PREFETCH, dtype=np.uint64)).reshape(-1)
    uniforms, normals = _decoded(philox.philox(key, counters_at(counter, offsets)))
    uniforms = uniforms.reshape(firsts.size, _PREFETCH, 2).tolist()
    normals = normals.reshape(firsts.size, _PREFETCH, 2).tolist()
    return [BlockStream(key, counter, first, u, n) for first, u, n in zip(firsts.tolist(), uniforms, normals)]


class Buffer:
    """A buffer of one kind's values, refilled a block at a time and emptied last first
    (TensorFlow's SampleBuffer and UNIFORM macro)."""

    def __init__(self, stream, kind):
        self._stream, self._kind, self._left = stream, kind, []

    def __call__(self):
        if not self._left:
            self._left = self._stream.next(self._kind)
        return self._left.pop()
