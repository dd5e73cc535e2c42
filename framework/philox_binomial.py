"""TensorFlow's binomial sampler on the Philox stream (its StatefulRandomBinomial /
StatelessRandomBinomial CPU kernels).

Output i uses the stream from block 256 * i (Hormann's BTRS rejection, when count * p >= 10) or
42 * i (inversion: summing geometric variates, for small means), with p the smaller of prob and
1 - prob (a draw for 1 - prob counts failures). The tests on count and prob run in their dtype,
the sampling in double.
"""
import math

import numpy as np

from .philox_streams import Buffer, streams

_INVERSION_BLOCKS_PER_OUTPUT = 42
_BTRS_BLOCKS_PER_OUTPUT = 256
_STIRLING_TAILS = (0.0810614667953272, 0.0413406959554092, 0.0276779256849983, 0.02079067210376509,
                   0.0166446911898211, 0.0138761288230707, 0.0118967099458917, 0.0104112652619720,
                   0.00925546218271273, 0.00833056343336287)


def stateful_blocks(num_batches, samples_per_batch):
    """How far a Generator's counter moves, in values (times 256 blocks), for one binomial call."""
    return num_batches * 2 * 100 * (samples_per_batch + 3) // 4


def binomial_values(key, counter, counts, probs, samples_per_batch):
    """Draws (samples_per_batch, batches) as doubles for flat ``counts`` and ``probs`` (already broadcast,
    in their dtype); output batch * samples_per_batch + sample sits at [sample, batch]."""
    counts, probs = np.ravel(counts), np.ravel(probs)
    out = np.empty((samples_per_batch, counts.size), dtype=np.float64)
    plans = [_plan(counts[b], probs[b], counts.dtype.type) for b in range(counts.size)]
    firsts = [(_BTRS_BLOCKS_PER_OUTPUT if plan[0] == 'btrs' else _INVERSION_BLOCKS_PER_OUTPUT)
              * (b * samples_per_batch + s)
              for b, plan in enumerate(plans) if plan[0] in ('btrs', 'inversion') for s in range(samples_per_batch)]
    outputs = iter(streams(key, counter, firsts))
    for b, (method, count, p, flipped) in enumerate(plans):
        for s in range(samples_per_batch):
            if method in ('btrs', 'inversion'):
                draw = (_btrs if method == 'btrs' else _inversion)(count, p, next(outputs))
                out[s, b] = count - draw if flipped else draw
            else:
                out[s, b] = {'zero': 0.0, 'all': count, 'nan': math.nan}[method]
    return out


def _plan(count, prob, dtype):
    """(method, count as a double, p as a double, flipped) for one batch member; the tests run in its dtype."""
    dcount = float(count)
    if dcount <= 0.0 or prob <= dtype(0.0):
        return 'zero', dcount, 0.0, False
    if prob >= dtype(1.0):
        return 'all', dcount, 1.0, False
    if not prob <= dtype(1.0):          # NaN
        return 'nan', dcount, math.nan, False
    flipped = prob > dtype(0.5)
    p = dtype(dtype(1) - prob) if flipped else prob
    return ('btrs' if dtype(count * p) >= dtype(10) else 'inversion'), dcount, float(p), flipped


def _inversion(count, prob, stream):
    uniform = Buffer(stream, 'uniform')
    total, successes = 0.0, 0
    while True:
        total += math.ceil(math.log(uniform()) / math.log1p(-prob))
        if total > count:
            return float(successes)
        successes += 1


def _stirling_tail(k):
    if k <= 9:
        return _STIRLING_TAILS[int(k)]
    kp1sq = (k + 1) * (k + 1)
    return (1.0 / 12 - (1.0 / 360 - 1.0 / 1260 / kp1sq) / kp1sq) / (k + 1)


def _btrs(count, prob, stream):
    uniform = Buffer(stream, 'uniform')
    stddev = math.sqrt(count * prob * (1 - prob))
    b = 1.15 + 2.53 * stddev
    a = -0.0873 + 0.0248 * b + 0.01 * prob
    c = count * prob + 0.5
    v_r = 0.92 - 4.2 / b
    r = prob / (1 - prob)
    alpha = (2.83 + 5.1 / b) * stddev
    m = math.floor((count + 1) * prob)
    while True:
        u = uniform()
        v = uniform()
        u = u - 0.5
        us = 0.5 - abs(u)
        k = math.floor((2 * a / us + b) * u + c)
        if us >= 0.07 and v <= v_r:
            return float(k)
        if k < 0 or k > count:
            continue
        v = math.log(v * alpha / (a / (us * us) + b))
        bound = ((m + 0.5) * math.log((m + 1) / (r * (count - m + 1)))
                 + (count + 1) * math.log((count - m + 1) / (count - k + 1))
                 + (k + 0.5) * math.log(r * (count - k + 1) / (k + 1))
                 + _stirling_tail(m) + _stirling_tail(count - m) - _stirling_tail(k) - _stirling_tail(count - k))
        if v <= bound:
            return float(k)
