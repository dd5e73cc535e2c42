"""TensorFlow's parameterized truncated normal sampler on the Philox stream (its
StatelessParameterizedTruncatedNormal CPU kernel, run as one shard, as it is for small outputs).

Per (mean, stddev, minval, maxval) batch member the kernel normalises the bounds and picks one of
three rejection samplers: plain normals when the bounds leave 1.3 standard deviations on a side,
uniform proposals when the interval is narrow, else an exponential proposal. One Philox stream
runs through every output in order; a block drawn for one batch member is not reused by the next.
Arithmetic runs in the dtype (float32: glibc's expf / logf, as the kernel calls them).
"""
import math

import numpy as np

from . import libm, philox

_RANDN_MARGIN = 1.3


class _Stream:
    def __init__(self, key, counter):
        self._key, self._counter, self._next = key, counter, 0

    def block(self):
        row = philox.blocks(self._key, self._counter, 1, self._next)[0]
        self._next += 1
        return row


def values(key, counter, means, stddevs, minvals, maxvals, samples_per_batch, dtype):
    """Draws (samples_per_batch, batches) of ``dtype`` for flat, broadcast parameter arrays."""
    dtype = np.dtype(dtype)
    t = dtype.type
    exp, log = (_expf, _logf) if dtype == np.float32 else (math.exp, math.log)
    normals, uniforms = (_normals32, _uniforms32) if dtype == np.float32 else (_normals64, _uniforms64)
    stream = _Stream(key, counter)
    out = np.empty((samples_per_batch, len(means)), dtype=dtype)
    for b in range(len(means)):
        mean, stddev, low, high = t(means[b]), t(stddevs[b]), t(minvals[b]), t(maxvals[b])
        if not (stddev > 0 and low < high and (np.isfinite(low) or np.isfinite(high))):
            from .errors import InvalidArgumentError
            raise InvalidArgumentError('stateless_parameterized_truncated_normal: Invalid parameters (need stddev > 0, '
                                       'minval < maxval and a finite bound), got mean=%s stddev=%s minval=%s maxval=%s'
                                       % (mean, stddev, low, high))
        if (np.isinf(low) and low < 0) or high < mean:
            low, high, stddev = high, low, t(-stddev)
        norm_min, norm_max = t((low - mean) / stddev), t((high - mean) / stddev)
        sqrt_factor = t(np.sqrt(t(norm_min * norm_min) + t(4)))
        cutoff = t(t(t(2) * exp(t(t(0.5) + t(t(norm_min * t(norm_min - sqrt_factor)) / t(4)))))
                   / t(norm_min + sqrt_factor))
        diff = t(norm_max - norm_min)
        column = out[:, b]
        if (norm_min < -_RANDN_MARGIN and norm_max >= 0) or (norm_max > _RANDN_MARGIN and norm_min <= 0):
            _randn(stream, normals, norm_min, norm_max, stddev, mean, column)
        elif diff < cutoff:
            _uniform(stream, uniforms, exp, norm_min, diff, stddev, mean, column, t)
        else:
            _exponential(stream, uniforms, exp, log, norm_min, norm_max, stddev, mean, column, t)
    return out


def _randn(stream, normals, norm_min, norm_max, stddev, mean, column):
    filled = 0
    while filled < len(column):
        for x in normals(stream.block()):
            if norm_min <= x <= norm_max:
                column[filled] = x * stddev + mean
                filled += 1
                if filled >= len(column):
                    break


def _uniform(stream, uniforms, exp, norm_min, diff, stddev, mean, column, t):
    plus = t(0) if norm_min < 0 else t(norm_min * norm_min)
    filled = 0
    while filled < len(column):
        z = [t(t(r * diff) + norm_min) for r in uniforms(stream.block())]
        g = [t(t(plus - t(zi * zi)) / t(2)) for zi in z]
        for zi, gi, ui in zip(z, g, uniforms(stream.block())):
            if ui <= exp(gi):
                column[filled] = zi * stddev + mean
                filled += 1
                if filled >= len(column):
                    break


def _exponential(stream, uniforms, exp, log, norm_min, norm_max, stddev, mean, column, t):
    alpha = t(t(norm_min + t(np.sqrt(t(norm_min * norm_min) + t(4)))) / t(2))
    filled = 0
    while filled < len(column):
        draws = uniforms(stream.block())
        for i in range(0, len(draws), 2):
            z = t(t(-log(draws[i]) / alpha) + norm_min)
            x = t(alpha - z) if norm_min < alpha else t(norm_min - alpha)
            g = exp(t(t(-x * x) / t(2)))
            if draws[i + 1] <= g and z < norm_max:
                column[filled] = z * stddev + mean
                filled += 1
                if filled >= len(column):
                    break


def _normals32(block):
    f0, f1 = philox._box_muller_float32(block[0:1], block[1:2])
    f2, f3 = philox._box_muller_float32(block[2:3], block[3:4])
    return [f0[0], f1[0], f2[0], f3[0]]


def _normals64(block):
    d0, d1 = philox._box_muller_float64(*(block[i:i + 1] for i in range(4)))
    return [d0[0], d1[0]]


def _uniforms32(block):
    return list(philox._unit_float32(block))


def _uniforms64(block):
    w = block.reshape(2, 2)
    return list(philox._unit_float64(w[:, 0], w[:, 1]))


_expf = libm.scalar_function('exp')
_logf = libm.scalar_function('log')
