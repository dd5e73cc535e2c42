"""TensorFlow's gamma and Poisson samplers on the Philox stream (its RandomGamma / RandomPoisson CPU
kernels and their stateless twins).

Each output i draws from its own stretch of the stream, starting 256 blocks after output i - 1's,
one block at a time as its rejection loop asks. A block gives two doubles (uniform or Box-Muller
normal), and the kernels take a block's values last first. Both run in double whatever the
dtype: gamma by Marsaglia-Tsang (alpha == 1 as an exponential, -log1p(-u)), Poisson by Knuth's
product of uniforms below rate 10 and Hormann's transformed rejection above.
"""
import math

import numpy as np

from . import philox

RESERVED_BLOCKS_PER_OUTPUT = 256
_PREFETCH = 4          # blocks computed up front per output; almost every output needs fewer


class _BlockStream:
    """One output's blocks: Philox(key, counter + first + j) for j = 0, 1, ..."""

    def __init__(self, key, counter, first, prefetched):
        self._key, self._counter, self._first = key, counter, first
        self._rows, self._used = prefetched, 0

    def next(self):
        if self._used < len(self._rows):
            row = self._rows[self._used]
        else:
            row = philox.blocks(self._key, self._counter, 1, self._first + self._used)[0]
        self._used += 1
        return row


def _streams(key, counter, start, n):
    """The block streams of outputs 0..n-1, their first blocks computed together."""
    offsets = [start + i * RESERVED_BLOCKS_PER_OUTPUT + j for i in range(n) for j in range(_PREFETCH)]
    words = philox.philox(key, np.concatenate([philox.counter_range(counter, o, 1) for o in offsets])) if n else None
    return [_BlockStream(key, counter, start + i * RESERVED_BLOCKS_PER_OUTPUT,
                         words[i * _PREFETCH:(i + 1) * _PREFETCH]) for i in range(n)]


class _Buffer:
    """A distribution's values from one block, handed out last first (TensorFlow's SampleBuffer)."""

    def __init__(self, stream, values_of_block):
        self._stream, self._values_of_block, self._left = stream, values_of_block, []

    def __call__(self):
        if not self._left:
            self._left = list(self._values_of_block(self._stream.next()))
        return self._left.pop()


def _uniform_doubles(block):
    w = block.reshape(2, 2)
    return philox._unit_float64(w[:, 0], w[:, 1]).tolist()


def _normal_doubles(block):
    d0, d1 = philox._box_muller_float64(*(block[i:i + 1] for i in range(4)))
    return [float(d0[0]), float(d1[0])]


# ---- gamma ----------------------------------------------------------------------------------------

def gamma_values(key, counter, alphas, samples_per_alpha, start=0):
    """Gamma(alpha, 1) draws as doubles, shape (samples_per_alpha, len(alphas)): output
    alpha_index * samples_per_alpha + sample_index sits at [sample_index, alpha_index]."""
    alphas = [float(a) for a in np.ravel(alphas)]
    streams = _streams(key, counter, start, len(alphas) * samples_per_alpha)
    out = np.empty((samples_per_alpha, len(alphas)), dtype=np.float64)
    for a, alpha in enumerate(alphas):
        for s in range(samples_per_alpha):
            out[s, a] = _gamma_one(streams[a * samples_per_alpha + s], alpha)
    return out


def _gamma_one(stream, alpha):
    if alpha == 1.0:
        return -math.log1p(-_uniform_doubles(stream.next())[-1])
    normal, uniform = _Buffer(stream, _normal_doubles), _Buffer(stream, _uniform_doubles)
    less_than_one = alpha < 1
    d = alpha + (2.0 / 3 if less_than_one else -1.0 / 3)
    c = 1.0 / 3 / math.sqrt(d)
    while True:
        x = normal()
        v = 1 + c * x
        if v <= 0:
            continue
        v = v * v * v
        u = uniform()
        if u < 1 - 0.0331 * (x * x) * (x * x) or math.log(u) < 0.5 * x * x + d * (1 - v + math.log(v)):
            result = d * v
            if less_than_one:
                result *= uniform() ** (1 / alpha)
            return result


# ---- Poisson --------------------------------------------------------------------------------------

def poisson_values(key, counter, rates, samples_per_rate, start=0):
    """Poisson(rate) draws, shape (samples_per_rate, len(rates)), computed in double whatever the
    rates' dtype (as TensorFlow 2.21's kernel: float32 rates give the same draws as the doubles)."""
    rates = np.ravel(rates)
    streams = _streams(key, counter, start, rates.size * samples_per_rate)
    out = np.empty((samples_per_rate, rates.size), dtype=np.float64)
    for r, rate in enumerate(rates.tolist()):
        for s in range(samples_per_rate):
            stream = streams[r * samples_per_rate + s]
            out[s, r] = _poisson_double(stream, rate)
    return out


def _poisson_double(stream, rate):
    uniform = _Buffer(stream, _uniform_doubles)
    if rate < 10:
        limit, product, count = math.exp(-rate), 1.0, 0.0
        while True:
            product *= uniform()
            if product <= limit:
                return count
            count += 1
    log_rate = math.log(rate)
    b = 0.931 + 2.53 * math.sqrt(rate)
    a = -0.059 + 0.02483 * b
    inv_alpha = 1.1239 + 1.1328 / (b - 3.4)
    while True:
        u = uniform() - 0.5
        v = uniform()
        u_shifted = 0.5 - abs(u)
        k = math.floor((2 * a / u_shifted + b) * u + rate + 0.43)
        if u_shifted >= 0.07 and v <= 0.9277 - 3.6224 / (b - 2):
            return k
        if k < 0 or (u_shifted < 0.013 and v > u_shifted):
            continue
        if math.log(v * inv_alpha / (a / (u_shifted * u_shifted) + b)) <= -rate + k * log_rate - math.lgamma(k + 1):
            return k
